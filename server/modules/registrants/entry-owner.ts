import { registrantProfile, type RegistrantProfileView } from "./get";
import type { RegistrantsContext } from "./context";

/** What the staff entry page shows besides the entry's own fields. */
export interface EntryOwnerFacts {
  entryId: string;
  /** The status version the page's status form sends back (a stale one gets a conflict). */
  statusVersion: number;
  /** While the entry is `needs_changes`: until when its owner may edit it. */
  changesDueAt: string | null;
  ownerUserId: string;
  /** The owner's registrant profile and licence; null for an account without one. */
  registrant: RegistrantProfileView | null;
}

/** The entry's status version and its owner's registrant profile, or null for no such entry. */
export async function entryOwnerFacts(
  ctx: RegistrantsContext,
  entryId: string,
): Promise<EntryOwnerFacts | null> {
  if (typeof entryId !== "string" || entryId.length === 0 || entryId.length > 64) return null;
  const row = await ctx.db.kysely
    .selectFrom("entries")
    .select(["id", "owner_user_id", "status_version", "changes_due_at"])
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    entryId: row.id,
    statusVersion: Number(row.status_version),
    changesDueAt: row.changes_due_at,
    ownerUserId: row.owner_user_id,
    registrant: await registrantProfile(ctx, row.owner_user_id),
  };
}
