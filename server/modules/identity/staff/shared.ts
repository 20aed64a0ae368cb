import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { localizePath, type Lang } from "../../../../core/languages";
import type { Outcome } from "../../../../core/refusal";
import { INVITATION_EXPIRES_HOURS } from "../../../../core/staff";
import type { Db } from "../../../db/database";
import type { Database } from "../../../db/schema";
import { currentPublicUrl } from "../../../public-url";
import type { AuditService } from "../../audit/service";
import type { Auth } from "../auth";

/** What the staff operations share: their dependencies and a few queries about accounts. */

export interface InvitationMail {
  sendStaffInvitation(
    to: string,
    lang: Lang,
    data: { name: string; url: string; role: string; expiresInHours: number },
  ): Promise<unknown>;
}

export interface StaffDeps {
  db: Db;
  auth: Auth;
  mail: InvitationMail;
  audit: AuditService;
  publicUrl: string;
}

/** A write to an account: whose, and (role, active) as they were before. */
export type StaffOutcome = Outcome<{ userId: string; before?: { role: string; active: boolean } }>;

/** A boolean as the database stores it (SQLite has none). */
export const truth = (db: Db, v: boolean) => (db.kind === "postgres" ? v : v ? 1 : 0);

/** Now, as the `user` table's timestamps take it. */
export const nowValue = (db: Db) =>
  db.kind === "postgres" ? new Date() : new Date().toISOString();

/**
 * Active admins, counted inside the caller's transaction. On PostgreSQL their rows are
 * locked, so two admins demoting each other at the same moment cannot both succeed (SQLite
 * runs one writing transaction at a time anyway).
 */
export async function activeAdmins(db: Db, q: Kysely<Database>): Promise<number> {
  let query = q
    .selectFrom("user")
    .select("id")
    .where("role", "=", "admin")
    .where("active", "=", truth(db, true) as never);
  if (db.kind === "postgres") query = query.forUpdate();
  return (await query.execute()).length;
}

export function findUser(db: Db, userId: string) {
  return db.kysely
    .selectFrom("user")
    .select(["id", "email", "name", "role", "active", "lang"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** A user's role and active flag, read inside a writing transaction. */
export function userState(q: Kysely<Database>, userId: string) {
  return q
    .selectFrom("user")
    .select(["id", "role", "active"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** A reset-password token the way better-auth issues one, with the invitation's lifetime. */
export async function invitationUrl(deps: StaffDeps, userId: string, lang: Lang): Promise<string> {
  const context = await deps.auth.$context;
  const token = randomBytes(18).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + INVITATION_EXPIRES_HOURS * 60 * 60 * 1000),
  });
  const base = currentPublicUrl(deps.publicUrl);
  const callback = `${base}${localizePath("/dat-lai-mat-khau", lang)}`;
  return `${base}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(callback)}`;
}
