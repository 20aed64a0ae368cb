import type { BulkStatusChangeInput } from "../../../core/entry-status-change";
import type { Outcome } from "../../../core/refusal";
import type { EntriesContext } from "./context";
import type { StatusActor } from "./change-status";

/** Why one entry of a bulk change was left as it was. */
export type SkipReason = "conflict" | "notAllowed" | "notFound";

/** Moves several entries at once (CONTRACT — implementation pending). */
export async function changeStatuses(
  _ctx: EntriesContext,
  _actor: StatusActor,
  _input: BulkStatusChangeInput,
): Promise<
  Outcome<{
    changed: { id: string; code: string | null }[];
    skipped: { id: string; code: string | null; reason: SkipReason }[];
  }>
> {
  throw new Error("changeStatuses: not implemented yet");
}
