import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { INVITATION_EXPIRES_HOURS } from "../../../core/admin-platform";
import { localizePath, type Lang } from "../../../core/languages";
import { clampPage, likeContains, type ListPage } from "../../../core/list-query";
import { isStaffRole, STAFF_ROLES, type Role, type StaffRole } from "../../../core/roles";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Auth } from "./auth";
import { currentPublicUrl } from "../../public-url";

/**
 * Users and roles (admins, PRODUCT §1): the accounts table, staff invitations (an account
 * without a password plus a better-auth reset-password token, sent as an invitation email),
 * role changes and deactivation. There is always at least one active admin.
 */
export type StaffService = ReturnType<typeof createStaffService>;

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  emailVerified: boolean;
  createdAt: string;
  /** Staff invited but without a password yet. */
  invited: boolean;
}

export interface UserQuery {
  q?: string;
  role?: Role | "";
  page?: number;
  pageSize?: number;
  /** By creation time: newest first unless "asc". */
  dir?: "asc" | "desc";
}

export type StaffOutcome =
  | { ok: true; userId: string; before?: { role: string; active: boolean } }
  | { ok: false; status: 400 | 404 | 409; formError: string; fieldErrors?: Record<string, string> };

export interface InvitationMail {
  sendStaffInvitation(
    to: string,
    lang: Lang,
    data: { name: string; url: string; role: string; expiresInHours: number },
  ): Promise<unknown>;
}

const iso = (value: string | Date): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function createStaffService(deps: {
  db: Db;
  auth: Auth;
  mail: InvitationMail;
  publicUrl: string;
  clock?: () => Date;
}) {
  const { db, auth } = deps;
  const k = db.kysely;
  const truth = (v: boolean) => (db.kind === "postgres" ? v : v ? 1 : 0);
  const nowValue = () => (db.kind === "postgres" ? new Date() : new Date().toISOString());

  /**
   * Active admins, counted inside the caller's transaction. On PostgreSQL their rows are
   * locked, so two admins demoting each other at the same moment cannot both succeed (SQLite
   * runs one writing transaction at a time anyway).
   */
  async function activeAdmins(q: Kysely<Database> = k): Promise<number> {
    let query = q
      .selectFrom("user")
      .select("id")
      .where("role", "=", "admin")
      .where("active", "=", truth(true) as never);
    if (db.kind === "postgres") query = query.forUpdate();
    return (await query.execute()).length;
  }

  async function find(userId: string) {
    return k
      .selectFrom("user")
      .select(["id", "email", "name", "role", "active", "lang"])
      .where("id", "=", userId)
      .executeTakeFirst();
  }

  /** A reset-password token the way better-auth issues one, with the invitation's lifetime. */
  async function invitationUrl(userId: string, lang: Lang): Promise<string> {
    const context = await auth.$context;
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

  return {
    /** Accounts newest first, searched by name/email and filtered by role, one page at a time. */
    async list(query: UserQuery = {}): Promise<ListPage<UserRow>> {
      const pageSize = Math.min(Math.max(query.pageSize ?? 25, 1), 100);
      let base = k.selectFrom("user");
      if (query.role) base = base.where("role", "=", query.role);
      const q = query.q?.trim();
      if (q) {
        const pattern = likeContains(q);
        base = base.where((eb) =>
          eb.or([
            sql<boolean>`lower(${sql.ref("email")}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${sql.ref("name")}) like ${pattern} escape '\\'`,
          ]),
        );
      }
      const counted = await base
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      const total = Number(counted?.n ?? 0);
      const { page, pageCount, offset } = clampPage(query.page ?? 1, total, pageSize);
      const rows = await base
        .select(["id", "name", "email", "role", "active", "emailVerified", "createdAt"])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom("account")
                .select("account.id")
                .whereRef("account.userId", "=", "user.id")
                .where("account.providerId", "=", "credential"),
            )
            .as("hasPassword"),
        )
        .orderBy("createdAt", query.dir === "asc" ? "asc" : "desc")
        .orderBy("id", query.dir === "asc" ? "asc" : "desc")
        .limit(pageSize)
        .offset(offset)
        .execute();
      return {
        total,
        page,
        pageSize,
        pageCount,
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: (isStaffRole(row.role) ? row.role : "entrant") as Role,
          active: Boolean(row.active),
          emailVerified: Boolean(row.emailVerified),
          createdAt: iso(row.createdAt),
          invited: isStaffRole(row.role) && !row.hasPassword,
        })),
      };
    },

    /**
     * A staff account without a password, and an email whose link sets one (better-auth's
     * reset-password flow at /dat-lai-mat-khau). An existing address is refused.
     */
    async invite(input: {
      email: string;
      name: string;
      role: StaffRole;
      lang: Lang;
    }): Promise<StaffOutcome> {
      const email = input.email.trim().toLowerCase();
      const existing = await k
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      if (existing) {
        return {
          ok: false,
          status: 409,
          formError: "adminPlatform.errors.emailTaken",
          fieldErrors: { email: "adminPlatform.errors.emailTaken" },
        };
      }
      const context = await auth.$context;
      const user = await context.internalAdapter.createUser({
        email,
        name: input.name,
        emailVerified: true,
        role: input.role,
        lang: input.lang,
        active: true,
      });
      await this.sendInvitation(user.id);
      return { ok: true, userId: user.id };
    },

    /** Sends (again) the invitation link of a staff account. */
    async sendInvitation(userId: string): Promise<StaffOutcome> {
      const user = await find(userId);
      if (!user || !isStaffRole(user.role)) {
        return { ok: false, status: 404, formError: "adminPlatform.errors.notFound" };
      }
      const lang: Lang = user.lang === "en" ? "en" : "vi";
      await deps.mail.sendStaffInvitation(user.email, lang, {
        name: user.name,
        url: await invitationUrl(user.id, lang),
        role: user.role,
        expiresInHours: INVITATION_EXPIRES_HOURS,
      });
      return { ok: true, userId };
    },

    /** Staff accounts only; never leaves the site without an active admin. */
    async changeRole(userId: string, role: StaffRole): Promise<StaffOutcome> {
      if (!(STAFF_ROLES as readonly string[]).includes(role)) {
        return { ok: false, status: 400, formError: "adminPlatform.validation.role" };
      }
      return k.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom("user")
          .select(["id", "role", "active"])
          .where("id", "=", userId)
          .executeTakeFirst();
        if (!user) return { ok: false, status: 404, formError: "adminPlatform.errors.notFound" };
        if (!isStaffRole(user.role)) {
          return { ok: false, status: 400, formError: "adminPlatform.errors.notStaff" };
        }
        if (user.role === "admin" && role !== "admin" && Boolean(user.active)) {
          if ((await activeAdmins(trx)) <= 1) {
            return { ok: false, status: 409, formError: "adminPlatform.errors.lastAdmin" };
          }
        }
        await trx
          .updateTable("user")
          .set({ role, updatedAt: nowValue() })
          .where("id", "=", userId)
          .execute();
        return { ok: true, userId, before: { role: user.role, active: Boolean(user.active) } };
      });
    },

    /** Deactivation blocks sign-in and ends every session at once; reactivation allows it again. */
    async setActive(userId: string, active: boolean): Promise<StaffOutcome> {
      return k.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom("user")
          .select(["id", "role", "active"])
          .where("id", "=", userId)
          .executeTakeFirst();
        if (!user) return { ok: false, status: 404, formError: "adminPlatform.errors.notFound" };
        if (
          !active &&
          user.role === "admin" &&
          Boolean(user.active) &&
          (await activeAdmins(trx)) <= 1
        ) {
          return { ok: false, status: 409, formError: "adminPlatform.errors.lastAdmin" };
        }
        await trx
          .updateTable("user")
          .set({ active: truth(active) as never, updatedAt: nowValue() })
          .where("id", "=", userId)
          .execute();
        if (!active) await trx.deleteFrom("session").where("userId", "=", userId).execute();
        return { ok: true, userId, before: { role: user.role, active: Boolean(user.active) } };
      });
    },
  };
}
