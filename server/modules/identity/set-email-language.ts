import type { Lang } from "../../../core/languages";
import { dbNow } from "./queries";
import type { IdentityDeps } from "./types";

/**
 * The language the account's emails are written in from now on (status changes, payments,
 * receipts): set at registration from the page's language, changed by its owner.
 */
export async function setEmailLanguage(
  { db }: Pick<IdentityDeps, "db">,
  userId: string,
  lang: Lang,
): Promise<void> {
  await db.kysely
    .updateTable("user")
    .set({ lang, updatedAt: dbNow(db) })
    .where("id", "=", userId)
    .execute();
}
