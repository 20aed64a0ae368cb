import type { Lang } from "../../../core/languages";
import type { ResultMethod } from "../../../core/judging-results";
import type { Db } from "../../db/database";
import type { Actor } from "../audit/service";
import type { SheetFormat } from "../exports/spreadsheet";
import { advanceEntries } from "./advance";
import { assignJudge } from "./assign";
import { judgingContext, type JudgingDeps } from "./context";
import { clearedJudgeCookie, judgeCookie } from "./cookie";
import { createJudge } from "./create-judge";
import { createRound } from "./create-round";
import { currentJudge, judgeTokenFrom, signOutJudge } from "./current-judge";
import { declareConflict } from "./declare-conflict";
import { deleteScore } from "./delete-score";
import { addExclusion, removeExclusion } from "./exclusions";
import { exportRound, type RoundExportKind } from "./export-round";
import { issueJudgeCode, setJudgeCode } from "./issue-code";
import { listJudges } from "./list-judges";
import { judgingSeason, managerOptions, seasonPrizes } from "./manager-options";
import { moveRound } from "./move-round";
import { portalClosedRound } from "./portal-closed-round";
import { portalEntries } from "./portal-entries";
import { portalEntry } from "./portal-entry";
import { portalRounds } from "./portal-rounds";
import type { StatusActor } from "../entries/change-status";
import { publishWinners } from "./publish-winners";
import { loadRound, roundsOfSeason } from "./queries";
import { revokeJudgeCode } from "./revoke-code";
import { roundOverview } from "./round-overview";
import { roundResults } from "./round-results";
import { saveCriteria } from "./save-criteria";
import { saveScore } from "./save-score";
import { verifyScoreChain } from "./score-log";
import { setPrize } from "./set-prize";
import { signInJudge } from "./sign-in";
import { sweepExpiredJudgeSessions } from "./sweep-sessions";
import type { JudgeIdentity } from "./types";
import { unassignJudge } from "./unassign";
import { updateRound } from "./update-round";

export type * from "./types";
export type { JudgingDeps } from "./context";
export type { JudgeRow } from "./list-judges";
export type { RoundOverview } from "./round-overview";
export type { RoundResults, CategoryResults, ResultRow } from "./round-results";
export type { ChainReport } from "./score-log";
export type { RoundProgress } from "./portal-rounds";
export { JUDGE_COOKIE } from "./current-judge";
export { JUDGE_SESSION_HOURS } from "./sign-in";

/**
 * Judging (PRODUCT §4). Jury managers run judges and their codes, rounds, criteria,
 * assignments, exclusions, results, advancing, prizes and publishing; judges, signed in with
 * their code, score their assigned entries blind. Every score change is written with its
 * hash-chained log record in one transaction.
 */
export function createJudgingService(db: Db, deps: JudgingDeps) {
  const ctx = judgingContext(db, deps);
  return {
    // The judge portal.
    signIn: (input: unknown, ip: string) => signInJudge(ctx, input, ip),
    currentJudge: (token: string | null) => currentJudge(ctx, token),
    /** The judge a request's Cookie header signs in, or null. */
    judgeOfCookie: (cookie: string | null | undefined) => currentJudge(ctx, judgeTokenFrom(cookie)),
    /** Ends the session a request's Cookie header names. */
    signOutCookie: (cookie: string | null | undefined) => signOutJudge(ctx, judgeTokenFrom(cookie)),
    /** Sessions expired a day ago or more, deleted (a scheduled job). */
    sweepExpiredSessions: () => sweepExpiredJudgeSessions(ctx),
    /** The Set-Cookie value that keeps a judge signed in, and the one that ends it. */
    sessionCookie: (token: string) => judgeCookie(token, deps.secureCookies ?? false),
    clearedCookie: () => clearedJudgeCookie(deps.secureCookies ?? false),
    rounds: (judge: JudgeIdentity) => portalRounds(ctx, judge),
    entries: (judge: JudgeIdentity, roundId: number, categoryId: number | null) =>
      portalEntries(ctx, judge, roundId, categoryId),
    entry: (judge: JudgeIdentity, roundId: number, entryId: string) =>
      portalEntry(ctx, judge, roundId, entryId),
    /** A round of the judge's that has closed for scoring, for the page that says so. */
    closedRound: (judge: JudgeIdentity, roundId: number) => portalClosedRound(ctx, judge, roundId),
    saveScore: (judge: JudgeIdentity, roundId: number, entryId: string, input: unknown) =>
      saveScore(ctx, judge, roundId, entryId, input),
    deleteScore: (judge: JudgeIdentity, roundId: number, entryId: string, input: unknown) =>
      deleteScore(ctx, judge, roundId, entryId, input),
    declareConflict: (judge: JudgeIdentity, roundId: number, entryId: string, input: unknown) =>
      declareConflict(ctx, judge, roundId, entryId, input),
    // Jury managers (section "judging").
    season: (year: number) => judgingSeason(ctx, year),
    judges: (seasonId: number) => listJudges(ctx, seasonId),
    options: (seasonId: number) => managerOptions(ctx, seasonId),
    createJudge: (actor: Actor, seasonId: number, input: unknown) =>
      createJudge(ctx, actor, seasonId, input),
    issueCode: (actor: Actor, judgeId: string) => issueJudgeCode(ctx, actor, judgeId),
    setCode: (judgeId: string, code: string) => setJudgeCode(ctx, judgeId, code),
    revokeCode: (actor: Actor, judgeId: string) => revokeJudgeCode(ctx, actor, judgeId),
    addExclusion: (actor: Actor, input: unknown) => addExclusion(ctx, actor, input),
    removeExclusion: (actor: Actor, id: number) => removeExclusion(ctx, actor, id),
    seasonRounds: (seasonId: number) => roundsOfSeason(ctx.db.kysely, seasonId),
    createRound: (actor: Actor, seasonId: number, input: unknown) =>
      createRound(ctx, actor, seasonId, input),
    updateRound: (actor: Actor, roundId: number, input: unknown) =>
      updateRound(ctx, actor, roundId, input),
    moveRound: (actor: Actor, roundId: number, input: unknown) =>
      moveRound(ctx, actor, roundId, input),
    saveCriteria: (actor: Actor, roundId: number, input: unknown) =>
      saveCriteria(ctx, actor, roundId, input),
    assign: (actor: Actor, roundId: number, input: unknown) =>
      assignJudge(ctx, actor, roundId, input),
    unassign: (actor: Actor, roundId: number, assignmentId: number) =>
      unassignJudge(ctx, actor, roundId, assignmentId),
    /** One round, or null: what a page's action needs before it acts on the round. */
    round: (roundId: number) => loadRound(ctx.db.kysely, roundId),
    overview: (roundId: number) => roundOverview(ctx, roundId),
    results: (roundId: number, method?: ResultMethod) => roundResults(ctx, roundId, method),
    advance: (actor: StatusActor, roundId: number, input: unknown) =>
      advanceEntries(ctx, actor, roundId, input),
    prizes: (seasonId: number) => seasonPrizes(ctx, seasonId),
    setPrize: (actor: Actor, roundId: number, input: unknown) =>
      setPrize(ctx, actor, roundId, input),
    publish: (actor: StatusActor, seasonId: number) => publishWinners(ctx, actor, seasonId),
    exportRound: (
      actor: Actor,
      roundId: number,
      kind: RoundExportKind,
      format: SheetFormat,
      lang: Lang,
    ) => exportRound(ctx, actor, roundId, kind, format, lang),
    /** Walks the score log: is the chain intact, where does it break. */
    verify: () => verifyScoreChain(ctx.db.kysely, ctx.now),
  };
}

export type JudgingService = ReturnType<typeof createJudgingService>;
