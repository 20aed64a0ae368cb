import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { MEDIA_IMAGE_RULES, type MediaPurpose } from "../../../core/media-image";
import { Field } from "../../components/form/field";

/**
 * An image of a content record (jury photo, winner image): the file goes to `POST /api/media`
 * (checked by content and turned into responsive variants on the server); the form keeps
 * the returned media id and fallback address in two hidden fields, so a refused submission
 * keeps the uploaded image. Their values are in the server's HTML too: a save before the page
 * runs keeps the image the record has. Pages then draw it with `srcset` and its real size. Framed by the
 * one `Field` (label, hint, error); the upload's progress is announced below the control.
 */
export function ImageField({
  label,
  purpose,
  names,
  initialMediaId,
  initialSrc,
  error,
  onChange,
}: {
  label: string;
  purpose: MediaPurpose;
  /** The names of the hidden media id and path fields. */
  names: { mediaId: string; path: string };
  initialMediaId: string;
  initialSrc: string | null;
  error?: string | undefined;
  onChange: (image: { id: number | null; src: string }) => void;
}) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(initialSrc);
  const [id, setId] = useState(initialMediaId);
  const [state, setState] = useState<"idle" | "uploading" | "done" | "failed">("idle");

  async function upload(file: File) {
    setState("uploading");
    const body = new FormData();
    body.set("purpose", purpose);
    body.set("file", file);
    try {
      const response = await fetch("/api/media", {
        method: "POST",
        body,
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
      const image = (await response.json()) as { id: number; src: string };
      setSrc(image.src);
      setId(String(image.id));
      onChange({ id: image.id, src: image.src });
      setState("done");
    } catch {
      setState("failed");
    }
  }

  const status =
    state === "uploading"
      ? t("adminContent.image.uploading")
      : state === "done"
        ? t("adminContent.image.uploaded")
        : "";
  return (
    <Field
      label={label}
      hint={t("adminContent.image.hint")}
      error={error ?? (state === "failed" ? "adminContent.errors.imageUpload" : undefined)}
      after={
        <p role="status" aria-live="polite" className="field__hint">
          {status}
        </p>
      }
    >
      {(control) => (
        <>
          <input type="hidden" name={names.mediaId} value={id} readOnly />
          <input type="hidden" name={names.path} value={src ?? ""} readOnly />
          <div className="content-admin-image">
            {src ? (
              <img src={src} alt={t("adminContent.image.preview")} width={120} height={120} />
            ) : (
              <span className="muted">{t("adminContent.image.none")}</span>
            )}
            <input
              id={control.id}
              type="file"
              accept={MEDIA_IMAGE_RULES.mimeTypes.join(",")}
              aria-invalid={control["aria-invalid"]}
              aria-describedby={control["aria-describedby"]}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
            {src ? (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  setSrc(null);
                  setId("");
                  setState("idle");
                  onChange({ id: null, src: "" });
                }}
              >
                {t("adminContent.image.remove")}
              </button>
            ) : null}
          </div>
        </>
      )}
    </Field>
  );
}
