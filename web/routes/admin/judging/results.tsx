import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData } from "react-router";
import { WINNER_PRIZES } from "../../../../core/content-admin";
import { prizeFormSchema } from "../../../../core/judging-prizes";
import { isResultMethod, RESULT_METHODS } from "../../../../core/judging-results";
import { advanceFormSchema, advanceRefusal } from "../../../../core/judging-rounds";
import { localeOf, pickLang } from "../../../../core/languages";
import { refusal } from "../../../../core/refusal";
import { FormAlert } from "../../../components/form/field";
import type { FormResult } from "../../../components/form/schema-form";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import { redirectWithNotice, refused, submitForm } from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { JudgingNav } from "../../../features/judging-admin/judging-nav";
import { judgingPage, judgingRound } from "../../../features/judging-admin/season.server";
import { useLang, useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/results";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("judgingAdmin.round.results");

/**
 * `/quan-tri/cham-giai/vong/:id/ket-qua[?method=]`: the round's ranking per category by any of
 * the three methods (the round's own by default), advancing to the next round, prizes, export.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { season } = await judgingPage(request, context);
  const round = await judgingRound(context, params.id);
  const asked = new URL(request.url).searchParams.get("method");
  const method = isResultMethod(asked) ? asked : round.method;
  const results = (await context.services.judging.results(round.id, method))!;
  return { season, results };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { season, actor } = await judgingPage(request, context);
  const round = await judgingRound(context, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const judging = context.services.judging;
  const here = `/quan-tri/cham-giai/vong/${round.id}/ket-qua?year=${season.year}`;
  if (intent === "method") {
    const method = String(form.get("method") ?? "");
    const outcome = await judging.updateRound(actor, round.id, {
      nameVi: round.name.vi,
      nameEn: round.name.en,
      startsOn: round.startsOn ?? "",
      endsOn: round.endsOn ?? "",
      method,
    });
    if (!outcome.ok) return refused(outcome, form, { formKey: "method" });
    return redirectWithNotice(request, here, "judgingAdmin.round.saved");
  }
  if (intent === "advance") {
    return submitForm(
      form,
      advanceFormSchema,
      (input) => judging.advance(actor, round.id, input),
      (done) =>
        redirectWithNotice(request, here, "judgingAdmin.results.advancedDone", {
          advanced: done.advanced,
          shortlisted: done.shortlisted,
        }),
      { formKey: "advance" },
    );
  }
  if (intent === "prize") {
    return submitForm(
      form,
      prizeFormSchema,
      (input) => judging.setPrize(actor, round.id, input),
      () =>
        redirectWithNotice(
          request,
          `${here}&method=${String(form.get("method") ?? "")}`,
          "judgingAdmin.results.prizeSaved",
        ),
      { formKey: "prize" },
    );
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminJudgingResults({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const { season, results } = loaderData;
  const { round, method } = results;
  const [rule, setRule] = useState<"top" | "threshold">("top");
  // The advance form is checked in the browser with the schema the action uses.
  const [advanceError, setAdvanceError] = useState<string | null>(null);
  // Every figure with the same three decimals, so a column reads down evenly (8,722 · 8,790 ·
  // 7,000); ties are flagged from the exact values, not from what shows.
  const number = new Intl.NumberFormat(localeOf(lang), {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  });
  const figure = (n: number | undefined) => (n === undefined ? "—" : number.format(n));
  const name = pickLang(round.name, lang);
  const base = to(`/quan-tri/cham-giai/vong/${round.id}`);
  const failed = (key: string) =>
    result && !result.ok && result.formKey === key ? result : undefined;
  // A refused prize is said at its entry's row (or above the tables if that row is gone).
  const prizeRefused = failed("prize");
  const prizeRowError = (entryId: string) =>
    prizeRefused?.values?.entryId === entryId
      ? (prizeRefused.fieldErrors?.prize ?? prizeRefused.formError)
      : undefined;
  const prizeRowShown = results.categories.some((c) =>
    c.rows.some((r) => prizeRowError(r.entryId) !== undefined),
  );
  // Advancing that the server would refuse is not offered: the section says why instead.
  const advanceBlocked = advanceRefusal(round.state, results.next?.state ?? null);
  const exportHref = (kind: string, format: string) =>
    `${base}/xuat?kind=${kind}&format=${format}&year=${season.year}`;
  return (
    <AdminPage
      title={t("judgingAdmin.results.title", { round: name })}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("judgingAdmin.title"), to: `/quan-tri/cham-giai?year=${season.year}` },
        { label: name, to: `/quan-tri/cham-giai/vong/${round.id}?year=${season.year}` },
        { label: t("judgingAdmin.round.results") },
      ]}
      lead={t("judgingAdmin.results.lead")}
      actions={
        <>
          <a className="button button--secondary button--small" href={exportHref("scores", "csv")}>
            {t("judgingAdmin.results.exportScores")}
          </a>{" "}
          <a className="button button--secondary button--small" href={exportHref("scores", "xlsx")}>
            {t("judgingAdmin.results.exportScoresXlsx")}
          </a>{" "}
          <a className="button button--secondary button--small" href={exportHref("ranking", "csv")}>
            {t("judgingAdmin.results.exportRanking")}
          </a>{" "}
          <a
            className="button button--secondary button--small"
            href={exportHref("ranking", "xlsx")}
          >
            {t("judgingAdmin.results.exportRankingXlsx")}
          </a>
        </>
      }
    >
      <FlashMessage />
      <JudgingNav year={season.year} />
      <nav className="judge-sheet__actions" aria-label={t("judgingAdmin.results.show")}>
        <span>{t("judgingAdmin.results.show")}:</span>
        {RESULT_METHODS.map((m) => (
          <Link
            key={m}
            className={`button button--small ${m === method ? "button--primary" : "button--secondary"}`}
            aria-current={m === method ? "true" : undefined}
            to={`${base}/ket-qua?year=${season.year}&method=${m}`}
          >
            {t(`judgingAdmin.method.${m}`)}
          </Link>
        ))}
      </nav>
      {method !== round.method && round.state !== "locked" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="method" />
          <input type="hidden" name="method" value={method} />
          <button type="submit" className="button button--secondary button--small">
            {t("judgingAdmin.results.useMethod")}
          </button>
        </Form>
      ) : null}
      <p>{t("judgingAdmin.results.scores", { count: results.scoreCount })}</p>
      <FormAlert
        message={prizeRefused?.formError && !prizeRowShown ? t(prizeRefused.formError) : undefined}
      />
      {results.categories.length === 0 ? (
        <p>{t("judgingAdmin.results.empty")}</p>
      ) : (
        results.categories.map((c) => (
          <section
            key={c.categoryId ?? "none"}
            aria-label={c.category ? pickLang(c.category, lang) : "—"}
          >
            <h2>
              {c.category ? pickLang(c.category, lang) : "—"}
              {c.track ? (
                <span className="tree-node__meta"> · {pickLang(c.track, lang)}</span>
              ) : null}
            </h2>
            <div className="table-scroll">
              <table className="table" data-results-method={method}>
                <thead>
                  <tr>
                    <th scope="col">{t("judgingAdmin.results.rank")}</th>
                    <th scope="col">{t("judgingAdmin.results.code")}</th>
                    <th scope="col">{t("judgingAdmin.results.title2")}</th>
                    <th scope="col">{t("judgingAdmin.results.count")}</th>
                    <th scope="col">{t("judgingAdmin.results.mean")}</th>
                    <th scope="col">{t("judgingAdmin.results.trimmedMean")}</th>
                    <th scope="col">{t("judgingAdmin.results.normalised")}</th>
                    <th scope="col">{t("judgingAdmin.results.spread")}</th>
                    <th scope="col">{t("judgingAdmin.results.prize")}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.rows.map((r) => (
                    <tr key={r.entryId} data-entry-code={r.code}>
                      <td>
                        {r.rank ?? "—"}
                        {r.tied ? (
                          <>
                            {" "}
                            <StatusBadge tone="warning">
                              {t("judgingAdmin.results.tied")}
                            </StatusBadge>
                          </>
                        ) : null}
                        {r.advanced ? (
                          <>
                            {" "}
                            <StatusBadge tone="info">
                              {t("judgingAdmin.results.advanced")}
                            </StatusBadge>
                          </>
                        ) : null}
                      </td>
                      <th scope="row">
                        <Link to={to(`/quan-tri/bai-du-thi/${r.entryId}`)}>{r.code}</Link>
                      </th>
                      <td>
                        {r.title}
                        <span className="tree-node__meta"> · {r.brand}</span>
                      </td>
                      <td>{r.count === 0 ? t("judgingAdmin.results.notScored") : r.count}</td>
                      <td>{figure(r.mean)}</td>
                      <td>{figure(r.trimmedMean)}</td>
                      <td>{figure(r.normalised)}</td>
                      <td>{figure(r.spread)}</td>
                      <td>
                        <FormAlert
                          message={
                            prizeRowError(r.entryId) ? t(prizeRowError(r.entryId)!) : undefined
                          }
                        />
                        {r.count === 0 ? (
                          // No score in this round: nothing a prize could rest on. A prize
                          // given before can still be taken away.
                          <>
                            <span className="tree-node__meta">
                              {t("judgingAdmin.results.prizeNeedsScore")}
                            </span>
                            {r.prize ? (
                              <Form method="post" className="judge-prize">
                                <input type="hidden" name="intent" value="prize" />
                                <input type="hidden" name="entryId" value={r.entryId} />
                                <input type="hidden" name="method" value={method} />
                                <input type="hidden" name="prize" value="" />
                                {t(`winners.prize.${r.prize}`)}{" "}
                                <button
                                  type="submit"
                                  className="button button--secondary button--small"
                                >
                                  {t("judgingAdmin.results.removePrize")}
                                </button>
                              </Form>
                            ) : null}
                          </>
                        ) : (
                          <Form method="post" className="judge-prize">
                            <input type="hidden" name="intent" value="prize" />
                            <input type="hidden" name="entryId" value={r.entryId} />
                            <input type="hidden" name="method" value={method} />
                            <select
                              name="prize"
                              defaultValue={r.prize ?? ""}
                              aria-label={`${t("judgingAdmin.results.prize")} ${r.code}`}
                            >
                              <option value="">{t("judgingAdmin.results.noPrize")}</option>
                              {WINNER_PRIZES.map((p) => (
                                <option key={p} value={p}>
                                  {t(`winners.prize.${p}`)}
                                </option>
                              ))}
                            </select>{" "}
                            <button
                              type="submit"
                              className="button button--secondary button--small"
                            >
                              {t("judgingAdmin.results.savePrize")}
                            </button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}

      <section className="panel admin-panel" aria-labelledby="advance-heading">
        <h2 id="advance-heading">{t("judgingAdmin.results.advance")}</h2>
        <p>
          {t("judgingAdmin.results.advanceLead", {
            method: t(`judgingAdmin.method.${round.method}`),
          })}
        </p>
        {advanceBlocked ? (
          <p role="note">{t(advanceBlocked)}</p>
        ) : (
          <Form
            method="post"
            className="form"
            onSubmit={(event) => {
              const values = Object.fromEntries(new FormData(event.currentTarget));
              const parsed = advanceFormSchema.safeParse(values);
              setAdvanceError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
              if (!parsed.success) event.preventDefault();
            }}
          >
            <FormAlert
              message={
                advanceError
                  ? t(advanceError)
                  : failed("advance")?.formError
                    ? t(failed("advance")!.formError!)
                    : undefined
              }
            />
            <input type="hidden" name="intent" value="advance" />
            <input type="hidden" name="formKey" value="advance" />
            <fieldset>
              <legend className="visually-hidden">{t("judgingAdmin.results.advance")}</legend>
              <label>
                <input
                  type="radio"
                  name="rule"
                  value="top"
                  checked={rule === "top"}
                  onChange={() => setRule("top")}
                />{" "}
                {t("judgingAdmin.results.ruleTop")}
              </label>{" "}
              <label>
                <input
                  type="radio"
                  name="rule"
                  value="threshold"
                  checked={rule === "threshold"}
                  onChange={() => setRule("threshold")}
                />{" "}
                {t("judgingAdmin.results.ruleThreshold")}
              </label>
            </fieldset>
            {rule === "top" ? (
              <label>
                {t("judgingAdmin.results.count2")}{" "}
                <input
                  type="number"
                  name="count"
                  min={1}
                  max={1000}
                  step={1}
                  defaultValue={3}
                  className="judge-sheet__score"
                />
              </label>
            ) : (
              <label>
                {t("judgingAdmin.results.threshold")}{" "}
                <input
                  type="number"
                  name="threshold"
                  min={-100}
                  max={100}
                  step="0.01"
                  defaultValue={7}
                  className="judge-sheet__score"
                />
              </label>
            )}
            <p>
              <ConfirmButton
                className="button button--primary"
                message={t("judgingAdmin.results.advanceConfirm")}
              >
                {t("judgingAdmin.results.advanceSubmit")}
              </ConfirmButton>
            </p>
          </Form>
        )}
      </section>
    </AdminPage>
  );
}
