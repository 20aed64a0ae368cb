import { sql } from "kysely";
import { clampPage, likeContains, type ListPage } from "../../../../core/list-query";
import { isStaffRole, type Role } from "../../../../core/roles";
import type { Db } from "../../../db/database";

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

const iso = (value: string | Date): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** Accounts newest first, searched by name/email and filtered by role, one page at a time. */
export async function listUsers(db: Db, query: UserQuery = {}): Promise<ListPage<UserRow>> {
  const k = db.kysely;
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
}
