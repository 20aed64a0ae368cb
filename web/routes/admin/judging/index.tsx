import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData } from "react-router";
import { formatDate } from "../../../../core/dates";
import { publishRefusal } from "../../../../core/judging-prizes";
import { roundFormSchema } from "../../../../core/judging-rounds";
import { RESULT_METHODS } from "../../../../core/judging-results";
import { pickLang } from "../../../../core/languages";
import { refusal } from "../../../../core/refusal";
import { SchemaForm, type FormResult } from "../../../components/form/schema-form";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import { redirectWithNotice, refused, submitForm } from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { JudgingNav } from "../../../features/judging-admin/judging-nav";
import { judgingPage } from "../../../features/judging-admin/season.server";
import { ROUND_TONES } from "../../../features/judging-admin/tones";
import { useLang, useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/index";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("judgingAdmin.title");

/** `/quan-tri/cham-giai`: the season's rounds, a new round, the prizes and publishing them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { season } = await judgingPage(request, context);
  const [rounds, prizes] = await Promise.all([
    context.services.judging.seasonRounds(season.id),
    context.services.judging.prizes(season.id),
  ]);
  return { season, rounds, prizes };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { season, actor } = await judgingPage(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/quan-tri/cham-giai?year=${season.year}`;
  if (intent === "createRound") {
    return submitForm(
      form,
      roundFormSchema,
      (input) => context.services.judging.createRound(actor, season.id, input),
      (done) =>
        redirectWithNotice(
          request,
          `/quan-tri/cham-giai/vong/${done.id}?year=${season.year}`,
          "judgingAdmin.rounds.created",
        ),
      { formKey: "createRound" },
    );
  }
  if (intent === "publish") {
    const outcome = await context.services.judging.publish(actor, season.id);
    if (!outcome.ok) return refused(outcome, form, { formKey: "publish" });
    return redirectWithNotice(request, here, "judgingAdmin.prizes.publishedDone", {
      winner: outcome.moved.winner ?? 0,
      finalist: outcome.moved.finalist ?? 0,
      notAwarded: outcome.moved.not_awarded ?? 0,
    });
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminJudging({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const { season, rounds, prizes } = loaderData;
  const publishRefused = result && !result.ok && result.formKey === "publish" ? result : undefined;
  // Publishing that the server would refuse is not offered: the page says why instead.
  const publishBlocked = publishRefusal({
    prizes: prizes.length,
    roundOpen: rounds.some((r) => r.state === "open"),
  });
  return (
    <AdminPage
      title={t("judgingAdmin.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("judgingAdmin.title") },
      ]}
      lead={t("judgingAdmin.lead", { year: season.year })}
      actions={
        <Form method="get" className="judging-season">
          <label htmlFor="judging-year">{t("judgingAdmin.season")}</label>{" "}
          <select id="judging-year" name="year" defaultValue={season.year}>
            {season.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>{" "}
          <button type="submit" className="button button--secondary button--small">
            {t("judging.portal.list.apply")}
          </button>
        </Form>
      }
    >
      <FlashMessage />
      <JudgingNav year={season.year} />
      <h2>{t("judgingAdmin.rounds.heading")}</h2>
      {rounds.length === 0 ? (
        <p>{t("judgingAdmin.rounds.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("judgingAdmin.rounds.name")}</th>
                <th scope="col">{t("judgingAdmin.rounds.dates")}</th>
                <th scope="col">{t("judgingAdmin.rounds.state")}</th>
                <th scope="col">{t("judgingAdmin.method.label")}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={round.id}>
                  <th scope="row">
                    <Link to={`${to(`/quan-tri/cham-giai/vong/${round.id}`)}?year=${season.year}`}>
                      {round.position}. {pickLang(round.name, lang)}
                    </Link>
                  </th>
                  <td>
                    {[round.startsOn, round.endsOn]
                      .map((d) => (d ? formatDate(d, lang) : "…"))
                      .join(" – ")}
                  </td>
                  <td>
                    <StatusBadge tone={ROUND_TONES[round.state]}>
                      {t(`judgingAdmin.state.${round.state}`)}
                    </StatusBadge>
                  </td>
                  <td>{t(`judgingAdmin.method.${round.method}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details className="panel admin-panel" open={rounds.length === 0}>
        <summary>{t("judgingAdmin.rounds.create")}</summary>
        <SchemaForm
          schema={roundFormSchema}
          result={result}
          formKey="createRound"
          intent="createRound"
          submitLabel={t("judgingAdmin.rounds.create")}
          wide
          fields={[
            { name: "nameVi", label: t("judgingAdmin.rounds.nameVi"), required: true, row: "name" },
            { name: "nameEn", label: t("judgingAdmin.rounds.nameEn"), required: true, row: "name" },
            {
              name: "startsOn",
              label: t("judgingAdmin.rounds.startsOn"),
              kind: "date",
              row: "dates",
            },
            { name: "endsOn", label: t("judgingAdmin.rounds.endsOn"), kind: "date", row: "dates" },
            {
              name: "method",
              label: t("judgingAdmin.method.label"),
              kind: "select",
              options: RESULT_METHODS.map((m) => ({
                value: m,
                label: t(`judgingAdmin.method.${m}`),
              })),
            },
          ]}
        />
      </details>

      <h2>{t("judgingAdmin.prizes.heading")}</h2>
      <p>{t("judgingAdmin.prizes.publishLead")}</p>
      {prizes.length === 0 ? (
        <p>{t("judgingAdmin.prizes.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("judgingAdmin.results.code")}</th>
                <th scope="col">{t("judgingAdmin.results.title2")}</th>
                <th scope="col">{t("judgingAdmin.results.prize")}</th>
                <th scope="col">{t("judgingAdmin.rounds.state")}</th>
              </tr>
            </thead>
            <tbody>
              {prizes.map((p) => (
                <tr key={p.entryId}>
                  <th scope="row">{p.code}</th>
                  <td>{p.title}</td>
                  <td>{t(`winners.prize.${p.prize}`)}</td>
                  <td>
                    {p.publishedAt ? (
                      <StatusBadge tone="success">{t("judgingAdmin.prizes.published")}</StatusBadge>
                    ) : (
                      <StatusBadge>{t("judgingAdmin.prizes.unpublished")}</StatusBadge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {publishRefused?.formError && publishRefused.formError !== publishBlocked ? (
        <p role="alert">{t(publishRefused.formError)}</p>
      ) : null}
      <Form method="post" className="judge-sheet__actions">
        <input type="hidden" name="intent" value="publish" />
        {publishBlocked ? (
          <p role="note">{t(publishBlocked)}</p>
        ) : (
          <ConfirmButton
            className="button button--primary"
            message={t("judgingAdmin.prizes.publishConfirm", { year: season.year })}
          >
            {t("judgingAdmin.prizes.publish")}
          </ConfirmButton>
        )}
        <Link
          className="button button--secondary"
          to={`${to("/danh-sach-thang-giai")}?year=${season.year}`}
        >
          {t("judgingAdmin.prizes.viewPublic")}
        </Link>
      </Form>
    </AdminPage>
  );
}
