import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatDate, formatVietnamDateTime, formatVnd } from "../../../core/dates";
import type { EntryStatus } from "../../../core/entry-status";
import type { FeeChange } from "../../../core/fees";
import { entryStatusLabelKey } from "../../../core/entry-status";
import type { Lang } from "../../../core/languages";
import { useLocalizedPath } from "../../lib/site";
import { feeHoldsUntilText } from "../../lib/fee-holds";
import { ChangesRequestedNotice, type ChangesRequestedView } from "./changes-requested-notice";
import { FeeChangeNotice } from "./fee-change-notice";

/**
 * What the fee line says when nothing is due today. A submitted entry without a fee is one
 * the season no longer takes payment for (its last deadline passed): it says so, or that the
 * payment already made out for it is the one to complete, rather than "none".
 */
function noFeeKey(entry: Pick<EntryListItem, "status" | "fee" | "pendingPayment">): string {
  if (entry.status !== "submitted" || entry.fee !== null) return "account.entries.noFee";
  return entry.pendingPayment
    ? "account.entries.feeInPendingPayment"
    : "account.entries.feesClosed";
}

/**
 * What the entrant is told will happen to a submitted entry's fee while it waits to be paid:
 * none for one held by a pending payment, whose amount is already fixed.
 */
function feeChangeOf(entry: EntryListItem): FeeChange | null {
  if (entry.status !== "submitted" || entry.pendingPayment) return null;
  return entry.fee?.next ?? null;
}

/** One of the entrant's entries on the dashboard (from `services.entries.listForEntrant`). */
export interface EntryListItem {
  id: string;
  code: string | null;
  title: string;
  brandName: string;
  category: string | null;
  status: EntryStatus;
  /** `entry.missing.*` keys. */
  missing: string[];
  feeDueVnd: number;
  /**
   * Today's fee of a draft or an unpaid submitted entry: its tier and until when it holds; for
   * a submitted one, what happens to it next if it stays unpaid.
   */
  fee?: {
    tier: "early_bird" | "standard" | "late";
    amountVnd: number;
    holdsUntil: string | null;
    next?: FeeChange | null;
  } | null;
  /** The payment holding the entry while it waits for the money (a transfer not yet received). */
  pendingPayment?: {
    reference: string;
    method: "vietqr" | "vnpay";
    expiresAt: string;
  } | null;
  /** When the fee was last refunded, while it has not been paid again since. */
  refundedAt?: string | null;
  editable: boolean;
  updatedAt: string;
  /** While the entry needs changes: what to fix and until when. */
  changesRequested?: ChangesRequestedView | null;
}

/** The dashboard's "my entries": code, title, category, status, what is missing, fee due. */
export function EntriesList({ entries, lang }: { entries: EntryListItem[]; lang: Lang }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <>
      <ul className="entries-list" aria-label={t("account.entries.listLabel")}>
        {entries.map((entry) => {
          const change = feeChangeOf(entry);
          return (
            <li key={entry.id} className="entries-list__item" data-entry-id={entry.id}>
              <div className="entries-list__head">
                <h3 className="entries-list__title">
                  <Link to={to(`/nop-bai-du-thi?entry=${encodeURIComponent(entry.id)}`)}>
                    {entry.title || t("account.entries.untitled")}
                  </Link>
                </h3>
                <span className={`status-label status-label--${entry.status}`}>
                  {t(entryStatusLabelKey(entry.status))}
                </span>
              </div>
              <dl className="facts">
                <dt>{t("entry.fields.entryCode.label")}</dt>
                <dd>{entry.code ?? t("entryForm.codePending")}</dd>
                {entry.brandName ? (
                  <>
                    <dt>{t("entry.fields.brandName.label")}</dt>
                    <dd>{entry.brandName}</dd>
                  </>
                ) : null}
                <dt>{t("entry.fields.category.label")}</dt>
                <dd>{entry.category ?? t("account.entries.noCategory")}</dd>
                <dt>{t("account.entries.feeDue")}</dt>
                <dd>
                  {entry.feeDueVnd > 0 ? formatVnd(entry.feeDueVnd, lang) : t(noFeeKey(entry))}
                  {entry.fee ? (
                    <small>
                      {" "}
                      ({t(`payment.tier.${entry.fee.tier}`)}
                      {/* The line below names the same moment when the fee changes then. */}
                      {entry.fee.holdsUntil && entry.fee.holdsUntil !== change?.at
                        ? `, ${feeHoldsUntilText(t, entry.fee.holdsUntil, lang)}`
                        : ""}
                      )
                    </small>
                  ) : null}
                  {change ? (
                    <>
                      <br />
                      <FeeChangeNotice change={change} lang={lang} />
                    </>
                  ) : null}
                  {entry.refundedAt ? (
                    <>
                      <br />
                      <small className="entries-list__refund">
                        {t("account.entries.feeRefunded", {
                          date: formatDate(entry.refundedAt, lang),
                        })}
                      </small>
                    </>
                  ) : null}
                </dd>
                {entry.pendingPayment ? (
                  <>
                    <dt>{t("account.entries.payment")}</dt>
                    <dd>
                      {t("account.entries.paymentPending", {
                        reference: entry.pendingPayment.reference,
                        date: formatVietnamDateTime(entry.pendingPayment.expiresAt),
                      })}
                    </dd>
                  </>
                ) : null}
                <dt>{t("account.entries.updated")}</dt>
                <dd>{formatDate(entry.updatedAt, lang)}</dd>
              </dl>
              {entry.status === "needs_changes" && entry.changesRequested ? (
                <ChangesRequestedNotice
                  changes={entry.changesRequested}
                  editable={entry.editable}
                  headingLevel={4}
                />
              ) : null}
              {/* Any entry the entrant can still change: a submitted one may lack what a rule
                added since, or a file judges cannot open. */}
              {entry.missing.length > 0 && (entry.editable || entry.status === "draft") ? (
                <div>
                  <p className="muted">{t("entry.missing.title")}:</p>
                  <ul className="entries-list__missing">
                    {entry.missing.map((key) => (
                      <li key={key}>{t(key)}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <p>
                <Link
                  className="button button--secondary button--small"
                  to={to(`/nop-bai-du-thi?entry=${encodeURIComponent(entry.id)}`)}
                  aria-label={`${entry.editable ? t("account.entries.edit") : t("account.entries.view")}: ${entry.title || entry.code || t("account.entries.untitled")}`}
                >
                  {entry.editable ? t("account.entries.edit") : t("account.entries.view")}
                </Link>{" "}
                {entry.pendingPayment ? (
                  <Link
                    className="button button--small"
                    to={to(
                      `/nop-bai-du-thi/thanh-toan/${encodeURIComponent(entry.pendingPayment.reference)}`,
                    )}
                    aria-label={`${t(`account.entries.openPayment.${entry.pendingPayment.method}`)}: ${entry.title || entry.code || t("account.entries.untitled")}`}
                  >
                    {t(`account.entries.openPayment.${entry.pendingPayment.method}`)}
                  </Link>
                ) : entry.status === "submitted" && entry.fee ? (
                  <Link
                    className="button button--small"
                    to={to("/nop-bai-du-thi/thanh-toan")}
                    aria-label={`${t("payment.pay")}: ${entry.title || entry.code || t("account.entries.untitled")}`}
                  >
                    {t("payment.pay")}
                  </Link>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      <p>
        <Link to={to("/nop-bai-du-thi")} className="button button--primary">
          {t("account.entries.new")}
        </Link>{" "}
        <Link to={to("/nop-bai-du-thi/thanh-toan")} className="button button--secondary">
          {t("payment.title")}
        </Link>
      </p>
    </>
  );
}
