import { z } from "zod";
import { WINNER_PRIZES, type WinnerPrize } from "./content-admin";

/**
 * Prizes given in judging (PRODUCT §4): the winners' prizes (Grand Prix, gold, silver, bronze —
 * or first, second, third), given per track to judged entries, then published as the season's
 * winners. Ordered from the highest.
 */
export function isPrize(value: unknown): value is WinnerPrize {
  return typeof value === "string" && (WINNER_PRIZES as readonly string[]).includes(value);
}

/** Sort order of a prize (lower first). */
export function prizeRank(prize: string): number {
  const i = (WINNER_PRIZES as readonly string[]).indexOf(prize);
  return i === -1 ? WINNER_PRIZES.length : i;
}

/**
 * Why the season's prizes cannot be published now (an i18n key), or null when they can: there
 * must be a prize, and no round may still be open (its scores are not final yet).
 */
export function publishRefusal(season: { prizes: number; roundOpen: boolean }): string | null {
  if (season.prizes === 0) return "judging.errors.noPrizes";
  if (season.roundOpen) return "judging.errors.publishOpen";
  return null;
}

/** Give an entry a prize, or take it away (`prize` empty). */
export const prizeFormSchema = z.object({
  entryId: z.string().uuid({ message: "judging.validation.entry" }),
  prize: z
    .string()
    .trim()
    .refine((v) => v === "" || isPrize(v), { message: "judging.validation.prize" })
    .transform((v) => (v === "" ? null : (v as WinnerPrize))),
});
