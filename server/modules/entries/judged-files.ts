import { JUDGED_COPY_FIELDS } from "../../../core/entry-limits";
import type { EntryFileTable } from "../../db/schema";
import type { Q } from "./context";
import { findUnjudgeableKeys } from "./queries";
import { unjudgeableFileIdsOf } from "./values";

/**
 * The ids of these entry files judges will not receive: films and documents the judges'-copy
 * job refused. Read where the entry is checked (submission, removals, the dashboard) so a
 * file that cannot reach judges never counts towards a requirement; a file still waiting for
 * its copy counts (core/entry.ts, `SubmissionOptions.unjudgeableFileIds`).
 */
export async function unjudgeableFileIds(
  q: Q,
  files: readonly Pick<EntryFileTable, "id" | "field" | "storage_key">[],
): Promise<string[]> {
  const copied = files.filter((f) => (JUDGED_COPY_FIELDS as readonly string[]).includes(f.field));
  if (copied.length === 0) return [];
  const refused = await findUnjudgeableKeys(
    q,
    copied.map((f) => f.storage_key),
  );
  return unjudgeableFileIdsOf(copied, refused);
}
