import { changes } from "../../../core/audit-summary";
import type { Outcome, Refusal } from "../../../core/refusal";
import type { CategoryFeesInput } from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import { nodeName, notFound, seasonOf, touchSeason, type SeasonsAdminDeps } from "./tree-queries";

/** A category's three fees; null = the standard fee applies. */
export interface CategoryFees {
  feeVnd: number;
  earlyBirdFeeVnd: number | null;
  lateFeeVnd: number | null;
}

/** Someone else saved this category's fees after the page was loaded. */
const staleFees: Refusal = {
  ok: false,
  status: 409,
  formError: "paymentAdmin.fees.conflict",
  code: "conflict",
};

/**
 * Finance's fees page: only a category's three fee columns. The fees the page showed must
 * still be the stored ones (checked in the UPDATE itself, so two saves cannot both pass); the
 * audit entry `category.update` names the category and its season's year and lists the fees
 * that changed, before and after.
 */
export async function updateCategoryFees(
  deps: SeasonsAdminDeps,
  id: number,
  input: CategoryFeesInput,
  actor?: Actor,
): Promise<Outcome<{ id: number; seasonYear: number; before: CategoryFees; after: CategoryFees }>> {
  const k = deps.db.kysely;
  const owner = await seasonOf(k, "category", id);
  if (!owner) return notFound;
  const seen: CategoryFees = {
    feeVnd: input.currentFeeVnd ?? 0,
    earlyBirdFeeVnd: input.currentEarlyBirdFeeVnd,
    lateFeeVnd: input.currentLateFeeVnd,
  };
  const after: CategoryFees = {
    feeVnd: input.feeVnd ?? 0,
    earlyBirdFeeVnd: input.earlyBirdFeeVnd,
    lateFeeVnd: input.lateFeeVnd,
  };
  const result = await k
    .updateTable("categories")
    .set({
      fee_vnd: after.feeVnd,
      early_bird_fee_vnd: after.earlyBirdFeeVnd,
      late_fee_vnd: after.lateFeeVnd,
    })
    .where("id", "=", id)
    .where("fee_vnd", "=", seen.feeVnd)
    .where((eb) =>
      seen.earlyBirdFeeVnd === null
        ? eb("early_bird_fee_vnd", "is", null)
        : eb("early_bird_fee_vnd", "=", seen.earlyBirdFeeVnd),
    )
    .where((eb) =>
      seen.lateFeeVnd === null
        ? eb("late_fee_vnd", "is", null)
        : eb("late_fee_vnd", "=", seen.lateFeeVnd),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    // The row exists (seasonOf found it), so its fees are no longer the ones the page showed.
    return staleFees;
  }
  await touchSeason(k, owner.seasonId, deps.clock());
  deps.onChange();
  if (actor) {
    await deps.audit.record(
      actor,
      "category.update",
      { type: "category", id },
      // Named with its season, as the seasons page's own edits are.
      {
        year: owner.year,
        name: (await nodeName(k, "category", id)) ?? "",
        ...changes(seen, after),
      },
    );
  }
  return { ok: true, id, seasonYear: owner.year, before: seen, after };
}
