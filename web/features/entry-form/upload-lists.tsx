import { useTranslation } from "../../i18n/use-translation";
import { formatBytes } from "../../../core/bytes";
import type { EntryFileField } from "../../../core/entry-limits";
import type { EntryFileView } from "./types";

/** What a file field shows of an upload on its way, and the message of a finished one. */
export const SUCCESS_MESSAGES: Partial<Record<EntryFileField, string>> = {
  video: "entry.upload.videoSucceeded",
};

export interface Transfer {
  key: string;
  name: string;
  bytesTotal: number;
  bytesSent: number;
  /** Bytes per second, smoothed. */
  speed: number;
  state: "uploading" | "paused" | "failed" | "done";
  /** i18n keys: the seed's message and, when the server said why, its reason. */
  error?: string | undefined;
  reason?: string | undefined;
  /** A failure the upload can go on from (not a refusal): "Continue" is offered. */
  retryable?: boolean | undefined;
}

/**
 * What a submitted entry's file says instead of a remove button when the server would refuse
 * its removal (the last one meeting a requirement): how it can be changed.
 */
const KEEP_FILE = "entryForm.upload.keepFile";
const KEEP_NOTES: Partial<Record<EntryFileField, string>> = {
  images: "entryForm.upload.keepImage",
  video: "entryForm.upload.keepVideo",
};

/**
 * The files attached to a field: thumbnails of images, links, sizes and remove buttons (or,
 * for a file the entry cannot do without, how to replace it), and
 * under a film or document judges will not get (no copy without its metadata could be made),
 * why, and what to do: replace it while the entry is open, else ask the organisers.
 */
export function AttachedFiles({
  field,
  files,
  readOnly,
  onRemove,
  onMove,
}: {
  field: EntryFileField;
  files: EntryFileView[];
  readOnly: boolean;
  onRemove: (file: EntryFileView) => void;
  /** Moves a file one place earlier (-1) or later (1); without it the order is fixed. */
  onMove?: ((file: EntryFileView, delta: -1 | 1) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en-GB" : "vi-VN";
  if (files.length === 0) return null;
  return (
    <ul className={field === "images" ? "upload__files upload__files--images" : "upload__files"}>
      {files.map((file, index) => (
        <li key={file.id} className="upload__file" data-file-id={file.id}>
          {field === "images" && file.url ? (
            <img
              src={file.thumbUrl ?? file.url}
              alt={file.name}
              className="upload__thumb"
              loading="lazy"
            />
          ) : null}
          <span className="upload__name">
            {file.url ? (
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.name}
              </a>
            ) : (
              file.name
            )}{" "}
            <span className="muted">({formatBytes(file.bytes, locale)})</span>
          </span>
          {!readOnly && onMove && files.length > 1 ? (
            <span className="upload__move">
              <button
                type="button"
                className="link-button"
                data-move="-1"
                disabled={index === 0}
                onClick={() => onMove(file, -1)}
                aria-label={t("entryForm.upload.moveEarlierNamed", { name: file.name })}
              >
                {t("entryForm.upload.moveEarlier")}
              </button>
              <button
                type="button"
                className="link-button"
                data-move="1"
                disabled={index === files.length - 1}
                onClick={() => onMove(file, 1)}
                aria-label={t("entryForm.upload.moveLaterNamed", { name: file.name })}
              >
                {t("entryForm.upload.moveLater")}
              </button>
            </span>
          ) : null}
          {readOnly ? null : file.removable === false ? (
            <span className="field__hint upload__keep">{t(KEEP_NOTES[field] ?? KEEP_FILE)}</span>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => onRemove(file)}
              aria-label={t("entryForm.upload.removeNamed", { name: file.name })}
            >
              {t("entryForm.upload.remove")}
            </button>
          )}
          {file.judgeCopyProblem ? (
            <p className="field__error upload__judge-copy" data-judge-copy={file.judgeCopyProblem}>
              {`${t(`entryForm.judgeCopy.${file.judgeCopyProblem}`)} ${t(
                readOnly
                  ? "entryForm.judgeCopy.contact"
                  : `entryForm.judgeCopy.replace.${file.judgeCopyProblem}`,
              )}`}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Uploads on their way: progress, speed, and pause, resume and cancel buttons. */
export function TransferList({
  field,
  transfers,
  onPause,
  onResume,
  onCancel,
}: {
  field: EntryFileField;
  transfers: Transfer[];
  onPause: (key: string) => void;
  onResume: (key: string) => void;
  onCancel: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en-GB" : "vi-VN";
  if (transfers.length === 0) return null;
  return (
    <ul className="upload__transfers">
      {transfers.map((item) => {
        const percent = item.bytesTotal ? Math.floor((item.bytesSent / item.bytesTotal) * 100) : 0;
        // A file the server refused (not what it says it is, too large): no progress to show,
        // it will not continue. A transfer cut short can resume, from the share it reached.
        const refused = item.state === "failed" && !item.retryable;
        return (
          <li key={item.key} className={`upload__transfer upload__transfer--${item.state}`}>
            <div className="upload__row">
              <span className="upload__name">{item.name}</span>
              <span className="upload__stats">
                {item.state === "done"
                  ? t(SUCCESS_MESSAGES[field] ?? "entryForm.upload.done")
                  : refused
                    ? t("entryForm.upload.refused")
                    : `${percent}%${
                        item.state === "uploading" && item.speed > 0
                          ? ` · ${formatBytes(item.speed, locale)}/s`
                          : ""
                      }${item.state === "paused" ? ` · ${t("entryForm.upload.paused")}` : ""}`}
              </span>
            </div>
            {refused ? null : (
              <progress
                className="upload__progress"
                max={100}
                value={percent}
                aria-label={t("entryForm.upload.progressOf", { name: item.name })}
              />
            )}
            {item.state === "failed" && item.error ? (
              <p className="field__error" role="alert">
                {t(item.error)}
                {item.reason ? ` ${t(item.reason)}` : ""}
              </p>
            ) : null}
            <div className="upload__actions">
              {item.state === "uploading" ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onPause(item.key)}
                >
                  {t("entryForm.upload.pause")}
                </button>
              ) : null}
              {item.state === "paused" || (item.state === "failed" && item.retryable) ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onResume(item.key)}
                >
                  {t("entryForm.upload.resume")}
                </button>
              ) : null}
              {item.state !== "done" ? (
                <button type="button" className="link-button" onClick={() => onCancel(item.key)}>
                  {t("entryForm.upload.cancel")}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
