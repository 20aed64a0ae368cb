import { useEffect, useState } from "react";
import { LazyPart, PartFailed } from "../../components/lazy-part";
import { useTranslation } from "../../i18n/use-translation";
import type { RichTextEditorProps } from "./rich-text-editor";

export type { RichTextEditorProps } from "./rich-text-editor";
export { uploadMediaImage, MediaUploadError, type UploadedImage } from "./media-upload";

const loadEditor = () => import("./rich-text-editor");

/**
 * The rich-text editor, loaded on demand in the browser only (TipTap stays out of every other
 * chunk). Until it is there — and on the server — the field shows a placeholder and, when
 * `name` is set, still posts the body it started with. If its code cannot be fetched, the field
 * says so, with a way to try again; the rest of the form keeps what was typed in it, and the
 * body it started with is still posted.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const fallback = <EditorPlaceholder {...props} />;
  return mounted ? (
    <LazyPart
      load={loadEditor}
      props={props}
      loading={fallback}
      failed={(retry) => <EditorPlaceholder {...props} onRetry={retry} />}
    />
  ) : (
    fallback
  );
}

/** The field while its editor loads, or (`onRetry`) after its code could not be fetched. */
function EditorPlaceholder({
  label,
  value,
  name,
  onRetry,
}: RichTextEditorProps & { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="editor">
      <p className="field__label editor__label">{label}</p>
      {onRetry ? (
        <PartFailed message={t("editor.loadFailed")} onRetry={onRetry} />
      ) : (
        <div className="editor__content editor__content--loading" aria-busy="true">
          {t("editor.loading")}
        </div>
      )}
      {name ? <input type="hidden" name={name} value={JSON.stringify(value)} readOnly /> : null}
    </div>
  );
}
