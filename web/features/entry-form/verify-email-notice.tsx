import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { FormAlert } from "../../components/form/field";
import { useLocalizedPath } from "../../lib/site";

/** What the account page's action answers to "send the link again". */
export type ResendResult =
  | { ok: true; intent?: unknown }
  | { ok?: false; retryAfterMinutes?: number; values?: { intent?: string } };

/** The account action's intent for "send the link again" (a page can tell its answer apart). */
export const RESEND_VERIFICATION_INTENT = "resendVerification";

/**
 * An unconfirmed address (PRODUCT §1: entrants may draft, only confirmed accounts submit):
 * the explanation and a "send the link again" button. The button posts to the account
 * page's action, which sends through the identity service's rate-limited resend; without
 * JavaScript it is a plain form that lands on the account page with the same answer.
 */
export function VerifyEmailNotice({
  message,
  result,
}: {
  message: string;
  /** The account page's own action answer (a post without JavaScript lands there). */
  result?: ResendResult | undefined;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const fetcher = useFetcher<ResendResult>({ key: "resend-verification" });
  const answer = fetcher.data ?? result;
  const busy = fetcher.state !== "idle";
  return (
    <div className="form-alert form-alert--error verify-email-notice" role="status">
      <p>{message}</p>
      <fetcher.Form method="post" action={to("/tai-khoan")}>
        <input type="hidden" name="intent" value={RESEND_VERIFICATION_INTENT} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t("account.resendVerification")}
        </button>
      </fetcher.Form>
      <FormAlert
        tone="success"
        message={answer?.ok && !busy ? t("account.verificationSent") : undefined}
      />
      <FormAlert
        message={
          answer && !answer.ok && !busy
            ? t("auth.tooManyAttempts", { minutes: answer.retryAfterMinutes ?? 1 })
            : undefined
        }
      />
    </div>
  );
}
