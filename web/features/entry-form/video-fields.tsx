import type { ComponentProps } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { videoAdditionProblem } from "../../../core/entry-eligibility";
import { parseVideoLink, VIDEO_LINK_MAX_LENGTH } from "../../../core/video-link";
import { EntryTextField } from "./fields";
import { FileUploadField } from "./file-upload";
import type { EntryFileView, EntryFormValues } from "./types";

type UploadCommon = Omit<ComponentProps<typeof FileUploadField>, "field" | "label" | "files">;

/**
 * The video: an uploaded file or a YouTube/Vimeo link, never both, with a preview of a
 * recognised link. In a draft each blocks the other; once submitted (`replaceable`), the
 * entry's only video cannot be removed first, so each replaces the other: a new upload
 * replaces the film or the link (the server clears the link as it attaches the film, and the
 * page empties the field), and a link saved over the film takes it away (in one save).
 */
export function VideoFields({
  form,
  common,
  files,
  videoLink,
  initialLink,
  readOnly,
  error,
  linkError,
}: {
  form: UseFormReturn<EntryFormValues>;
  common: UploadCommon;
  files: EntryFileView[];
  /** The link as typed now (as the server has it until the page hydrates). */
  videoLink: string;
  initialLink: string;
  readOnly: boolean;
  error: string | undefined;
  linkError: string | undefined;
}) {
  const { t } = useTranslation();
  const preview = videoLink ? parseVideoLink(videoLink) : null;
  const linkReplacesFile = files.length > 0 && common.replaceable === true;
  const linkGiven = videoLink.trim() !== "";
  // A link typed over a film waits for its save (which takes the film away) before an upload.
  const fileReplacesLink = linkGiven && files.length === 0 && common.replaceable === true;
  return (
    <fieldset className="entry-form__group">
      <legend>{t("entry.fields.video.label")}</legend>
      <p className="field__hint">{t("entry.fields.video.hint")}</p>
      <FileUploadField
        {...common}
        field="video"
        label={t("entry.fields.videoFile.label")}
        files={files}
        hint={fileReplacesLink ? t("entryForm.videoFileReplacesLink") : undefined}
        blockedReason={
          linkGiven && !fileReplacesLink
            ? t("entryForm.videoLinkPresent")
            : files.length > 0
              ? t(
                  videoAdditionProblem(
                    { videoFileId: files[0]!.id },
                    { replaces: common.replaceable === true },
                  ) ?? "",
                ) || null
              : null
        }
        error={error}
      />
      <EntryTextField
        form={form}
        name="videoLink"
        defaultValue={initialLink}
        label={t("entry.fields.videoLink.label")}
        hint={
          linkReplacesFile
            ? t("entryForm.videoLinkReplacesFile")
            : files.length > 0
              ? t("entryForm.videoFilePresent")
              : t("entryForm.videoLinkHint")
        }
        maxLength={VIDEO_LINK_MAX_LENGTH}
        readOnly={readOnly || (files.length > 0 && !linkReplacesFile)}
        error={linkError}
      />
      {preview ? (
        <div className="entry-form__video-preview">
          <p className="field__hint">
            {t("entryForm.videoRecognised", {
              provider: preview.provider === "youtube" ? "YouTube" : "Vimeo",
            })}
          </p>
          <iframe
            src={preview.embedUrl}
            title={t("entryForm.videoPreview")}
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}
    </fieldset>
  );
}
