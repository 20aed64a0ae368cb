import { entryFileProblemMessage, type EntryFileField } from "../../../core/entry-limits";
import type { EntriesContext } from "./context";
import { additionProblem, sizeProblem } from "./files";
import { loadOwned } from "./load";
import { writeProblem } from "./refusals";
import { isEntryFileField } from "./values";

/**
 * Whether the owner may start (or continue) an upload of `declaredBytes` to the field: null,
 * or the i18n key of the reason (the tus endpoint asks before accepting any byte). With
 * `declared`, the name and type the browser declared are checked too.
 */
export async function uploadAllowed(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
  field: EntryFileField,
  declaredBytes: number,
  declared?: { name?: string; mime?: string },
): Promise<string | null> {
  if (!isEntryFileField(field)) return "entry.problems.invalid";
  const loaded = await loadOwned(ctx, ctx.db.kysely, userId, entryId);
  if (!loaded) return "entry.problems.notFound";
  const refused = writeProblem(loaded, ctx.clock());
  if (refused) return refused.formError ?? "entry.problems.notEditable";
  const size = sizeProblem(field, declaredBytes);
  if (size) return size;
  if (declared?.name !== undefined) {
    const problem = entryFileProblemMessage(field, {
      name: declared.name,
      type: declared.mime ?? "",
      size: declaredBytes,
    });
    if (problem) return problem;
  }
  return additionProblem(loaded, field);
}
