import { useTranslation } from "../../i18n/use-translation";
import { formatDate, formatVietnamDateTime } from "../../../core/dates";
import { entryStatusLabelKey } from "../../../core/entry-status";
import { pickLang } from "../../../core/languages";
import { StatusBadge } from "../back-office/status-badge";
import { useLang } from "../../lib/site";
import type { EntryReview } from "./types";
import { statusTone } from "./status-tone";

const monthYear = (month: number | null, year: number | null) =>
  month && year ? `${String(month).padStart(2, "0")}/${year}` : null;

/** Status, payment and dates at the top of the page. */
export function EntrySummary({ entry }: { entry: EntryReview }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="panel admin-panel entry-review__summary" aria-labelledby="review-summary">
      <h2 id="review-summary">{t("entryReview.summary")}</h2>
      <dl className="facts">
        <dt>{t("entryReview.status")}</dt>
        <dd>
          <StatusBadge tone={statusTone(entry.status)}>
            {t(entryStatusLabelKey(entry.status))}
          </StatusBadge>
          {entry.status === "needs_changes" && entry.changesDueAt ? (
            <>
              {" "}
              {entry.editableUntil?.by === "window"
                ? t("entryReview.changesUntilDeadline", {
                    date: formatVietnamDateTime(entry.editableUntil.at),
                    due: formatVietnamDateTime(entry.changesDueAt),
                  })
                : t("entryReview.changesDue", {
                    date: formatVietnamDateTime(entry.changesDueAt),
                  })}
            </>
          ) : null}
        </dd>
        <dt>{t("entryReview.payment.label")}</dt>
        <dd>{t(`entryReview.payment.${entry.payment}`)}</dd>
        <dt>{t("entryReview.fields.code")}</dt>
        <dd>{entry.code ?? t("entryReview.noCode")}</dd>
        <dt>{t("entryReview.fields.season")}</dt>
        <dd>{entry.seasonYear}</dd>
        <dt>{t("entryReview.fields.created")}</dt>
        <dd>{formatDate(entry.createdAt, lang)}</dd>
        <dt>{t("entryReview.fields.submitted")}</dt>
        <dd>
          {/* The time too: a late period can end the same day the deadline does. */}
          {entry.submittedAt ? formatVietnamDateTime(entry.submittedAt) : "—"}
          {entry.submittedLate ? (
            <>
              {" "}
              <StatusBadge tone="warning">{t("entryReview.submittedLate")}</StatusBadge>
            </>
          ) : null}
        </dd>
        <dt>{t("entryReview.fields.updated")}</dt>
        <dd>{formatDate(entry.updatedAt, lang)}</dd>
        {entry.withdrawnAt ? (
          <>
            <dt>{t("entryReview.fields.withdrawn")}</dt>
            <dd>{formatDate(entry.withdrawnAt, lang)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** Every field the entrant filled in. */
export function EntryDetails({ entry }: { entry: EntryReview }) {
  const { t } = useTranslation();
  const lang = useLang();
  const none = <span className="tree-node__meta">{t("entryReview.notGiven")}</span>;
  const text = (value: string) => (value.trim() ? value : none);
  const start = monthYear(entry.period.startMonth, entry.period.startYear);
  const end = monthYear(entry.period.endMonth, entry.period.endYear);
  return (
    <section className="panel admin-panel" aria-labelledby="review-details">
      <h2 id="review-details">{t("entryReview.details")}</h2>
      <dl className="facts">
        <dt>{t("entryReview.fields.track")}</dt>
        <dd>{entry.track ? pickLang(entry.track, lang) : none}</dd>
        <dt>{t("entryReview.fields.group")}</dt>
        <dd>{entry.group ? pickLang(entry.group, lang) : none}</dd>
        <dt>{t("entryReview.fields.category")}</dt>
        <dd>{entry.category ? pickLang(entry.category, lang) : none}</dd>
        <dt>{t("entryReview.fields.brand")}</dt>
        <dd>{text(entry.brandName)}</dd>
        <dt>{t("entryReview.fields.campaign")}</dt>
        <dd>{text(entry.campaignName)}</dd>
        <dt>{t("entryReview.fields.period")}</dt>
        <dd>
          {start || end
            ? t("entryReview.periodValue", { start: start ?? "?", end: end ?? "?" })
            : none}
        </dd>
        <dt>{t("entryReview.fields.descriptionVi")}</dt>
        <dd className="entry-review__text" lang="vi">
          {text(entry.descriptionVi)}
        </dd>
        <dt>{t("entryReview.fields.descriptionEn")}</dt>
        <dd className="entry-review__text" lang="en">
          {text(entry.descriptionEn)}
        </dd>
      </dl>
      <h3>{t("entryReview.fields.credits")}</h3>
      <CreditList title={t("entryReview.fields.companies")} items={entry.credits.companies} />
      <CreditList title={t("entryReview.fields.people")} items={entry.credits.people} />
    </section>
  );
}

function CreditList({ title, items }: { title: string; items: { name: string; role: string }[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <p>
        {title}: <span className="tree-node__meta">{t("entryReview.notGiven")}</span>
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="table entry-review__credits">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t("entryReview.fields.creditName")}</th>
            <th scope="col">{t("entryReview.fields.creditRole")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={i}>
              <td>{item.name}</td>
              <td>{item.role}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
