import { useTranslation } from "../../i18n/use-translation";
import type { LibraryEntry } from "../../../core/library";
import { PdfViewer } from "../../pdf/pdf-viewer";

/**
 * The idea article and slides, each in its language: a PDF opens in the product's viewer
 * inside a disclosure (nothing of pdf.js loads until it is opened and visible); any other
 * file is a download link. Their names are in the page's language, so only the link says
 * (`hreflang`) which language the file itself is in.
 */
export function EntryDocuments({
  documents,
  code,
}: {
  documents: LibraryEntry["documents"];
  code: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="entry-documents">
      {documents.map((doc) => {
        const name = t(
          doc.kind === "article" ? "library.entry.documentArticle" : "library.entry.documentSlides",
          {
            language: t(
              doc.lang === "en" ? "library.entry.languageEn" : "library.entry.languageVi",
            ),
          },
        );
        return (
          <li key={doc.field}>
            {doc.mime === "application/pdf" ? (
              <details className="entry-documents__pdf">
                <summary>{name}</summary>
                <PdfViewer
                  url={doc.url}
                  title={`${code}: ${name}`}
                  className="entry-documents__viewer"
                />
              </details>
            ) : (
              <a href={doc.url} hrefLang={doc.lang} download className="button button--secondary">
                {t("library.entry.download")}: {name}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
