import type { Db } from "../../db/database";
import type { EntryFileField, JudgeCopyProblem } from "../../../core/entry-limits";
import type { BulkStatusChangeInput, StatusChangeInput } from "../../../core/entry-status-change";
import { attachFile } from "./attach-file";
import { autosave } from "./autosave";
import { changeStatus, type StatusActor } from "./change-status";
import { changeStatuses } from "./change-statuses";
import { entriesContext, type EntriesDeps, type Q } from "./context";
import { createDraft } from "./create-draft";
import { entrantDashboard } from "./dashboard";
import { duplicateEntry } from "./duplicate";
import { isStorageKeyInUse } from "./files";
import { formOptions } from "./form-options";
import { getEntry } from "./get";
import { getEntryForStaff } from "./get-for-staff";
import { deleteDraft } from "./delete-draft";
import { removeFile } from "./remove-file";
import { saveDraft } from "./save-draft";
import { statusHistory } from "./status-history";
import { submitEntry } from "./submit";
import type { AttachFileInput, EntryPatch } from "./types";
import { queueUnjudgeableFileEmails } from "./unjudgeable-file-email";
import { uploadAllowed } from "./upload-allowed";
import { withdrawEntry } from "./withdraw";
import { vietnamDay } from "../../../core/dashboard";

export type * from "./types";
export type { EntriesDeps, EntryFileStorage, EntryImages } from "./context";
export type { SavedDraft } from "./autosave";
export type { StatusActor, StatusChanged } from "./change-status";
export type { SkipReason } from "./change-statuses";
export type { StatusHistoryItem } from "./status-history";
export { cleanFileName } from "./files";
export { entryErrorStatus } from "./refusals";

/**
 * The entries domain (PRODUCT §3): drafts that save as the entrant types, entry codes, files
 * attached after their (tus) upload, submission with every seed §5 rule, withdrawal,
 * duplication into another category, and the entrant's dashboard. Each operation lives in
 * its own file; this only binds them to the database and the module's dependencies.
 *
 * Rules the server holds whatever the browser does:
 * - only the owner reads or changes an entry; someone else's entry is "not found";
 * - every change (save, attach, remove, submit, duplicate) needs the season's submission
 *   window open or, for an entry sent back for changes, its due date not yet passed — after
 *   that entries are read-only; withdrawal stays possible before judging (the status
 *   machine decides); staff move entries through the lifecycle with a version check, each
 *   move recorded in the status history and emailed to the entrant;
 * - `version` guards the form's fields against a stale tab overwriting a newer save; files
 *   are added and removed one by one and do not move the version;
 * - a duplicated entry shares its files' stored objects with the original.
 */
export function createEntriesService(db: Db, deps: EntriesDeps) {
  const ctx = entriesContext(db, deps);
  return {
    formOptions: (userId: string, seasonYear?: number) => formOptions(ctx, userId, seasonYear),
    createDraft: (userId: string, input?: EntryPatch) => createDraft(ctx, userId, input),
    get: (userId: string, entryId: string) => getEntry(ctx, userId, entryId),
    getForStaff: (entryId: string) => getEntryForStaff(ctx, entryId),
    saveDraft: (
      userId: string,
      entryId: string,
      patch: EntryPatch,
      options?: { version?: number },
    ) => saveDraft(ctx, userId, entryId, patch, options),
    autosave: (
      userId: string,
      entryId: string,
      patch: EntryPatch,
      options?: { version?: number },
    ) => autosave(ctx, userId, entryId, patch, options),
    uploadAllowed: (
      userId: string,
      entryId: string,
      field: EntryFileField,
      declaredBytes: number,
      declared?: { name?: string; mime?: string },
    ) => uploadAllowed(ctx, userId, entryId, field, declaredBytes, declared),
    attachFile: (userId: string, entryId: string, field: EntryFileField, file: AttachFileInput) =>
      attachFile(ctx, userId, entryId, field, file),
    removeFile: (userId: string, entryId: string, fileId: string) =>
      removeFile(ctx, userId, entryId, fileId),
    submit: (userId: string, entryId: string) => submitEntry(ctx, userId, entryId),
    withdraw: (userId: string, entryId: string) => withdrawEntry(ctx, userId, entryId),
    deleteDraft: (userId: string, entryId: string) => deleteDraft(ctx, userId, entryId),
    duplicate: (
      userId: string,
      entryId: string,
      target: { categoryId: string; trackId?: string },
    ) => duplicateEntry(ctx, userId, entryId, target),
    listForEntrant: (userId: string) => entrantDashboard(ctx, userId),
    isStorageKeyInUse: (key: string) => isStorageKeyInUse(ctx, key),
    // Staff: the status lifecycle (core/entry-status.ts) with its history and emails.
    changeStatus: (actor: StatusActor, entryId: string, input: StatusChangeInput) =>
      changeStatus(ctx, actor, entryId, input),
    changeStatuses: (actor: StatusActor, input: BulkStatusChangeInput) =>
      changeStatuses(ctx, actor, input),
    statusHistory: (entryId: string) => statusHistory(ctx, entryId),
    /** The owner told, in the judges'-copy job's transaction, that judges will not see a file. */
    queueUnjudgeableFileEmails: (trx: Q, sourceKey: string, problem: JudgeCopyProblem) =>
      queueUnjudgeableFileEmails(ctx, trx, sourceKey, problem),
    /** Today in Vietnam on this service's clock: a page checks a due day for changes with it. */
    today: () => vietnamDay(ctx.now()),
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
