import { sql } from "kysely";
import {
  auditCodesLabelled,
  type AuditAction,
  type AuditTargetType,
} from "../../../core/audit-summary";
import { catalogText } from "../../../core/i18n/lookup";
import { DEFAULT_LANG, type Lang } from "../../../core/languages";
import type { Db } from "../../db/database";

/** Who did a back-office write: the signed-in staff member and where the request came from. */
export interface Actor {
  id: string;
  email: string;
  ip?: string;
}

export interface AuditEntry {
  id: number;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: Record<string, unknown>;
  ip: string;
  createdAt: string;
  /** What staff know the target by (an entry's code, a payment's reference, a user's email). */
  targetName: string | null;
}

export interface AuditQuery {
  page?: number;
  pageSize?: number;
  /**
   * Matches the action, the target type or the actor's email (case-insensitive substring), and
   * the action's and target type's labels in `lang` (marks ignored too).
   */
  search?: string;
  /** The reader's language, whose labels the search matches. */
  lang?: Lang;
  targetType?: string;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Keys never written into a summary, whatever a caller passes. */
const SECRET_KEY = /password|secret|token|hash/i;

function redact(summary: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(summary).map(([key, value]) => [
      key,
      SECRET_KEY.test(key) ? "[redacted]" : value,
    ]),
  );
}

/**
 * The audit log (PRODUCT §1): every back-office write calls `record` with the acting staff
 * member, a dotted action name (`news.publish`, `season.update`), the record it touched and a
 * short summary of the change. Read by admins at `/quan-tri/nhat-ky`.
 */
export function createAuditService(db: Db, clock: () => Date = () => new Date()) {
  return {
    async record(
      actor: Actor | null,
      action: AuditAction,
      target: { type: AuditTargetType; id?: string | number },
      summary: Record<string, unknown> = {},
    ): Promise<void> {
      await db.kysely
        .insertInto("audit_log")
        .values({
          actor_id: actor?.id ?? null,
          actor_email: actor?.email ?? "",
          action,
          target_type: target.type,
          target_id: target.id === undefined ? "" : String(target.id),
          summary: JSON.stringify(redact(summary)),
          ip: actor?.ip ?? "",
          created_at: clock().toISOString(),
        })
        .execute();
    },

    /** The kinds of record the log mentions, for the log page's type filter. */
    async targetTypes(): Promise<string[]> {
      const rows = await db.kysely
        .selectFrom("audit_log")
        .select("target_type")
        .distinct()
        .orderBy("target_type")
        .execute();
      return rows.map((row) => row.target_type);
    },

    /** Newest first, paged from 1, with the total for the pager. */
    async list(
      query: AuditQuery = {},
    ): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number }> {
      const pageSize = Math.min(Math.max(query.pageSize ?? 50, 1), 200);
      const page = Math.max(Math.floor(query.page ?? 1), 1);
      let base = db.kysely.selectFrom("audit_log");
      if (query.targetType) base = base.where("target_type", "=", query.targetType);
      const search = query.search?.trim().toLowerCase();
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // What the page shows for a row is its labels: "Xoá hạng mục" is `category.delete`.
        const lang = query.lang ?? DEFAULT_LANG;
        const labelled = auditCodesLabelled(search, (key) => catalogText(lang, key));
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["action"]), "like", like),
            eb(eb.fn("lower", ["target_type"]), "like", like),
            eb(eb.fn("lower", ["actor_email"]), "like", like),
            ...(labelled.actions.length ? [eb("action", "in", labelled.actions)] : []),
            ...(labelled.targetTypes.length ? [eb("target_type", "in", labelled.targetTypes)] : []),
          ]),
        );
      }
      const [{ total }] = [
        await base
          .select((eb) => eb.fn.countAll<number | string>().as("total"))
          .executeTakeFirstOrThrow(),
      ];
      const rows = await base
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const names = await targetNames(
        db,
        rows.map((row) => ({ type: row.target_type, id: row.target_id })),
      );
      return {
        total: Number(total),
        page,
        pageSize,
        items: rows.map((row) => ({
          id: row.id,
          actorId: row.actor_id,
          actorEmail: row.actor_email,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          summary: safeJson(row.summary),
          ip: row.ip,
          createdAt: row.created_at,
          targetName: names.get(`${row.target_type}:${row.target_id}`) ?? null,
        })),
      };
    },
  };
}

/** Where the name staff know a target by lives, per kind of target. */
const TARGET_NAMES = [
  { type: "entry", table: "entries", column: "code" },
  { type: "payment", table: "payments", column: "reference" },
  { type: "user", table: "user", column: "email" },
] as const;

/**
 * The names staff know a page of targets by, keyed `type:id`: entries by code, payments by
 * reference, users by email (one query per kind on the page; a deleted target has none).
 */
async function targetNames(
  db: Db,
  targets: readonly { type: string; id: string }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const { type, table, column } of TARGET_NAMES) {
    const ids = [...new Set(targets.filter((t) => t.type === type && t.id).map((t) => t.id))];
    if (ids.length === 0) continue;
    const { rows } = await sql<{ id: string; name: string | null }>`
      select id, ${sql.ref(column)} as name from ${sql.table(table)}
      where id in (${sql.join(ids)})
    `.execute(db.kysely);
    for (const row of rows) if (row.name) names.set(`${type}:${String(row.id)}`, row.name);
  }
  return names;
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
