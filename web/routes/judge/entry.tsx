import { useTranslation } from "../../i18n/use-translation";
import { data, Link, useActionData } from "react-router";
import { roundScoringMessage } from "../../../core/judging-rounds";
import { pickLang } from "../../../core/languages";
import { SectionHeading } from "../../components/section-heading";
import { positiveInt } from "../../features/back-office/form.server";
import { BlindEntryView } from "../../features/judging/blind-entry";
import { ClosedRound } from "../../features/judging/closed-round";
import { ScoreSheet } from "../../features/judging/score-sheet";
import { requireJudge } from "../../features/judging/session.server";
import "../../features/judging/judging.css";
import { pageMeta } from "../../lib/meta";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";
import { useLang, useLocalizedPath } from "../../lib/site";
import type { Route } from "./+types/entry";
import { personalPageHeaders } from "../../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "judging.portal.title" }),
  { name: "robots", content: "noindex" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/giam-khao/vong/:roundId/:entryId`: one assigned entry, blind, with the score sheet (read-only,
 * saying why, in an open round on a day outside its days); in a round of the judge's that has
 * closed, the page that says so; otherwise not found.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const judge = await requireJudge(request, context);
  const { judging } = context.services;
  const roundId = positiveInt(params.roundId);
  const valid = roundId !== null && UUID.test(params.entryId);
  const found = valid ? await judging.entry(judge, roundId, params.entryId) : null;
  if (found) return { ...found, closed: null };
  const closed = valid ? await judging.closedRound(judge, roundId) : null;
  if (!closed) throw data(null, { status: 404 });
  return { closed };
}

/**
 * A sheet or conflict note sent by the browser itself: the page's script never ran (it is off,
 * or did not load). Nothing is saved, since a score is confirmed in a dialog first; the page
 * comes back with what was typed in its fields and says why (`ScoreSheet`'s `sentWithoutScript`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireJudge(request, context);
  const form = await request.formData();
  const typed: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name.length <= 64) typed[name] = value.slice(0, 2000);
  }
  const sent = "note" in typed ? ("conflict" as const) : ("sheet" as const);
  return { sentWithoutScript: { form: sent, typed } };
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function JudgeEntry({ loaderData }: Route.ComponentProps) {
  if (loaderData.closed) return <ClosedRound round={loaderData.closed} />;
  return <OpenEntry {...loaderData} />;
}

function OpenEntry({
  round,
  entry,
  neighbours,
}: Exclude<Route.ComponentProps["loaderData"], { closed: object }>) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const base = `/giam-khao/vong/${round.id}`;
  const sentWithoutScript = useActionData<typeof action>()?.sentWithoutScript;
  return (
    <div className="container page">
      <nav className="judge-sheet__actions" aria-label={pickLang(round.name, lang)}>
        <Link to={to(base)}>{t("judging.portal.entry.back")}</Link>
        {neighbours.previous ? (
          <Link to={to(`${base}/${neighbours.previous}`)}>
            {t("judging.portal.entry.previous")}
          </Link>
        ) : null}
        {neighbours.next ? (
          <Link to={to(`${base}/${neighbours.next}`)}>{t("judging.portal.entry.next")}</Link>
        ) : null}
      </nav>
      <SectionHeading level={1} title={`${entry.code} · ${entry.title}`} />
      <p className="tree-node__meta">{t("judging.portal.blindNote")}</p>
      <div className="judge-layout">
        <BlindEntryView entry={entry} lang={lang} />
        <div className="judge-layout__sheet">
          {/* A fresh sheet per entry: moving to the next entry must not carry values over. */}
          <ScoreSheet
            key={entry.id}
            lang={lang}
            roundId={round.id}
            entryId={entry.id}
            code={entry.code}
            criteria={round.criteria}
            score={entry.score}
            conflict={entry.conflict}
            sentWithoutScript={sentWithoutScript}
            readOnly={roundScoringMessage(round, round.scoring)}
          />
        </div>
      </div>
    </div>
  );
}
