import { z } from "zod";

/**
 * Judging criteria (PRODUCT §4): each round scores entries per criterion on a scale (default
 * 1–10), and the total is the weighted mean of the criterion scores, on the same scale, so a
 * judge reads it as they read a score. Weights are relative whole numbers (2 counts twice 1).
 */

export interface Criterion {
  key: string;
  name: { vi: string; en: string };
  weight: number;
  min: number;
  max: number;
}

/** The award's public criteria, equally weighted, scored 1–10 (PRODUCT §4). */
export const DEFAULT_CRITERIA: readonly Criterion[] = [
  {
    key: "creativeIdea",
    name: {
      vi: "Ý tưởng sáng tạo (mới, độc đáo, ấn tượng)",
      en: "Creative idea (new, unique, impressive)",
    },
    weight: 1,
    min: 1,
    max: 10,
  },
  {
    key: "message",
    name: { vi: "Thông điệp rõ ràng, dễ nhớ", en: "Clear, memorable message" },
    weight: 1,
    min: 1,
    max: 10,
  },
  {
    key: "craft",
    name: { vi: "Chất lượng hình ảnh và âm thanh", en: "Image and sound quality" },
    weight: 1,
    min: 1,
    max: 10,
  },
  {
    key: "brandRecall",
    name: { vi: "Khả năng ghi nhớ thương hiệu, sản phẩm", en: "Brand and product recall" },
    weight: 1,
    min: 1,
    max: 10,
  },
  {
    key: "responsibility",
    name: { vi: "Trách nhiệm xã hội và môi trường", en: "Social and environmental responsibility" },
    weight: 1,
    min: 1,
    max: 10,
  },
  {
    key: "culturalIdentity",
    name: { vi: "Bản sắc văn hóa Việt Nam", en: "Vietnamese cultural identity" },
    weight: 1,
    min: 1,
    max: 10,
  },
];

/**
 * The weighted mean of the criterion scores, exact: what results average and rank, so that
 * two entries equal in truth are not split (or two different ones joined) by rounding.
 */
export function weightedMean(
  criteria: readonly Criterion[],
  scores: Readonly<Record<string, number>>,
): number {
  let weights = 0;
  let total = 0;
  for (const c of criteria) {
    const score = scores[c.key];
    if (typeof score !== "number") throw new RangeError(`no score for ${c.key}`);
    weights += c.weight;
    total += c.weight * score;
  }
  if (weights <= 0) throw new RangeError("criteria without weight");
  return total / weights;
}

/** The weighted mean of the criterion scores, rounded to two decimals (what the judge sees). */
export function weightedTotal(
  criteria: readonly Criterion[],
  scores: Readonly<Record<string, number>>,
): number {
  return Math.round(weightedMean(criteria, scores) * 100) / 100;
}

export const SCORE_COMMENT_MAX = 2000;

/**
 * What a number field or a script sends as a score: a number, or the digits of one. Anything
 * else (a field left blank, null, true) is no score at all, never 0 or 1 as coercion would read
 * it: on a scale from 0 a forgotten criterion would otherwise count as a score of 0.
 */
function scoreInput(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** A judge's score sheet for one entry: a whole score per criterion within its scale, a comment. */
export function scoreSheetSchema(criteria: readonly Criterion[]) {
  return z.object({
    scores: z.object(
      Object.fromEntries(
        criteria.map((c) => [
          c.key,
          z.preprocess(
            scoreInput,
            z
              .number({ message: "judging.validation.scoreRequired" })
              .int({ message: "judging.validation.scoreWhole" })
              .min(c.min, { message: "judging.validation.scoreRange" })
              .max(c.max, { message: "judging.validation.scoreRange" }),
          ),
        ]),
      ),
    ),
    comment: z
      .string()
      .trim()
      .max(SCORE_COMMENT_MAX, { message: "validation.tooLong" })
      .default(""),
  });
}
