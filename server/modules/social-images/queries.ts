import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

interface StoredVariant {
  format?: string;
  width?: number;
  key?: string;
}

/**
 * The stored picture a preview is made from for a media row: its widest public variant
 * (1600 px at most, enough to cover 1200×630), else the original. The token names the row's
 * files for good, so it identifies the picture.
 */
function pictureOf(row: { token: string; original_key: string; variants: string }): {
  token: string;
  key: string;
} {
  let variants: StoredVariant[] = [];
  try {
    variants = JSON.parse(row.variants) as StoredVariant[];
  } catch {
    // A row with unreadable variants still has its original.
  }
  const widest = variants
    .filter((v) => typeof v.key === "string" && ["jpeg", "png", "webp"].includes(v.format ?? ""))
    .sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
  return { token: row.token, key: widest?.key ?? row.original_key };
}

export async function mediaPicture(
  db: Kysely<Database>,
  ref: { id: number } | { token: string },
): Promise<{ token: string; key: string } | null> {
  const query = db.selectFrom("media").select(["token", "original_key", "variants"]);
  const row = await (
    "id" in ref ? query.where("id", "=", ref.id) : query.where("token", "=", ref.token)
  ).executeTakeFirst();
  return row ? pictureOf(row) : null;
}
