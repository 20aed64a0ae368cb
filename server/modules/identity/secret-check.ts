import { createHmac } from "node:crypto";
import type { Db } from "../../db/database";

/** Where the database keeps the fingerprint of the secret its sessions and codes were made with. */
export const SECRET_FINGERPRINT_KEY = "auth.secret-fingerprint";

/** An HMAC of a fixed text under the secret: the same secret gives the same print, and the print tells nothing of the secret. */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("vx-secret-fingerprint").digest("base64url");
}

/**
 * Compares the secret this process signs with (AUTH_SECRET, or DATA_DIR/auth-secret) with the
 * one the database's sessions, judges' codes and pending links were made with, recording it on
 * the first start. `differs`: a process without the others' AUTH_SECRET, or a restored database
 * started with another one — its sessions, codes and links would fail, some requests or all.
 * `replace` records this secret instead (the operator changed it on purpose).
 */
export async function checkSecretAgainstDatabase(
  db: Db,
  secret: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<"recorded" | "matches" | "differs" | "replaced"> {
  const print = secretFingerprint(secret);
  const value = JSON.stringify(print);
  const stamp = new Date().toISOString();
  const stored = await db.kysely
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", SECRET_FINGERPRINT_KEY)
    .executeTakeFirst();
  if (stored?.value === value) return "matches";
  if (stored && !replace) return "differs";
  await db.kysely
    .insertInto("site_settings")
    .values({ key: SECRET_FINGERPRINT_KEY, value, updated_at: stamp })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: stamp }))
    .execute();
  return stored ? "replaced" : "recorded";
}
