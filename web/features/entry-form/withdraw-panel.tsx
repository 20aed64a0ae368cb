import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useFetcher } from "react-router";
import { VNPAY_REPORT_GRACE_MINUTES, VNPAY_WINDOW_MINUTES } from "../../../core/payment-state";
import { PATHS } from "../../../core/paths";
import { FormAlert } from "../../components/form/field";
import { useLocalizedPath } from "../../lib/site";
import { ConfirmDialog } from "./confirm-dialog";
import { postEntryAction } from "./post";
import type { EntryActionResult } from "./types";
import { withdrawConfirmText } from "./withdraw-confirm";

/** Withdrawing the entry, after a confirmation naming it. */
export function WithdrawPanel({
  entryId,
  code,
  campaignName,
}: {
  entryId: string;
  code: string | null;
  campaignName: () => string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EntryActionResult>({ key: "entry-withdraw" });
  const to = useLocalizedPath();
  const [open, setOpen] = useState(false);
  return (
    <section className="panel" aria-labelledby="entry-withdraw-title">
      <h2 id="entry-withdraw-title">{t("entryForm.withdraw.title")}</h2>
      <p className="field__hint">{t("entryForm.withdraw.hint")}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t("entryForm.withdraw.button")}
        </button>
      </p>
      {fetcher.data?.intent === "withdraw" && !fetcher.data.ok ? (
        <>
          <FormAlert
            message={t(fetcher.data.formError, {
              reference: fetcher.data.paymentReference ?? "",
              // How long a card payment can last at most (inPendingCardPayment).
              minutes: VNPAY_WINDOW_MINUTES + VNPAY_REPORT_GRACE_MINUTES,
            })}
          />
          {fetcher.data.paymentReference ? (
            // A pending payment holds the entry: the message names it, the link opens it.
            <p>
              <Link to={to(`${PATHS.payment}/${fetcher.data.paymentReference}`)}>
                {t("entryForm.withdraw.openPayment", {
                  reference: fetcher.data.paymentReference,
                })}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("entryForm.withdraw.confirmTitle")}
        confirmLabel={t("entryForm.withdraw.confirm")}
        cancelLabel={t("entryForm.withdraw.cancel")}
        onConfirm={() => void postEntryAction(fetcher, { intent: "withdraw", entryId })}
      >
        <p>{withdrawConfirmText(t, { code, campaignName: campaignName() })}</p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * In place of the panel for an accepted entry the entrant may no longer withdraw: the server
 * allows that only until judging begins (an accepted entry is otherwise always withdrawable).
 */
export function WithdrawClosed() {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="entry-withdraw-title">
      <h2 id="entry-withdraw-title">{t("entryForm.withdraw.title")}</h2>
      <p className="field__hint">{t("entryForm.withdraw.judgingBegun")}</p>
    </section>
  );
}
