import type { StatusChangeInput } from "../../../core/entry-status-change";
import type { EntryStatus } from "../../../core/entry-status";
import type { Outcome } from "../../../core/refusal";
import type { StaffRole } from "../../../core/roles";
import type { Actor } from "../audit/service";
import type { EntriesContext } from "./context";

/** A staff member moving entries: who (for the history and the audit log) and their role. */
export interface StatusActor extends Actor {
  role: StaffRole;
  name: string;
}

/** An entry's status after a change. */
export interface StatusChanged {
  id: string;
  code: string | null;
  status: EntryStatus;
  statusVersion: number;
}

/** Moves one entry to `input.to` (CONTRACT — implementation pending). */
export async function changeStatus(
  _ctx: EntriesContext,
  _actor: StatusActor,
  _entryId: string,
  _input: StatusChangeInput,
): Promise<Outcome<{ entry: StatusChanged; emailed: boolean }>> {
  throw new Error("changeStatus: not implemented yet");
}
