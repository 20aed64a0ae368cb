import type { ZodError } from "zod";
import {
  roundScoringMessage,
  roundScoringState,
  type ScoringWindow,
} from "../../../core/judging-rounds";
import { refusal, type Refusal, type RefusalStatus } from "../../../core/refusal";
import type { JudgingContext } from "./context";

/** A schema's issues as the refusal a form shows: the first message per field. */
export function zodRefusal(error: ZodError, status: RefusalStatus = 400): Refusal {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    fields[key] ??= issue.message;
  }
  return refusal(status, "judging.errors.invalid", fields);
}

/**
 * Why a judge cannot write in the round today (score, update, delete, declare a conflict), or
 * null when they can: the round must be open and today, in Vietnam by the services' clock,
 * within its dates. A day outside them is named in the message ("This round ended on …").
 */
export function scoringRefusal(ctx: JudgingContext, round: ScoringWindow): Refusal | null {
  const message = roundScoringMessage(round, roundScoringState(round, ctx.today()));
  if (!message) return null;
  return {
    ...refusal(409, message.key),
    code: "notAllowed",
    ...(message.values ? { formErrorValues: message.values } : {}),
  };
}
