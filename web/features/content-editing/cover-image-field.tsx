import { useState } from "react";
import type { FieldError, UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import type { NewsFormData, NewsFormValues } from "../../../core/news-admin";
import { Field } from "../../components/form/field";

/**
 * An article's cover image: uploaded through the media library (responsive variants), its
 * address kept in a hidden field so a refused save keeps it; a preview and a remove button.
 */

export type CoverUpload = (file: File) => Promise<{ src: string } | { error: string }>;

export function CoverImageField({
  form,
  error,
  upload,
}: {
  form: UseFormReturn<NewsFormValues, unknown, NewsFormData>;
  /** An i18n key (or react-hook-form error whose message is one). */
  error: FieldError | string | undefined;
  /** Sends the file to the media library: its address, or an i18n key saying why not. */
  upload: CoverUpload;
}) {
  const { t } = useTranslation();
  const [src, setSrc] = useState(form.getValues("coverImage") ?? "");
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (value: string) => {
    setSrc(value);
    form.setValue("coverImage", value, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Field
      label={t("adminNews.fields.cover")}
      hint={t("adminNews.hints.cover")}
      error={error}
      after={
        <p className={status?.error ? "field__error" : "field__hint"} role="status">
          {status?.text ?? ""}
        </p>
      }
    >
      {(control) => (
        <>
          {/* Its value in the server's HTML too: a save before the page runs keeps the cover. */}
          <input type="hidden" name="coverImage" value={src} readOnly />
          {src ? (
            <img
              src={src}
              alt={t("adminNews.coverPreview")}
              className="news-form__cover-preview"
              width={320}
              height={180}
            />
          ) : null}
          <input
            id={control.id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={control["aria-describedby"]}
            aria-invalid={control["aria-invalid"]}
            disabled={uploading}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setUploading(true);
              setStatus({ text: t("editor.uploading"), error: false });
              const uploaded = await upload(file);
              if ("src" in uploaded) {
                set(uploaded.src);
                setStatus({ text: t("adminNews.coverUploaded"), error: false });
              } else {
                setStatus({ text: t(uploaded.error), error: true });
              }
              setUploading(false);
              event.target.value = "";
            }}
          />
          {src ? (
            <p>
              <button type="button" className="button button--secondary" onClick={() => set("")}>
                {t("adminNews.removeCover")}
              </button>
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}
