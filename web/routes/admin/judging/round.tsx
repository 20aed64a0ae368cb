import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData, useLocation } from "react-router";
import { formatDate, formatDay } from "../../../../core/dates";
import {
  assignmentFormSchema,
  nextRoundStates,
  roundFormSchema,
  roundIsEditable,
  roundMoveRefusal,
} from "../../../../core/judging-rounds";
import { RESULT_METHODS } from "../../../../core/judging-results";
import { pickLang } from "../../../../core/languages";
import { refusal } from "../../../../core/refusal";
import { SchemaForm, type FormResult } from "../../../components/form/schema-form";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import {
  positiveInt,
  redirectWithNotice,
  refused,
  submitForm,
} from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { CriteriaEditor } from "../../../features/judging-admin/criteria-editor";
import { JudgingNav } from "../../../features/judging-admin/judging-nav";
import {
  judgingPage,
  judgingRound,
  judgingRoundOverview,
} from "../../../features/judging-admin/season.server";
import { ROUND_TONES } from "../../../features/judging-admin/tones";
import { JudgeProgress } from "../../../features/judging/progress";
import "../../../features/judging/judging.css";
import { formValues } from "../../../lib/forms.server";
import { useLang, useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/round";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("judgingAdmin.rounds.heading");

/** `/quan-tri/cham-giai/vong/:id`: a round — details, state, criteria, assignments, progress, conflicts. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { season } = await judgingPage(request, context);
  const overview = await judgingRoundOverview(context, params.id);
  const [judges, options] = await Promise.all([
    context.services.judging.judges(overview.round.seasonId),
    context.services.judging.options(overview.round.seasonId),
  ]);
  return {
    season,
    overview,
    judges: judges.map((j) => ({ id: j.id, name: j.name })),
    categories: options.categories,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { season, actor } = await judgingPage(request, context);
  const round = await judgingRound(context, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/quan-tri/cham-giai/vong/${round.id}?year=${season.year}`;
  const judging = context.services.judging;
  const done = (notice: string) => () => redirectWithNotice(request, here, notice);
  if (intent === "details") {
    return submitForm(
      form,
      roundFormSchema,
      (input) => judging.updateRound(actor, round.id, input),
      done("judgingAdmin.round.saved"),
      { formKey: "details" },
    );
  }
  if (intent === "assign") {
    return submitForm(
      form,
      assignmentFormSchema,
      (input) => judging.assign(actor, round.id, input),
      done("judgingAdmin.round.assigned"),
      { formKey: "assign" },
    );
  }
  if (intent === "move") {
    const outcome = await judging.moveRound(actor, round.id, formValues(form));
    if (!outcome.ok) return refused(outcome, form, { formKey: intent });
    // Reopened, the round takes the exclusions added while it was closed: the manager is told
    // how many of its scores stop counting.
    return outcome.leftOut > 0
      ? redirectWithNotice(request, here, "judgingAdmin.round.movedScoresLeftOut", {
          count: outcome.leftOut,
        })
      : done("judgingAdmin.round.moved")();
  }
  if (intent === "criteria") {
    const outcome = await judging.saveCriteria(actor, round.id, formValues(form));
    if (!outcome.ok) return refused(outcome, form, { formKey: intent });
    return done("judgingAdmin.round.criteriaSaved")();
  }
  if (intent === "unassign") {
    const id = positiveInt(form.get("assignmentId"));
    const outcome = id
      ? await judging.unassign(actor, round.id, id)
      : refusal(404, "judging.errors.assignmentNotFound");
    if (!outcome.ok) return refused(outcome, form, { formKey: "unassign" });
    return done("judgingAdmin.round.unassigned")();
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminJudgingRound({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const result = useActionData<typeof action>() as FormResult | undefined;
  // Each answered post that succeeded lands on a new location: the assignment form starts
  // empty again then, while a refusal (same location) keeps what was chosen.
  const { key: landing } = useLocation();
  const { season, overview, judges, categories } = loaderData;
  const { round } = overview;
  // A locked round is final: its details and assignments are shown, not offered for change.
  const locked = round.state === "locked";
  const failedFor = (key: string) =>
    result && !result.ok && result.formKey === key ? result : undefined;
  const moveFailed = failedFor("move") ?? failedFor("unassign");
  const name = pickLang(round.name, lang);
  return (
    <AdminPage
      title={`${round.position}. ${name}`}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("judgingAdmin.title"), to: `/quan-tri/cham-giai?year=${season.year}` },
        { label: name },
      ]}
      actions={
        <Link
          className="button button--primary button--small"
          to={`${to(`/quan-tri/cham-giai/vong/${round.id}/ket-qua`)}?year=${season.year}`}
        >
          {t("judgingAdmin.round.results")}
        </Link>
      }
    >
      <FlashMessage />
      <JudgingNav year={season.year} />
      <p>
        <StatusBadge tone={ROUND_TONES[round.state]}>
          {t(`judgingAdmin.state.${round.state}`)}
        </StatusBadge>{" "}
        {t("judgingAdmin.round.entriesNote", { count: overview.entries })}{" "}
        {round.position === 1
          ? t("judgingAdmin.round.firstRoundNote")
          : t("judgingAdmin.round.laterRoundNote")}
      </p>
      {overview.scoring === "notYet" || overview.scoring === "ended" ? (
        // Open, but today is outside the round's days: judges cannot score, whatever the state.
        <p className="form-alert judge-window-notice" role="note" data-testid="round-window">
          {overview.scoring === "notYet"
            ? t("judgingAdmin.round.windowNotYet", { date: formatDay(round.startsOn) })
            : t("judgingAdmin.round.windowEnded", { date: formatDay(round.endsOn) })}
        </p>
      ) : null}
      {moveFailed?.formError ? <p role="alert">{t(moveFailed.formError)}</p> : null}
      <Form method="post" className="judge-sheet__actions">
        <input type="hidden" name="intent" value="move" />
        {nextRoundStates(round.state).map((to) => {
          // A move the server would refuse is not offered: the page says why instead.
          const blocked = roundMoveRefusal(round.state, to, {
            winnersPublished: overview.winnersPublished,
          });
          return blocked ? (
            <p key={to} role="note">
              {t(blocked)}
            </p>
          ) : (
            <ConfirmButton
              key={to}
              name="to"
              value={to}
              className="button button--secondary"
              message={t(`judgingAdmin.moveConfirm.${to}`)}
            >
              {t(`judgingAdmin.move.${to}`)}
            </ConfirmButton>
          );
        })}
      </Form>

      {locked ? null : (
        // Open when the server refused it (a form sent without the page's script), so its
        // messages are seen.
        <details className="panel admin-panel" open={failedFor("details") !== undefined}>
          <summary>{t("judgingAdmin.round.details")}</summary>
          <SchemaForm
            schema={roundFormSchema}
            result={result}
            formKey="details"
            intent="details"
            submitLabel={t("judgingAdmin.round.save")}
            wide
            defaults={{
              nameVi: round.name.vi,
              nameEn: round.name.en,
              startsOn: round.startsOn ?? "",
              endsOn: round.endsOn ?? "",
              method: round.method,
            }}
            fields={[
              {
                name: "nameVi",
                label: t("judgingAdmin.rounds.nameVi"),
                required: true,
                row: "name",
              },
              {
                name: "nameEn",
                label: t("judgingAdmin.rounds.nameEn"),
                required: true,
                row: "name",
              },
              {
                name: "startsOn",
                label: t("judgingAdmin.rounds.startsOn"),
                kind: "date",
                row: "dates",
              },
              {
                name: "endsOn",
                label: t("judgingAdmin.rounds.endsOn"),
                kind: "date",
                row: "dates",
              },
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
      )}

      <h2>{t("judgingAdmin.round.criteria")}</h2>
      <CriteriaEditor
        key={JSON.stringify(round.criteria)}
        criteria={round.criteria}
        editable={roundIsEditable(round.state)}
        serverError={failedFor("criteria")?.formError}
      />

      <h2>{t("judgingAdmin.round.assignments")}</h2>
      {overview.assignments.length === 0 ? (
        <p>{t("judgingAdmin.round.assignmentsEmpty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("judgingAdmin.round.judge")}</th>
                <th scope="col">{t("judgingAdmin.round.target")}</th>
                {locked ? null : (
                  <th scope="col">
                    <span className="visually-hidden">{t("judgingAdmin.round.unassign")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {overview.assignments.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.judge}</th>
                  <td>{a.category ? pickLang(a.category, lang) : a.entryCode}</td>
                  {locked ? null : (
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="unassign" />
                        <input type="hidden" name="assignmentId" value={a.id} />
                        <ConfirmButton
                          className="button button--secondary button--small"
                          message={t("judgingAdmin.round.unassignConfirm")}
                        >
                          {t("judgingAdmin.round.unassign")}
                        </ConfirmButton>
                      </Form>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!locked ? (
        <SchemaForm
          key={landing}
          schema={assignmentFormSchema}
          result={result}
          formKey="assign"
          intent="assign"
          submitLabel={t("judgingAdmin.round.assign")}
          wide
          fields={[
            {
              name: "judgeId",
              label: t("judgingAdmin.round.judge"),
              kind: "select",
              required: true,
              row: "assign",
              options: [
                { value: "", label: t("judgingAdmin.round.chooseJudge") },
                ...judges.map((j) => ({ value: j.id, label: j.name })),
              ],
            },
            {
              name: "categoryId",
              label: t("judgingAdmin.round.chooseCategory"),
              kind: "select",
              row: "assign",
              options: [
                { value: "", label: "—" },
                ...categories.map((c) => ({
                  value: String(c.id),
                  label: `${c.code} · ${pickLang(c.name, lang)}`,
                })),
              ],
            },
            { name: "entryCode", label: t("judgingAdmin.round.orEntryCode"), row: "assign" },
          ]}
        />
      ) : null}

      <h2>{t("judgingAdmin.round.progress")}</h2>
      {overview.judges.length === 0 ? (
        <p>{t("judgingAdmin.round.progressEmpty")}</p>
      ) : (
        <ul className="link-list">
          {overview.judges.map((j) => (
            <li key={j.id} className="panel" data-judge-progress={j.name}>
              <h3>{j.name}</h3>
              <JudgeProgress progress={j.progress} />
            </li>
          ))}
        </ul>
      )}

      <h2>{t("judgingAdmin.round.conflicts")}</h2>
      {overview.conflicts.length === 0 ? (
        <p>{t("judgingAdmin.round.conflictsEmpty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("judgingAdmin.round.judge")}</th>
                <th scope="col">{t("judgingAdmin.results.code")}</th>
                <th scope="col">{t("judgingAdmin.round.note")}</th>
                <th scope="col">{t("judgingAdmin.round.declaredAt")}</th>
              </tr>
            </thead>
            <tbody>
              {overview.conflicts.map((c) => (
                <tr key={`${c.entryId}-${c.judge}`}>
                  <th scope="row">{c.judge}</th>
                  <td>
                    <Link to={to(`/quan-tri/bai-du-thi/${c.entryId}`)}>{c.entryCode}</Link>
                  </td>
                  <td>{c.note}</td>
                  <td>{formatDate(c.declaredAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
