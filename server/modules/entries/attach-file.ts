import { randomUUID } from "node:crypto";
import {
  ENTRY_FILE_RULES,
  entryFileProblemMessage,
  type EntryFileField,
} from "../../../core/entry-limits";
import type { EntriesContext } from "./context";
import { additionProblem, cleanFileName, releaseKeys, sizeProblem } from "./files";
import { loadOwned, viewOf } from "./load";
import { invalid, invalidField, notFound, writeProblem } from "./refusals";
import type { AttachFileInput, EntryFailure, EntryFileView, EntryResult, EntryView } from "./types";
import { DRAFT_KEY_OF_FILE_FIELD } from "../../../core/entry";
import { isEntryFileField } from "./values";

/**
 * Attaches a stored file (after the tus upload finished and its content was checked) to the
 * field. Images: at most 12. Video: in a draft, refused while a video file or link is there
 * ("remove it first"); once submitted, the new film replaces the video there: the old film,
 * or the link, cleared in the same transaction (the entry holds one or the other, and its
 * only video cannot be removed first). Other fields hold one file: a new one replaces the
 * old. Attaching the same storage key to the same field again returns the file already
 * attached, so a retried completion never adds a copy. Files do not move the entry's
 * version, so an upload finishing in the background never makes the form's next autosave a
 * conflict — except a link cleared, a change of the form's values like a save's: it moves
 * the version, so a page still holding the link cannot save it back over the film (a link
 * saved over the film replaces it, save-draft.ts). On refusal the caller deletes the stored
 * object.
 */
export async function attachFile(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  field: EntryFileField,
  file: AttachFileInput,
): Promise<EntryResult<{ file: EntryFileView; entry: EntryView }>> {
  if (!isEntryFileField(field)) return invalid({ form: "entry.problems.invalid" });
  const formField = DRAFT_KEY_OF_FILE_FIELD[field];
  const refuseFile = (key: string) => invalidField(formField, key);
  const rule = ENTRY_FILE_RULES[field];
  const size = sizeProblem(field, Number(file.bytes));
  if (size) return refuseFile(size);
  if (!rule.mimeTypes.includes(String(file.mime).toLowerCase())) {
    return refuseFile(
      entryFileProblemMessage(field, { name: "file.unknown", type: "", size: 1 }) ??
        "entry.problems.invalid",
    );
  }
  if (typeof file.key !== "string" || file.key === "" || file.key.length > 512) {
    return refuseFile("entry.problems.invalid");
  }
  const name = cleanFileName(String(file.name ?? ""));
  if (name === "") return refuseFile("entry.problems.fileName");

  const released: string[] = [];
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | { id: string }> => {
      const loaded = await loadOwned(ctx, trx, userId, entryId, true);
      if (!loaded) return notFound();
      const refused = writeProblem(loaded, ctx.clock());
      if (refused) return refused;
      const again = loaded.files.find((f) => f.field === field && f.storage_key === file.key);
      if (again) return { id: again.id };
      const problem = additionProblem(loaded, field);
      if (problem) return refuseFile(problem);
      if (field !== "images") {
        const replaced = loaded.files.filter((f) => f.field === field);
        for (const old of replaced) {
          await trx.deleteFrom("entry_files").where("id", "=", old.id).execute();
          released.push(old.storage_key);
        }
      }
      const order =
        field === "images"
          ? Math.max(
              0,
              ...loaded.files.filter((f) => f.field === field).map((f) => Number(f.sort_order) + 1),
            )
          : 0;
      const id = randomUUID();
      const stamp = ctx.now();
      await trx
        .insertInto("entry_files")
        .values({
          id,
          entry_id: loaded.row.id,
          field,
          storage_key: file.key,
          original_name: name,
          mime: String(file.mime).toLowerCase(),
          bytes: Number(file.bytes),
          width: file.width ?? null,
          height: file.height ?? null,
          duration_seconds: file.durationSeconds ?? null,
          variants: JSON.stringify(file.variants ?? null),
          sort_order: order,
          created_at: stamp,
        })
        .execute();
      const linkReplaced = field === "video" && loaded.row.video_link.trim() !== "";
      await trx
        .updateTable("entries")
        .set(
          linkReplaced
            ? { video_link: "", version: Number(loaded.row.version) + 1, updated_at: stamp }
            : { updated_at: stamp },
        )
        .where("id", "=", loaded.row.id)
        .execute();
      return { id };
    });
  if ("ok" in outcome) return outcome;
  await releaseKeys(ctx, released);
  const entry = await viewOf(ctx, entryId);
  const attached = entry.files.find((f) => f.id === outcome.id);
  if (!attached) throw new Error(`Attached file ${outcome.id} vanished`);
  return { ok: true, file: attached, entry };
}
