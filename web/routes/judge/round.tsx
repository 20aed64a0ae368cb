import { useTranslation } from "../../i18n/use-translation";
import { data, Form, Link } from "react-router";
import { localeOf, pickLang } from "../../../core/languages";
import { SectionHeading } from "../../components/section-heading";
import { positiveInt } from "../../features/back-office/form.server";
import { ClosedRound } from "../../features/judging/closed-round";
import { JudgeProgress } from "../../features/judging/progress";
import { RoundDates, ScoringWindowNotice } from "../../features/judging/round-window";
import { requireJudge } from "../../features/judging/session.server";
import "../../features/judging/judging.css";
import { pageMeta } from "../../lib/meta";
import { useLang, useLocalizedPath } from "../../lib/site";
import type { Route } from "./+types/round";
import { personalPageHeaders } from "../../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "judging.portal.title" }),
  { name: "robots", content: "noindex" },
];

/**
 * `/giam-khao/vong/:roundId`: the judge's assigned entries in an open round, by category, with
 * its days (outside them, when scoring starts or that it ended); a round of theirs that has
 * closed says so; any other round is not found.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const judge = await requireJudge(request, context);
  const { judging } = context.services;
  const roundId = positiveInt(params.roundId);
  const category = positiveInt(new URL(request.url).searchParams.get("category"));
  const found = roundId ? await judging.entries(judge, roundId, category) : null;
  if (found) return { ...found, category, closed: null };
  const closed = roundId ? await judging.closedRound(judge, roundId) : null;
  if (!closed) throw data(null, { status: 404 });
  return { closed };
}

export default function JudgeRound({ loaderData }: Route.ComponentProps) {
  if (loaderData.closed) return <ClosedRound round={loaderData.closed} />;
  return <OpenRound {...loaderData} />;
}

function OpenRound({
  round,
  entries,
  categories,
  progress,
  category,
}: Exclude<Route.ComponentProps["loaderData"], { closed: object }>) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const number = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 2 });
  return (
    <div className="container page">
      <p>
        <Link to={to("/giam-khao")}>{t("judging.portal.list.backToRounds")}</Link>
      </p>
      <SectionHeading level={1} title={pickLang(round.name, lang)} />
      <RoundDates round={round} />
      <ScoringWindowNotice round={round} />
      <p className="tree-node__meta">{t("judging.portal.blindNote")}</p>
      <JudgeProgress progress={progress} />
      <Form method="get" className="form judge-filter">
        <label htmlFor="judge-category">{t("judging.portal.list.filter")}</label>{" "}
        <select id="judge-category" name="category" defaultValue={category ?? ""}>
          <option value="">{t("judging.portal.list.allCategories")}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {pickLang(c.name, lang)} ({c.count})
            </option>
          ))}
        </select>{" "}
        <button type="submit" className="button button--secondary">
          {t("judging.portal.list.apply")}
        </button>
      </Form>
      {entries.length === 0 ? (
        <p>{t("judging.portal.list.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table judge-entries">
            <thead>
              <tr>
                <th scope="col">{t("judging.portal.list.code")}</th>
                <th scope="col">{t("judging.portal.list.title")}</th>
                <th scope="col">{t("judging.portal.list.category")}</th>
                <th scope="col">{t("judging.portal.list.state")}</th>
                <th scope="col" className="judge-entries__total">
                  {t("judging.portal.list.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-entry-code={entry.code}>
                  <th scope="row">
                    <Link to={to(`/giam-khao/vong/${round.id}/${entry.id}`)}>{entry.code}</Link>
                  </th>
                  <td>{entry.title}</td>
                  <td>{entry.category ? pickLang(entry.category, lang) : "—"}</td>
                  <td>
                    {entry.conflict
                      ? t("judging.portal.list.conflict")
                      : entry.score
                        ? t("judging.portal.list.scored")
                        : t("judging.portal.list.notScored")}
                  </td>
                  <td className="judge-entries__total">
                    {entry.score && !entry.conflict ? number.format(entry.score.total) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
