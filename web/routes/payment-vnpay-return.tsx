import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
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

/**
 * Where VNPay sends the entrant back: shows the payment as the IPN left it. It changes nothing
 * itself; while the IPN has not arrived the page says so and offers to reload.
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
