import { useTranslation } from "../i18n/use-translation";
import { useLocalizedPath, useSite } from "../lib/site";
import { PdfViewer } from "../pdf/pdf-viewer";
import { Modal } from "./modal";

/**
 * The award criteria modal (seed §2): the current season's criteria PDF in the page's
 * language (Vietnamese when there is no English one), in the document viewer. Until a
 * criteria document is published it shows the criteria summary. Below it, the sample PDF
 * (password-protected, demo data) in the page's language when there is one. Locked: a stray click outside must not
 * lose the reader's place.
 */
export function CriteriaModal({
  open,
  onClose,
  year,
}: {
  open: boolean;
  onClose: () => void;
  year: number | null;
}) {
  const { t } = useTranslation();
  const { chrome, lang } = useSite();
  const to = useLocalizedPath();
  const sample = chrome.sampleDocument[lang];
  const url = chrome.season?.criteriaUrl[lang] ?? null;
  const title = year ? t("criteria.seasonTitle", { year }) : t("criteria.title");
  return (
    <Modal open={open} onClose={onClose} locked size="large" title={title}>
      {url ? (
        <PdfViewer url={url} title={title} className="criteria-viewer" />
      ) : (
        <>
          <p>{t("criteria.summary")}</p>
          {year ? <p className="muted">{t("criteria.pending", { year })}</p> : null}
        </>
      )}
      {sample ? (
        <p className="criteria-sample">
          {t("criteria.sample")}{" "}
          <a
            href={`${to("/pdf")}?file=${encodeURIComponent(sample.url)}`}
            target="_blank"
            rel="noopener"
          >
            {sample.title}
          </a>
        </p>
      ) : null}
    </Modal>
  );
}
