import { categoryInGroup } from "../../../core/category-tree";
import {
  categoryFeeOn,
  categoryFees,
  feeHoldsUntil,
  nextFeeChange,
  type CategoryPrices,
  type FeeChange,
  type FeeTier,
} from "../../../core/fees";
import type { Q } from "./context";

/** An entry's fee today, by its category's prices and its season's deadlines (core/fees.ts). */
export interface EntryFee {
  entryId: string;
  code: string | null;
  title: string;
  brandName: string;
  status: string;
  seasonId: number;
  seasonYear: number;
  categoryName: { vi: string; en: string } | null;
  /**
   * Null when the season no longer takes payments (or the entry has no category). `next`: what
   * happens to it if left unpaid, a new price or payment closing, and from when.
   */
  fee: {
    tier: FeeTier;
    amountVnd: number;
    holdsUntil: string | null;
    next: FeeChange | null;
  } | null;
  /** The reference of the live (pending or paid) payment holding the entry, if any. */
  livePayment: string | null;
}

/** The fees of the given (non-draft) entries — an owner's, a season's, by id — computed at `at`. */
export async function entryFees(
  db: Q,
  where: { ownerUserId?: string; entryIds?: readonly string[]; seasonId?: number; status?: string },
  at: Date,
): Promise<EntryFee[]> {
  let query = db
    .selectFrom("entries as e")
    .innerJoin("seasons as s", "s.id", "e.season_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .leftJoin("category_groups as g", "g.id", "c.group_id")
    .select((eb) => [
      "e.id",
      "e.code",
      "e.campaign_name",
      "e.brand_name",
      "e.status",
      "e.season_id",
      "s.year",
      "s.early_bird_deadline",
      "s.submission_closes_at",
      "s.late_deadline",
      "c.name_vi",
      "c.name_en",
      "g.name_vi as group_vi",
      "g.name_en as group_en",
      "c.fee_vnd",
      "c.early_bird_fee_vnd",
      "c.late_fee_vnd",
      eb
        .selectFrom("payment_entries as pe")
        .innerJoin("payments as p", "p.id", "pe.payment_id")
        .select("p.reference")
        .whereRef("pe.entry_id", "=", "e.id")
        .where("pe.live", "=", 1)
        .limit(1)
        .as("live_reference"),
    ])
    .where("e.season_id", "is not", null);
  // Drafts have no fee to pay yet, except when asked for by id (to say why not).
  if (!where.entryIds) query = query.where("e.status", "!=", "draft");
  if (where.ownerUserId !== undefined)
    query = query.where("e.owner_user_id", "=", where.ownerUserId);
  if (where.seasonId !== undefined) query = query.where("e.season_id", "=", where.seasonId);
  if (where.status !== undefined) query = query.where("e.status", "=", where.status);
  if (where.entryIds) {
    if (where.entryIds.length === 0) return [];
    query = query.where("e.id", "in", [...where.entryIds]);
  }
  const rows = await query.orderBy("e.code").execute();
  return rows.map((r) => {
    const deadlines = {
      earlyBirdDeadline: r.early_bird_deadline,
      submissionClosesAt: r.submission_closes_at,
      lateDeadline: r.late_deadline,
    };
    const prices: CategoryPrices | null =
      r.fee_vnd === null
        ? null
        : {
            feeVnd: Number(r.fee_vnd),
            earlyBirdFeeVnd: r.early_bird_fee_vnd === null ? null : Number(r.early_bird_fee_vnd),
            lateFeeVnd: r.late_fee_vnd === null ? null : Number(r.late_fee_vnd),
          };
    const quote = prices === null ? null : categoryFeeOn(deadlines, prices, at);
    // The deadlines of a season with a submission deadline, as the fee rules take them.
    const closes = deadlines.submissionClosesAt;
    const dated = closes ? { ...deadlines, submissionClosesAt: closes } : null;
    return {
      entryId: r.id,
      code: r.code,
      title: r.campaign_name,
      brandName: r.brand_name,
      status: r.status,
      seasonId: Number(r.season_id),
      seasonYear: Number(r.year),
      categoryName:
        r.name_vi === null
          ? null
          : categoryInGroup({ vi: r.group_vi, en: r.group_en }, { vi: r.name_vi, en: r.name_en }),
      fee:
        quote && prices && dated
          ? {
              ...quote,
              holdsUntil: feeHoldsUntil(dated, at),
              next: nextFeeChange(dated, categoryFees(prices), at),
            }
          : null,
      livePayment: r.live_reference ?? null,
    };
  });
}

/**
 * Whether every one of the entries could be paid for again now (a payment made out for them
 * cancelled): false once the season takes no more payments, when letting go of a payment would
 * leave its entries with no way to be paid.
 */
export async function payableAgain(db: Q, entryIds: readonly string[], at: Date): Promise<boolean> {
  const fees = await entryFees(db, { entryIds }, at);
  return fees.length === entryIds.length && fees.every((f) => f.fee !== null);
}
