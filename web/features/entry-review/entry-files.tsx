import { useTranslation } from "../../i18n/use-translation";
import { formatBytes } from "../../../core/bytes";
import { localeOf } from "../../../core/languages";
import { parseVideoLink } from "../../../core/video-link";
import { ResponsiveImage } from "../../components/responsive-image";
import { PdfViewer } from "../../pdf/pdf-viewer";
import { useLang } from "../../lib/site";
import type { EntryReview, ReviewFile } from "./types";

const DOCUMENT_FIELDS = [
  "ideaArticleVi",
  "ideaArticleEn",
  "slidesVi",
  "slidesEn",
  "legalCommitment",
  "copyrightCommitment",
] as const;

/**
 * The entry's files through short-lived signed links: images with their variants, the video
 * in the browser's player (the link answers byte ranges, so it can be scrubbed), a video link
 * as a link, and documents in the product's PDF viewer — which loads pdf.js only when a
 * document is opened — each with a download link.
 */
export function EntryFiles({ entry }: { entry: EntryReview }) {
  const { t } = useTranslation();
  const lang = useLang();
  const images = entry.files.filter((f) => f.field === "images");
  const video = entry.files.find((f) => f.field === "video");
  const documents = DOCUMENT_FIELDS.flatMap((field) =>
    entry.files.filter((f) => f.field === field),
  );
  const size = (file: ReviewFile) => formatBytes(file.bytes, localeOf(lang));
  const videoLink = entry.videoLink ? parseVideoLink(entry.videoLink) : null;
  return (
    <section className="panel admin-panel" aria-labelledby="review-files">
      <h2 id="review-files">{t("entryReview.files.heading")}</h2>
      <p className="tree-node__meta">{t("entryReview.files.linksExpire")}</p>

      <h3>{t("entryReview.files.images")}</h3>
      {images.length === 0 ? (
        <p>{t("entryReview.files.none")}</p>
      ) : (
        <ul className="entry-review__images">
          {images.map((file, i) => (
            <li key={file.id}>
              <figure>
                {file.image ? (
                  <ResponsiveImage
                    image={file.image}
                    alt={t("entryReview.files.imageAlt", { n: i + 1 })}
                  />
                ) : (
                  <img
                    src={file.url}
                    alt={t("entryReview.files.imageAlt", { n: i + 1 })}
                    loading="lazy"
                  />
                )}
                <figcaption>
                  <a href={file.url} target="_blank" rel="noreferrer">
                    {t("entryReview.files.open")}
                  </a>{" "}
                  <span className="tree-node__meta">
                    {file.name} · {size(file)}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}

      <h3>{t("entryReview.files.video")}</h3>
      {video ? (
        <figure className="entry-review__video">
          {/* Entrants upload a film without a caption track; staff review it as submitted. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <video controls preload="metadata" src={video.url}>
            <a href={video.url}>{t("entryReview.files.download", { name: video.name })}</a>
          </video>
          <figcaption>
            <a href={video.url} download={video.name}>
              {t("entryReview.files.download", { name: video.name })}
            </a>{" "}
            <span className="tree-node__meta">{size(video)}</span>
          </figcaption>
          <JudgeCopyNote file={video} />
        </figure>
      ) : videoLink ? (
        <p>
          <a href={videoLink.canonicalUrl} target="_blank" rel="noreferrer noopener">
            {t("entryReview.files.videoLink", {
              host: videoLink.provider === "youtube" ? "YouTube" : "Vimeo",
            })}
          </a>{" "}
          <span className="tree-node__meta">{videoLink.canonicalUrl}</span>
        </p>
      ) : (
        <p>{t("entryReview.files.noVideo")}</p>
      )}

      <h3>{t("entryReview.files.documents")}</h3>
      {documents.length === 0 ? (
        <p>{t("entryReview.files.none")}</p>
      ) : (
        <ul className="entry-review__documents">
          {documents.map((file) => (
            <li key={file.id}>
              <DocumentFile
                file={file}
                label={t(`entry.fields.${file.field}.label`)}
                size={size(file)}
              />
              <JudgeCopyNote file={file} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A document: a download link, and for a PDF the viewer, opened on demand. */
export function DocumentFile({
  file,
  label,
  size,
}: {
  file: { name: string; mime: string; url: string };
  label: string;
  size: string;
}) {
  const { t } = useTranslation();
  const download = (
    <a href={file.url} download={file.name}>
      {t("entryReview.files.download", { name: file.name })}
    </a>
  );
  if (file.mime !== "application/pdf") {
    return (
      <p>
        <strong>{label}</strong>: {download} <span className="tree-node__meta">{size}</span>
      </p>
    );
  }
  return (
    <details className="entry-review__document">
      <summary>
        <strong>{label}</strong> — {t("entryReview.files.view", { name: file.name })}{" "}
        <span className="tree-node__meta">{size}</span>
      </summary>
      <p>{download}</p>
      <PdfViewer url={file.url} title={`${label}: ${file.name}`} className="entry-review__pdf" />
    </details>
  );
}

/** Whether judges can see the file yet: its copy without metadata is on its way, or cannot be. */
function JudgeCopyNote({ file }: { file: ReviewFile }) {
  const { t } = useTranslation();
  if (!file.judgeCopy || file.judgeCopy === "ready") return null;
  return (
    <p
      className={file.judgeCopy === "pending" ? "tree-node__meta" : "field__error"}
      data-judge-copy={file.judgeCopy}
    >
      {t(`entryReview.files.judgeCopy.${file.judgeCopy}`)}
    </p>
  );
}
