/**
 * Entry fees (PRODUCT §5): each category has a standard price and optionally an early-bird
 * and a late price; which one applies depends on when the entry is paid for, measured
 * against the season's deadlines. Amounts are whole VND held in safe integers; nothing here
 * ever goes through floating-point arithmetic that could lose a đồng.
 *
 * Deadlines are instants (ISO 8601 strings, as stored) and, like the submission window, are
 * exclusive: at the deadline instant the next price applies.
 *   before earlyBirdDeadline              → early-bird price (standard if the category has none)
 *   earlyBirdDeadline … submissionClosesAt → standard price
 *   submissionClosesAt … lateDeadline      → late price (standard if the category has none)
 *   after the last deadline               → no price: entries can no longer be paid for
 */

export type FeeTier = "early_bird" | "standard" | "late";

export interface FeeDeadlines {
  earlyBirdDeadline: string | null;
  submissionClosesAt: string;
  /** Late entries are taken until this instant, when the season allows them. */
  lateDeadline: string | null;
}

export interface CategoryFees {
  standardVnd: number;
  earlyBirdVnd?: number;
  lateVnd?: number;
}

export interface FeeQuote {
  tier: FeeTier;
  amountVnd: number;
}

/** Throws unless `amount` is a whole, non-negative number of đồng a safe integer can hold. */
export function assertVnd(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Not a whole VND amount: ${amount}`);
  }
  return amount;
}

function instant(value: string, name: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Unreadable ${name}: ${value}`);
  return time;
}

/** The price tier at `at`, or null when the season no longer takes payments for entries. */
export function feeTier(deadlines: FeeDeadlines, at: Date): FeeTier | null {
  const t = at.getTime();
  const closes = instant(deadlines.submissionClosesAt, "submission close");
  if (deadlines.earlyBirdDeadline !== null) {
    const earlyBird = instant(deadlines.earlyBirdDeadline, "early-bird deadline");
    if (t < Math.min(earlyBird, closes)) return "early_bird";
  }
  if (t < closes) return "standard";
  if (deadlines.lateDeadline !== null && t < instant(deadlines.lateDeadline, "late deadline")) {
    return "late";
  }
  return null;
}

/** The amount of a category's fee in a tier; a missing early-bird or late price is standard. */
export function feeForTier(fees: CategoryFees, tier: FeeTier): number {
  const amount =
    tier === "early_bird"
      ? (fees.earlyBirdVnd ?? fees.standardVnd)
      : tier === "late"
        ? (fees.lateVnd ?? fees.standardVnd)
        : fees.standardVnd;
  return assertVnd(amount);
}

/** The fee of an entry in the category paid for at `at`, or null when payment is closed. */
export function entryFeeAt(deadlines: FeeDeadlines, fees: CategoryFees, at: Date): FeeQuote | null {
  const tier = feeTier(deadlines, at);
  return tier === null ? null : { tier, amountVnd: feeForTier(fees, tier) };
}

/** A season's deadlines as stored: the submission close is null while the season is unscheduled. */
export interface SeasonFeeDates {
  earlyBirdDeadline: string | null;
  submissionClosesAt: string | null;
  lateDeadline: string | null;
}

/** A category's prices as stored: a null early-bird or late price means the standard one. */
export interface CategoryPrices {
  feeVnd: number;
  earlyBirdFeeVnd: number | null;
  lateFeeVnd: number | null;
}

/** The prices of a category as the tier rule reads them. */
export function categoryFees(prices: CategoryPrices): CategoryFees {
  return {
    standardVnd: prices.feeVnd,
    ...(prices.earlyBirdFeeVnd === null ? {} : { earlyBirdVnd: prices.earlyBirdFeeVnd }),
    ...(prices.lateFeeVnd === null ? {} : { lateVnd: prices.lateFeeVnd }),
  };
}

/**
 * The fee of an entry in the category on `at`: the tier by the season's deadlines (instants,
 * each the end of a day in Asia/Ho_Chi_Minh as the season editor sets them), then that tier's
 * price. Null while the season has no submission deadline or once payments are closed. The
 * one rule behind every fee an entrant or the back office sees.
 */
export function categoryFeeOn(
  season: SeasonFeeDates,
  prices: CategoryPrices,
  at: Date,
): FeeQuote | null {
  if (!season.submissionClosesAt) return null;
  return entryFeeAt(
    {
      earlyBirdDeadline: season.earlyBirdDeadline,
      submissionClosesAt: season.submissionClosesAt,
      lateDeadline: season.lateDeadline,
    },
    categoryFees(prices),
    at,
  );
}

/** The sum of whole VND amounts; throws rather than return a sum that is not exact. */
export function totalVnd(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) total = assertVnd(total + assertVnd(amount));
  return total;
}

/**
 * The VAT part of a VAT-inclusive amount at `ratePercent` (a whole percentage), rounded to
 * the nearest đồng with half up, computed in integers: 3.300.000 ₫ at 10 % → 300.000 ₫.
 */
export function vatIncluded(amountVnd: number, ratePercent: number): number {
  assertVnd(amountVnd);
  if (!Number.isSafeInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) {
    throw new RangeError(`Not a VAT rate: ${ratePercent}`);
  }
  const numerator = BigInt(amountVnd) * BigInt(ratePercent);
  const denominator = BigInt(100 + ratePercent);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/**
 * Until when the tier in force at `at` holds: the instant its price stops applying (the
 * early-bird or submission deadline, or the late deadline), or null when payment is closed.
 * What the entrant reads as "this price holds until …".
 */
export function feeHoldsUntil(deadlines: FeeDeadlines, at: Date): string | null {
  const tier = feeTier(deadlines, at);
  if (tier === null) return null;
  if (tier === "late") return deadlines.lateDeadline;
  if (tier === "standard") return deadlines.submissionClosesAt;
  const earlyBird = Date.parse(deadlines.earlyBirdDeadline ?? deadlines.submissionClosesAt);
  return earlyBird < Date.parse(deadlines.submissionClosesAt)
    ? (deadlines.earlyBirdDeadline ?? deadlines.submissionClosesAt)
    : deadlines.submissionClosesAt;
}

/**
 * The next change to an unpaid entry's fee: a dearer (`rises`) or cheaper (`falls`) price from
 * a deadline on, or payment closed from the last deadline on. `at` is that deadline
 * (exclusive, as every deadline here: the old price holds until just before it).
 */
export type FeeChange =
  | { kind: "rises" | "falls"; at: string; tier: FeeTier; amountVnd: number }
  | { kind: "closes"; at: string };

/**
 * What next happens to the fee of an entry left unpaid after `at`, so the entrant is told
 * before it does: the first deadline ahead at which its amount changes (a deadline where the
 * amount stays, a tier without a price of its own, is passed over), or the one after which the
 * season takes no payment for it. Null once payment is closed.
 */
export function nextFeeChange(
  deadlines: FeeDeadlines,
  fees: CategoryFees,
  at: Date,
): FeeChange | null {
  const now = entryFeeAt(deadlines, fees, at);
  if (now === null) return null;
  const ahead = [deadlines.earlyBirdDeadline, deadlines.submissionClosesAt, deadlines.lateDeadline]
    .filter((deadline): deadline is string => deadline !== null)
    .filter((deadline) => Date.parse(deadline) > at.getTime())
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  for (const deadline of ahead) {
    const then = entryFeeAt(deadlines, fees, new Date(Date.parse(deadline)));
    if (then === null) return { kind: "closes", at: deadline };
    if (then.amountVnd !== now.amountVnd) {
      return { kind: then.amountVnd > now.amountVnd ? "rises" : "falls", at: deadline, ...then };
    }
  }
  return null;
}
