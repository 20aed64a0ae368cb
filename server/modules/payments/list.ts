import { sql } from "kysely";
import { totalVnd } from "../../../core/fees";
import { foldedLikePattern, foldForSearch } from "../../../core/search-text";
import type { PaymentListQuery } from "../../../core/payments";
import type { PaymentMethod, PaymentState } from "../../../core/payment-state";
import type { PaymentsContext, Q } from "./context";
import { entryFees } from "./fees";
import { receivedOf } from "./queries";
import { attentionIsOpen } from "./vnpay-attention";

export const PAYMENTS_PAGE_SIZE = 50;

export interface PaymentRow {
  id: string;
  reference: string;
  method: PaymentMethod;
  state: PaymentState;
  amountVnd: number;
  /** What came in (see PaymentView); the amount unless staff accepted a different one. */
  receivedVnd: number;
  createdAt: string;
  paidAt: string | null;
  /** When it was refunded (its refund event); null when it was not. */
  refundedAt: string | null;
  /** The account; `companyName` when it registered as an enterprise (its name is the representative). */
  owner: { id: string; name: string; email: string; companyName: string | null };
  entryCodes: string[];
  /** VNPay took money that finance must still handle (refund, or settle by hand). */
  needsAttention: boolean;
}

export interface PaymentTotals {
  /** Paid payments of the season: what came in for them. */
  collectedVnd: number;
  /** Pending payments: created, not paid yet. */
  pendingVnd: number;
  /** Submitted entries no live payment holds, at today's fees. */
  dueVnd: number;
}

/**
 * The season a query means (the one asked for, else the current one; undefined when there is
 * no such season) and the years of every season, newest first, for the filter's select.
 */
async function seasonOf(db: Q, year: number | undefined, currentYear: number) {
  const seasons = await db
    .selectFrom("seasons")
    .select(["id", "year"])
    .orderBy("year", "desc")
    .execute();
  const wanted = year ?? currentYear;
  return {
    season: seasons.find((s) => Number(s.year) === wanted),
    years: seasons.map((s) => Number(s.year)),
  };
}

/** Instants of the start of `from` and the end of `to` (days in Vietnam). */
function dayBounds(query: PaymentListQuery) {
  const start = query.from ? new Date(`${query.from}T00:00:00+07:00`).toISOString() : null;
  const end = query.to ? new Date(`${query.to}T23:59:59.999+07:00`).toISOString() : null;
  return { start, end };
}

function filtered(db: Q, seasonId: number, query: PaymentListQuery) {
  const { start, end } = dayBounds(query);
  let q = db
    .selectFrom("payments as p")
    .innerJoin("user as u", "u.id", "p.owner_user_id")
    .leftJoin("registrants as r", "r.user_id", "p.owner_user_id")
    .where("p.season_id", "=", seasonId);
  if (query.state) q = q.where("p.state", "=", query.state);
  if (query.method) q = q.where("p.method", "=", query.method);
  if (start) q = q.where("p.created_at", ">=", start);
  if (end) q = q.where("p.created_at", "<=", end);
  if (query.attention === "open") q = q.where(attentionIsOpen);
  if (query.q && foldForSearch(query.q) !== "") {
    const pattern = foldedLikePattern(query.q);
    const like = (column: string) =>
      sql<boolean>`vx_fold(${sql.ref(column)}) like ${pattern} escape '\\'`;
    q = q.where((eb) =>
      eb.or([
        like("p.reference"),
        like("u.name"),
        like("u.email"),
        sql<boolean>`vx_fold(coalesce(r.company_name, '')) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom("payment_entries as pe")
            .innerJoin("entries as e", "e.id", "pe.entry_id")
            .select("pe.entry_id")
            .whereRef("pe.payment_id", "=", "p.id")
            .where((inner) =>
              inner.or([
                like("e.code"),
                // A bank memo carries the code without its dashes (VX26OLC0002).
                sql<boolean>`vx_fold(replace(coalesce(e.code, ''), '-', '')) like ${pattern} escape '\\'`,
              ]),
            ),
        ),
      ]),
    );
  }
  return q;
}

/**
 * The payments of a season for the back office: filters (state, method, created between two
 * days), a search over reference, entrant name and email, and entry codes as written or as a
 * bank memo carries them, without dashes (marks ignored),
 * newest first, one page, with the total and the season's figures.
 */
export async function listPayments(
  ctx: PaymentsContext,
  query: PaymentListQuery,
  options: { all?: boolean } = {},
): Promise<{
  rows: PaymentRow[];
  total: number;
  page: number;
  pageSize: number;
  seasonYear: number | null;
  /** Every season's year, newest first: what the season filter offers. */
  seasonYears: number[];
  totals: PaymentTotals;
  /** Payments of the season whose money finance must still handle, whatever the filters. */
  attentionCount: number;
}> {
  const { currentSeasonYear } = await ctx.deps.settings.get();
  const { season, years: seasonYears } = await seasonOf(
    ctx.db.kysely,
    query.season,
    currentSeasonYear,
  );
  const empty = { collectedVnd: 0, pendingVnd: 0, dueVnd: 0 };
  if (!season) {
    return {
      rows: [],
      total: 0,
      page: 1,
      pageSize: PAYMENTS_PAGE_SIZE,
      seasonYear: null,
      seasonYears,
      totals: empty,
      attentionCount: 0,
    };
  }
  const seasonId = Number(season.id);
  const counted = await filtered(ctx.db.kysely, seasonId, query)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  // A page past the last (an old link, a hand-typed address) shows the last one.
  const page = Math.min(query.page, Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE)));
  let rowsQuery = filtered(ctx.db.kysely, seasonId, query)
    .select([
      "p.id",
      "p.reference",
      "p.method",
      "p.state",
      "p.amount_vnd",
      "p.received_vnd",
      "p.created_at",
      "p.paid_at",
      (eb) =>
        eb
          .selectFrom("payment_events as ev")
          .select((inner) => inner.fn.max("ev.created_at").as("at"))
          .whereRef("ev.payment_id", "=", "p.id")
          .where("ev.to_state", "=", "refunded")
          .as("refunded_at"),
      attentionIsOpen.as("needs_attention"),
      "u.id as user_id",
      "u.name",
      "u.email",
      "r.company_name",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id");
  if (!options.all) {
    rowsQuery = rowsQuery.limit(PAYMENTS_PAGE_SIZE).offset((page - 1) * PAYMENTS_PAGE_SIZE);
  }
  const rows = await rowsQuery.execute();
  const codes = new Map<string, string[]>();
  if (rows.length > 0) {
    const entryRows = await ctx.db.kysely
      .selectFrom("payment_entries as pe")
      .innerJoin("entries as e", "e.id", "pe.entry_id")
      .select(["pe.payment_id", "e.code"])
      .where(
        "pe.payment_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("e.code")
      .execute();
    for (const r of entryRows) {
      codes.set(r.payment_id, [...(codes.get(r.payment_id) ?? []), r.code ?? ""]);
    }
  }
  return {
    rows: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      method: r.method as PaymentMethod,
      state: r.state as PaymentState,
      amountVnd: Number(r.amount_vnd),
      receivedVnd: receivedOf(r).receivedVnd,
      createdAt: r.created_at,
      paidAt: r.paid_at,
      refundedAt: r.refunded_at ?? null,
      owner: { id: r.user_id, name: r.name, email: r.email, companyName: r.company_name ?? null },
      entryCodes: codes.get(r.id) ?? [],
      needsAttention: Boolean(Number(r.needs_attention)),
    })),
    total,
    page,
    pageSize: PAYMENTS_PAGE_SIZE,
    seasonYear: Number(season.year),
    seasonYears,
    totals: await seasonTotals(ctx, seasonId),
    attentionCount: Number(
      (
        await ctx.db.kysely
          .selectFrom("payments as p")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("p.season_id", "=", seasonId)
          .where(attentionIsOpen)
          .executeTakeFirst()
      )?.n ?? 0,
    ),
  };
}

/** What a season has collected, what is pending, and what is still due at today's fees. */
export async function seasonTotals(ctx: PaymentsContext, seasonId: number): Promise<PaymentTotals> {
  const sums = await ctx.db.kysely
    .selectFrom("payments")
    .select([
      "state",
      sql<number>`sum(case when state = 'paid' then coalesce(received_vnd, amount_vnd) else amount_vnd end)`.as(
        "amount",
      ),
    ])
    .where("season_id", "=", seasonId)
    .where("state", "in", ["paid", "pending"])
    .groupBy("state")
    .execute();
  const sumOf = (state: string) => Number(sums.find((s) => s.state === state)?.amount ?? 0);
  // Unpaid submitted entries at today's fee: the tier rule, once, as the entrant sees it.
  const unpaid = await entryFees(ctx.db.kysely, { seasonId, status: "submitted" }, ctx.clock());
  const dueVnd = totalVnd(
    unpaid.filter((f) => !f.livePayment && f.fee).map((f) => f.fee!.amountVnd),
  );
  return { collectedVnd: sumOf("paid"), pendingVnd: sumOf("pending"), dueVnd };
}

/** The totals of the season of `year`, or null when there is no such season. */
export async function seasonTotalsOfYear(
  ctx: PaymentsContext,
  year: number,
): Promise<PaymentTotals | null> {
  const season = await ctx.db.kysely
    .selectFrom("seasons")
    .select("id")
    .where("year", "=", year)
    .executeTakeFirst();
  return season ? seasonTotals(ctx, Number(season.id)) : null;
}
