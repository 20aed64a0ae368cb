import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { pickLang, type Lang } from "../../../core/languages";
import { parseVideoLink } from "../../../core/video-link";
import type { BlindEntry, BlindFile } from "../../../server/load-context";
import { Modal } from "../../components/modal";
import { ResponsiveImage } from "../../components/responsive-image";
import { PdfViewer } from "../../pdf/pdf-viewer";

const DOCUMENT_FIELDS = ["ideaArticleVi", "ideaArticleEn", "slidesVi", "slidesEn"] as const;

const monthYear = (month: number | null, year: number | null) =>
  month && year ? `${String(month).padStart(2, "0")}/${year}` : year ? String(year) : "";

/**
 * An entry as a judge sees it: the code, category, title, brand, descriptions and the work —
 * images (each opens large in a dialog, by mouse or keyboard), the video, the idea article in
 * the product's PDF viewer. Nothing about who entered it.
 */
export function BlindEntryView({ entry, lang }: { entry: BlindEntry; lang: Lang }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const pictures = entry.files.filter((f) => f.field === "images");
  // A picture without its re-encoded copy is not shown at all: only a count of them.
  const images = pictures.filter((f) => f.url !== null);
  const withheldImages = pictures.length - images.length;
  const video = entry.files.find((f) => f.field === "video");
  const documents = DOCUMENT_FIELDS.flatMap((field) =>
    entry.files.filter((f) => f.field === field),
  );
  const link = entry.videoLink ? parseVideoLink(entry.videoLink) : null;
  const from = monthYear(entry.period.startMonth, entry.period.startYear);
  const to = monthYear(entry.period.endMonth, entry.period.endYear);
  const imageAlt = (i: number) =>
    t("judging.portal.entry.imageAlt", { n: i + 1, code: entry.code });
  const shown = open !== null ? images[open] : undefined;
  return (
    <article className="judge-entry">
      <dl className="facts">
        <dt>{t("judging.portal.entry.brand")}</dt>
        <dd>{entry.brand}</dd>
        {entry.track ? (
          <>
            <dt>{t("judging.portal.entry.track")}</dt>
            <dd>{pickLang(entry.track, lang)}</dd>
          </>
        ) : null}
        {entry.category ? (
          <>
            <dt>{t("judging.portal.entry.category")}</dt>
            <dd>{pickLang(entry.category, lang)}</dd>
          </>
        ) : null}
        {from || to ? (
          <>
            <dt>{t("judging.portal.entry.period")}</dt>
            <dd>{[from, to].filter(Boolean).join(" – ")}</dd>
          </>
        ) : null}
      </dl>
      {entry.descriptionVi ? (
        <section lang="vi">
          <h2>{t("judging.portal.entry.descriptionVi")}</h2>
          <p className="judge-entry__text">{entry.descriptionVi}</p>
        </section>
      ) : null}
      {entry.descriptionEn ? (
        <section lang="en">
          <h2>{t("judging.portal.entry.descriptionEn")}</h2>
          <p className="judge-entry__text">{entry.descriptionEn}</p>
        </section>
      ) : null}

      <section>
        <h2>{t("judging.portal.entry.images")}</h2>
        {withheldImages > 0 ? (
          <p role="status">
            {t("judging.portal.entry.imagesUnavailable", { count: withheldImages })}
          </p>
        ) : null}
        {pictures.length === 0 ? (
          <p>{t("judging.portal.entry.noFiles")}</p>
        ) : images.length === 0 ? null : (
          <ul className="judge-entry__images">
            {images.map((file, i) => (
              <li key={file.id}>
                <button type="button" className="judge-entry__thumb" onClick={() => setOpen(i)}>
                  <Picture file={file} alt={imageAlt(i)} sizes="(min-width: 48rem) 14rem, 45vw" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section>
        <h2>{t("judging.portal.entry.video")}</h2>
        {video?.url ? (
          // Entrants upload a film without captions; judges see it as submitted.
          // eslint-disable-next-line jsx-a11y/media-has-caption
          <video className="judge-entry__video" controls preload="metadata" src={video.url} />
        ) : video ? (
          // Without its copy free of the makers' metadata, the film is not shown at all.
          <p role="status">
            {t(
              video.withheld === "failed"
                ? "judging.portal.entry.videoUnavailable"
                : "judging.portal.entry.videoPreparing",
            )}
          </p>
        ) : link ? (
          <p>
            <a href={link.canonicalUrl} target="_blank" rel="noreferrer noopener">
              {t("judging.portal.entry.videoLink", {
                host: link.provider === "youtube" ? "YouTube" : "Vimeo",
              })}
            </a>
          </p>
        ) : (
          <p>{t("judging.portal.entry.noFiles")}</p>
        )}
      </section>

      <section>
        <h2>{t("judging.portal.entry.documents")}</h2>
        {documents.length === 0 ? (
          <p>{t("judging.portal.entry.noFiles")}</p>
        ) : (
          documents.map((file) => (
            <details key={file.id} className="entry-review__document">
              <summary>
                {t(`entry.fields.${file.field}.label`)} — {t("judging.portal.entry.openDocument")}
              </summary>
              {file.url === null ? (
                // Without its copy free of the entrant's metadata, a PDF is not shown at all.
                <p role="status">
                  {t(
                    file.withheld === "failed"
                      ? "judging.portal.entry.documentUnavailable"
                      : "judging.portal.entry.documentPreparing",
                  )}
                </p>
              ) : file.mime === "application/pdf" ? (
                <PdfViewer
                  url={file.url}
                  title={`${entry.code}: ${t(`entry.fields.${file.field}.label`)}`}
                />
              ) : (
                <p>
                  <a href={file.url}>{t("judging.portal.entry.openDocument")}</a>
                </p>
              )}
            </details>
          ))
        )}
      </section>

      <Modal
        open={shown !== undefined}
        onClose={() => setOpen(null)}
        title={open !== null ? imageAlt(open) : ""}
        size="large"
      >
        {shown ? <Picture file={shown} alt={imageAlt(open ?? 0)} sizes="90vw" /> : null}
        {images.length > 1 && open !== null ? (
          <p className="judge-sheet__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setOpen((open - 1 + images.length) % images.length)}
            >
              {t("judging.portal.entry.previous")}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setOpen((open + 1) % images.length)}
            >
              {t("judging.portal.entry.next")}
            </button>
          </p>
        ) : null}
      </Modal>
    </article>
  );
}

function Picture({ file, alt, sizes }: { file: BlindFile; alt: string; sizes: string }) {
  return file.image ? (
    <ResponsiveImage image={file.image} alt={alt} sizes={sizes} />
  ) : (
    <img src={file.url ?? undefined} alt={alt} loading="lazy" />
  );
}
