import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { formatVietnamDateTime } from "../../../core/dates";
import { refusal } from "../../../core/refusal";
import { FlashMessage } from "../../features/back-office/flash";
import { backOfficeMeta } from "../../features/back-office/meta";
import { AdminPage } from "../../features/back-office/page";
import { actorOf, redirectWithNotice, refused } from "../../features/back-office/form.server";
import { requireStaff } from "../../lib/session.server";
import { useLocalizedPath } from "../../lib/site";
import type { Route } from "./+types/outbox";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("admin.sections.outbox");

/**
 * Sent mail when no SMTP server is configured (admins only: messages hold sign-in links), and
 * whatever mail is waiting to be sent again or was given up (who, what and why; no body).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "outbox");
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const id = url.searchParams.get("id");
  const { mail } = context.services;
  const [list, undelivered] = await Promise.all([
    mail.listOutbox({ page, pageSize: 25 }),
    mail.undelivered(),
  ]);
  const message = id ? await mail.readOutboxMessage(id) : null;
  return { mode: mail.mode, list, message, page, undelivered };
}

/** "Send again now": every waiting email is due at once and one retry run sends them. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "outbox");
  const form = await request.formData();
  if (form.get("intent") !== "retryNow") {
    return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
  }
  const { mail, mailAdmin } = context.services;
  const run = await mailAdmin.retryWaitingNow(actorOf(user, context));
  const stillWaiting = (await mail.undelivered()).some((item) => item.givenUpAt === null);
  return redirectWithNotice(
    request,
    "/quan-tri/hop-thu",
    run && !stillWaiting ? "admin.outboxRetriedAll" : "admin.outboxRetriedSome",
  );
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { list, message, mode, undelivered } = loaderData;
  const retrying = useNavigation().formData?.get("intent") === "retryNow";
  return (
    <AdminPage
      title={t("admin.sections.outbox")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("admin.sections.outbox") },
      ]}
      lead={mode === "smtp" ? t("admin.outboxSmtp") : t("admin.outboxLead")}
    >
      <FlashMessage />
      {undelivered.length > 0 ? (
        <section className="panel" aria-labelledby="outbox-undelivered">
          <h2 id="outbox-undelivered">{t("admin.outboxUndelivered")}</h2>
          <p>{t("admin.outboxUndeliveredLead")}</p>
          {undelivered.some((item) => item.givenUpAt === null) ? (
            <Form method="post">
              <input type="hidden" name="intent" value="retryNow" />
              <p className="field__hint" id="outbox-retry-hint">
                {t("admin.outboxRetryNowHint")}
              </p>
              <button
                type="submit"
                className="button button--secondary"
                aria-describedby="outbox-retry-hint"
                disabled={retrying}
                aria-busy={retrying}
              >
                {t("admin.outboxRetryNow")}
              </button>
            </Form>
          ) : null}
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">{t("admin.outboxUndelivered")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.outboxDate")}</th>
                  <th scope="col">{t("admin.outboxTo")}</th>
                  <th scope="col">{t("admin.outboxSubject")}</th>
                  <th scope="col">{t("admin.outboxAttempts")}</th>
                  <th scope="col">{t("admin.outboxNextAttempt")}</th>
                  <th scope="col">{t("admin.outboxLastError")}</th>
                </tr>
              </thead>
              <tbody>
                {undelivered.map((item) => (
                  <tr key={item.id}>
                    <td>{formatVietnamDateTime(item.createdAt)}</td>
                    <td>{item.to}</td>
                    <td>{item.subject}</td>
                    <td>{item.attempts}</td>
                    <td>
                      {item.givenUpAt
                        ? t("admin.outboxGivenUp", { date: formatVietnamDateTime(item.givenUpAt) })
                        : item.attempts === 0
                          ? t("admin.outboxQueued")
                          : formatVietnamDateTime(item.nextAttemptAt)}
                    </td>
                    <td>{item.lastError ? <code>{item.lastError}</code> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {list.items.length === 0 ? (
        mode === "smtp" ? null : (
          <p className="empty-state">{t("admin.outboxEmpty")}</p>
        )
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{t("admin.sections.outbox")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.outboxDate")}</th>
                <th scope="col">{t("admin.outboxTo")}</th>
                <th scope="col">{t("admin.outboxSubject")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  {/* DD/MM/YYYY HH:mm, Vietnam time: several emails go out within a day. */}
                  <td>{formatVietnamDateTime(item.createdAt)}</td>
                  <td>{item.to}</td>
                  <td>
                    <Link to={to(`/quan-tri/hop-thu?id=${encodeURIComponent(item.id)}`)}>
                      {item.subject}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {message ? (
        <article className="panel" aria-labelledby="outbox-message">
          <h2 id="outbox-message">{message.subject}</h2>
          <p>
            {t("admin.outboxTo")}: {message.to}
          </p>
          <pre className="outbox__text">{message.text}</pre>
        </article>
      ) : null}
    </AdminPage>
  );
}
