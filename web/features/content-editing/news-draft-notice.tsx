import { useId } from "react";
import { formatVietnamDateTime } from "../../../core/dates";
import { useTranslation } from "../../i18n/use-translation";
import type { NewsDraft } from "./news-draft";

/**
 * Above the article form: a draft kept in this browser that differs from the stored article,
 * with "Restore" and "Discard" (plain buttons, reached and pressed from the keyboard), or once
 * answered, what became of it. The live region is in the page from the server render on, so
 * the offer, which appears once the page runs in the browser, is announced.
 */
export function NewsDraftNotice({
  offer,
  said,
  onRestore,
  onDiscard,
}: {
  offer: NewsDraft | null;
  /** The i18n key of what the last answer did ("" for none). */
  said: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="news-draft" role="status" aria-live="polite">
      {offer ? (
        <section className="panel news-draft__offer" aria-labelledby={headingId}>
          <h2 id={headingId} className="news-draft__title">
            {t("adminNews.draft.title")}
          </h2>
          <p>{t("adminNews.draft.body", { date: formatVietnamDateTime(offer.savedAt) })}</p>
          <div className="news-draft__actions">
            <button type="button" className="button button--primary" onClick={onRestore}>
              {t("adminNews.draft.restore")}
            </button>
            <button type="button" className="button button--secondary" onClick={onDiscard}>
              {t("adminNews.draft.discard")}
            </button>
          </div>
        </section>
      ) : said ? (
        <p className="flash__message flash__message--success">{t(said)}</p>
      ) : null}
    </div>
  );
}
