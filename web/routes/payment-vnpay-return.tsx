import { useTranslation } from "../i18n/use-translation";
import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { SectionHeading } from "../components/section-heading";
import { PaymentStateBadge } from "../features/payments/payment-state-badge";
import "../features/payments/payments.css";
import { pageMeta } from "../lib/meta";
import { requireEntrant } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/payment-vnpay-return";
import { personalPageHeaders } from "../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "payment.vnpayReturn.title" }),
  { name: "robots", content: "noindex" },
];

/** How often the page asks again while VNPay's confirmation (the IPN) has not arrived. */
const WAITING_POLL_MS = 3_000;

/**
 * Where VNPay sends the entrant back: shows the payment as the IPN left it. It changes nothing
 * itself; while the IPN has not arrived the page says so, asks again every few seconds (and
 * offers to reload, without JavaScript too).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = await context.services.payments.vnpayReturn(user.id, query);
  return {
    valid: result.signatureValid && result.payment !== null,
    reference: result.payment?.reference ?? null,
    state: result.payment?.state ?? null,
  };
}

export default function VnpayReturnPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { valid, reference, state } = loaderData;
  const location = useLocation();
  const revalidator = useRevalidator();
  const waiting = valid && state === "pending";
  // The IPN usually lands within seconds of the browser: the page follows it by itself.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, WAITING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  const message = !valid
    ? "payment.vnpayReturn.invalid"
    : state === "paid"
      ? "payment.vnpayReturn.paid"
      : state === "pending"
        ? "payment.vnpayReturn.waiting"
        : "payment.vnpayReturn.failed";
  return (
    <div className="container page">
      <SectionHeading level={1} title={t("payment.vnpayReturn.title")} />
      <div className="panel" role="status">
        {state ? (
          <p>
            <PaymentStateBadge state={state} />
          </p>
        ) : null}
        <p>{t(message)}</p>
        {waiting ? (
          <p>
            <Link to={location.pathname + location.search} reloadDocument>
              {t("payment.vnpayReturn.refresh")}
            </Link>
          </p>
        ) : null}
        {reference ? (
          <p>
            <Link className="button" to={to(`/nop-bai-du-thi/thanh-toan/${reference}`)}>
              {t("payment.vnpayReturn.view")}
            </Link>
          </p>
        ) : (
          <p>
            <Link to={to("/nop-bai-du-thi/thanh-toan")}>{t("payment.backToCheckout")}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
