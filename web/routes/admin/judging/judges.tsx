import { useEffect, useRef } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, useActionData } from "react-router";
import { formatDate } from "../../../../core/dates";
import { exclusionFormSchema, judgeFormSchema } from "../../../../core/judging-rounds";
import { keyboardPlaceLost } from "../../../lib/after-send";

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
import { JudgingNav } from "../../../features/judging-admin/judging-nav";
import { judgingPage } from "../../../features/judging-admin/season.server";
import { useLang } from "../../../lib/site";
import type { Route } from "./+types/judges";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("judgingAdmin.judges.title");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/quan-tri/cham-giai/giam-khao`: the season's judges, their codes (never shown again), exclusions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { season } = await judgingPage(request, context);
  const [judges, options] = await Promise.all([
    context.services.judging.judges(season.id),
    context.services.judging.options(season.id),
  ]);
  return { season, judges, options };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { season, actor } = await judgingPage(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/quan-tri/cham-giai/giam-khao?year=${season.year}`;
  const judgeId = String(form.get("judgeId") ?? "");
  if (intent === "createJudge") {
    return submitForm(
      form,
      judgeFormSchema,
      (input) => context.services.judging.createJudge(actor, season.id, input),
      () => redirectWithNotice(request, here, "judgingAdmin.judges.created"),
      { formKey: "createJudge" },
    );
  }
  if ((intent === "issue" || intent === "revoke") && UUID.test(judgeId)) {
    const judge = (await context.services.judging.judges(season.id)).find((j) => j.id === judgeId);
    if (!judge)
      return refused(refusal(404, "judging.errors.judgeNotFound"), form, { formKey: intent });
    if (intent === "revoke") {
      const outcome = await context.services.judging.revokeCode(actor, judgeId);
      if (!outcome.ok) return refused(outcome, form, { formKey: intent });
      return redirectWithNotice(request, here, "judgingAdmin.judges.revoked");
    }
    const outcome = await context.services.judging.issueCode(actor, judgeId);
    if (!outcome.ok) return refused(outcome, form, { formKey: intent });
    // Shown once, in this answer only: never stored in clear, never in a URL.
    return {
      ok: true as const,
      issued: {
        name: judge.name,
        email: judge.email,
        code: outcome.code,
        emailed: outcome.emailed,
      },
    };
  }
  if (intent === "addExclusion") {
    return submitForm(
      form,
      exclusionFormSchema,
      (input) => context.services.judging.addExclusion(actor, input),
      // Scores the judge already gave the registrant's entries in a round still open no longer
      // count: the manager is told how many.
      ({ leftOut }) =>
        leftOut > 0
          ? redirectWithNotice(request, here, "judgingAdmin.judges.excludedScoresLeftOut", {
              count: leftOut,
            })
          : redirectWithNotice(request, here, "judgingAdmin.judges.excluded"),
      { formKey: "addExclusion" },
    );
  }
  if (intent === "removeExclusion") {
    const id = positiveInt(form.get("exclusionId"));
    const outcome = id
      ? await context.services.judging.removeExclusion(actor, id)
      : refusal(404, "judging.errors.exclusionNotFound");
    if (!outcome.ok) return refused(outcome, form);
    return redirectWithNotice(request, here, "judgingAdmin.judges.unexcluded");
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminJudges({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const answer = useActionData<typeof action>();
  const result = answer && "issued" in answer ? undefined : (answer as FormResult | undefined);
  const issued = answer && "issued" in answer ? answer.issued : null;
  const { season, judges, options } = loaderData;
  // The add box is open while the season has no judges and closes with the first one added,
  // taking the focused button with it: the keyboard's place goes to the box's summary then
  // (where the next judge is added), not to the page's start.
  const addSummary = useRef<HTMLElement>(null);
  const judgeCount = useRef(judges.length);
  useEffect(() => {
    const added = judges.length > judgeCount.current;
    judgeCount.current = judges.length;
    if (added && keyboardPlaceLost()) addSummary.current?.focus();
  }, [judges.length]);
  const codeState = (j: (typeof judges)[number]) =>
    j.code === "active" ? (
      <StatusBadge tone="success">
        {t("judgingAdmin.judges.codeActive", { hint: j.codeHint })}
      </StatusBadge>
    ) : j.code === "revoked" ? (
      <StatusBadge tone="danger">{t("judgingAdmin.judges.codeRevoked")}</StatusBadge>
    ) : (
      <StatusBadge>{t("judgingAdmin.judges.codeNone")}</StatusBadge>
    );
  return (
    <AdminPage
      title={t("judgingAdmin.judges.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("judgingAdmin.title"), to: `/quan-tri/cham-giai?year=${season.year}` },
        { label: t("judgingAdmin.judges.title") },
      ]}
      lead={t("judgingAdmin.judges.lead")}
    >
      <FlashMessage />
      <JudgingNav year={season.year} />
      {issued ? (
        <section
          className="panel admin-panel judge-code-once"
          aria-labelledby="judge-code-heading"
          role="status"
        >
          <h2 id="judge-code-heading">
            {t("judgingAdmin.judges.codeShown", { name: issued.name })}
          </h2>
          <p>
            <code className="judge-code" data-testid="judge-code">
              {issued.code}
            </code>
          </p>
          <p>
            {issued.emailed
              ? t("judgingAdmin.judges.codeOnce", { email: issued.email })
              : t("judgingAdmin.judges.codeNotEmailed")}
          </p>
        </section>
      ) : null}
      {result && !result.ok && result.formError && !result.formKey ? (
        <p role="alert">{t(result.formError)}</p>
      ) : null}
      {judges.length === 0 ? (
        <p>{t("judgingAdmin.judges.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("judgingAdmin.judges.name")}</th>
                <th scope="col">{t("judgingAdmin.judges.email")}</th>
                <th scope="col">{t("judgingAdmin.judges.profile")}</th>
                <th scope="col">{t("judgingAdmin.judges.code")}</th>
                <th scope="col">{t("judgingAdmin.judges.conflicts")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("judgingAdmin.judges.code")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {judges.map((j) => (
                <tr key={j.id} data-judge={j.email}>
                  <th scope="row">{j.name}</th>
                  <td>
                    {j.email} ({j.lang.toUpperCase()})
                  </td>
                  <td>{j.juryMember?.name ?? t("judgingAdmin.judges.noProfile")}</td>
                  <td>
                    {codeState(j)}
                    {j.codeIssuedAt ? (
                      <span className="tree-node__meta"> {formatDate(j.codeIssuedAt, lang)}</span>
                    ) : null}
                  </td>
                  <td>{j.conflicts}</td>
                  <td>
                    <Form method="post" className="judge-sheet__actions">
                      <input type="hidden" name="judgeId" value={j.id} />
                      {j.code === "active" ? (
                        <>
                          <ConfirmButton
                            name="intent"
                            value="issue"
                            className="button button--secondary button--small"
                            message={t("judgingAdmin.judges.reissueConfirm", { name: j.name })}
                          >
                            {t("judgingAdmin.judges.reissue")}
                          </ConfirmButton>
                          <ConfirmButton
                            name="intent"
                            value="revoke"
                            className="button button--secondary button--small"
                            message={t("judgingAdmin.judges.revokeConfirm", { name: j.name })}
                          >
                            {t("judgingAdmin.judges.revoke")}
                          </ConfirmButton>
                        </>
                      ) : (
                        <button
                          type="submit"
                          name="intent"
                          value="issue"
                          className="button button--small"
                        >
                          {t("judgingAdmin.judges.issue")}
                        </button>
                      )}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details className="panel admin-panel" open={judges.length === 0}>
        <summary ref={addSummary}>{t("judgingAdmin.judges.create")}</summary>
        <SchemaForm
          // Emptied once a judge is added: what was typed was for that judge.
          key={judges.length}
          schema={judgeFormSchema}
          result={result}
          formKey="createJudge"
          intent="createJudge"
          submitLabel={t("judgingAdmin.judges.create")}
          defaults={{ lang: "vi" }}
          wide
          fields={[
            { name: "name", label: t("judgingAdmin.judges.name"), required: true, row: "who" },
            {
              name: "email",
              label: t("judgingAdmin.judges.email"),
              kind: "email",
              required: true,
              row: "who",
            },
            {
              name: "lang",
              label: t("judgingAdmin.judges.lang"),
              kind: "select",
              row: "more",
              options: [
                { value: "vi", label: "Tiếng Việt" },
                { value: "en", label: "English" },
              ],
            },
            {
              name: "juryMemberId",
              label: t("judgingAdmin.judges.profile"),
              kind: "select",
              row: "more",
              options: [
                { value: "", label: t("judgingAdmin.judges.noProfile") },
                ...options.jury.map((m) => ({ value: String(m.id), label: m.name })),
              ],
            },
          ]}
        />
      </details>

      <h2>{t("judgingAdmin.judges.exclusions")}</h2>
      <p>{t("judgingAdmin.judges.exclusionsLead")}</p>
      {judges.every((j) => j.exclusions.length === 0) ? (
        <p>{t("judgingAdmin.judges.exclusionsEmpty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("judgingAdmin.round.judge")}</th>
                <th scope="col">{t("judgingAdmin.judges.registrant")}</th>
                <th scope="col">{t("judgingAdmin.judges.note")}</th>
                <th scope="col">
                  <span className="visually-hidden">
                    {t("judgingAdmin.judges.removeExclusion")}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {judges.flatMap((j) =>
                j.exclusions.map((x) => (
                  <tr key={x.id}>
                    <th scope="row">{j.name}</th>
                    <td>{x.registrant}</td>
                    <td>{x.note}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="exclusionId" value={x.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="removeExclusion"
                          className="button button--secondary button--small"
                        >
                          {t("judgingAdmin.judges.removeExclusion")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
      {judges.length > 0 ? (
        <SchemaForm
          schema={exclusionFormSchema}
          result={result}
          formKey="addExclusion"
          intent="addExclusion"
          submitLabel={t("judgingAdmin.judges.addExclusion")}
          wide
          fields={[
            {
              name: "judgeId",
              label: t("judgingAdmin.round.judge"),
              kind: "select",
              required: true,
              row: "pair",
              options: [
                { value: "", label: t("judgingAdmin.round.chooseJudge") },
                ...judges.map((j) => ({ value: j.id, label: j.name })),
              ],
            },
            {
              name: "registrantId",
              label: t("judgingAdmin.judges.registrant"),
              kind: "select",
              required: true,
              row: "pair",
              options: [
                { value: "", label: t("judgingAdmin.judges.chooseRegistrant") },
                ...options.registrants.map((r) => ({ value: r.id, label: r.name })),
              ],
            },
            { name: "note", label: t("judgingAdmin.judges.note") },
          ]}
        />
      ) : null}
    </AdminPage>
  );
}
