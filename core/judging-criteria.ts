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

/** The weighted mean of the criterion scores, rounded to two decimals (what the judge sees). */
export function weightedTotal(
  criteria: readonly Criterion[],
  scores: Readonly<Record<string, number>>,
): number {
  let weights = 0;
  let total = 0;
  for (const c of criteria) {
    const score = scores[c.key];
    if (score === undefined) throw new RangeError(`no score for ${c.key}`);
    weights += c.weight;
    total += c.weight * score;
  }
  if (weights <= 0) throw new RangeError("criteria without weight");
  return Math.round((total / weights) * 100) / 100;
}

export const SCORE_COMMENT_MAX = 2000;

/** A judge's score sheet for one entry: a whole score per criterion within its scale, a comment. */
export function scoreSheetSchema(criteria: readonly Criterion[]) {
  return z.object({
    scores: z.object(
      Object.fromEntries(
        criteria.map((c) => [
          c.key,
          z.coerce
            .number({ message: "judging.validation.scoreRequired" })
            .int({ message: "judging.validation.scoreWhole" })
            .min(c.min, { message: "judging.validation.scoreRange" })
            .max(c.max, { message: "judging.validation.scoreRange" }),
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
