import { useTranslation } from "../../i18n/use-translation";
import { formatVietnamDateTime } from "../../../core/dates";
import { entryStatusLabelKey } from "../../../core/entry-status";
import type { ReviewHistoryItem } from "./types";

/** Every status change of the entry, oldest first: when, who, from → to, why, until when. */
export function StatusHistory({ history }: { history: ReviewHistoryItem[] }) {
  const { t, i18n } = useTranslation();
  const who = (item: ReviewHistoryItem) => {
    const roleKey =
      item.actorRole === "entrant"
        ? "entryReview.history.entrant"
        : item.actorRole === "system"
          ? "entryReview.history.system"
          : `admin.roles.${item.actorRole}`;
    const role = i18n.exists(roleKey) ? t(roleKey) : item.actorRole;
    return item.actorName ? `${item.actorName} (${role})` : role;
  };
  return (
    <section className="panel admin-panel" aria-labelledby="review-history">
      <h2 id="review-history">{t("entryReview.history.heading")}</h2>
      {history.length === 0 ? (
        <p className="empty-state">{t("entryReview.history.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table entry-review__history">
            <caption className="visually-hidden">{t("entryReview.history.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("entryReview.history.when")}</th>
                <th scope="col">{t("entryReview.history.who")}</th>
                <th scope="col">{t("entryReview.history.change")}</th>
                <th scope="col">{t("entryReview.history.reason")}</th>
                <th scope="col">{t("entryReview.history.dueDate")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((item) => (
                <tr key={item.id}>
                  <td>{formatVietnamDateTime(item.at)}</td>
                  <td>{who(item)}</td>
                  <td>
                    {item.from
                      ? t(entryStatusLabelKey(item.from))
                      : t("entryReview.history.created")}{" "}
                    → {t(entryStatusLabelKey(item.to))}
                  </td>
                  <td className="entry-review__text">{item.reason || "—"}</td>
                  <td>{item.changesDueAt ? formatVietnamDateTime(item.changesDueAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
