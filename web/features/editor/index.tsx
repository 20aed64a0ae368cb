import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { RichTextEditorProps } from "./rich-text-editor";

export type { RichTextEditorProps } from "./rich-text-editor";
export { uploadMediaImage, MediaUploadError, type UploadedImage } from "./media-upload";

const Editor = lazy(() => import("./rich-text-editor"));

/**
 * The rich-text editor, loaded on demand in the browser only (TipTap stays out of every other
 * chunk). Until it is there — and on the server — the field shows a placeholder and, when
 * `name` is set, still posts the body it started with.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const fallback = <EditorPlaceholder {...props} />;
  return mounted ? <Suspense fallback={fallback}>{<Editor {...props} />}</Suspense> : fallback;
}

function EditorPlaceholder({ label, value, name }: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="editor">
      <p className="field__label editor__label">{label}</p>
      <div className="editor__content editor__content--loading" aria-busy="true">
        {t("editor.loading")}
      </div>
      {name ? <input type="hidden" name={name} value={JSON.stringify(value)} readOnly /> : null}
    </div>
  );
}
