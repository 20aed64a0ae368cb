import { describe, expect, it } from "vitest";
import { catalogText } from "./i18n/lookup";
import {
  DEFAULT_CRITERIA,
  scoreSheetSchema,
  weightedTotal,
  type Criterion,
} from "./judging-criteria";

const all = (n: number) => Object.fromEntries(DEFAULT_CRITERIA.map((c) => [c.key, n]));

describe("judging criteria", () => {
  it("are the award's six public criteria, scored 1–10, equally weighted", () => {
    expect(DEFAULT_CRITERIA.map((c) => c.key)).toEqual([
      "creativeIdea",
      "message",
      "craft",
      "brandRecall",
      "responsibility",
      "culturalIdentity",
    ]);
    expect(DEFAULT_CRITERIA.every((c) => c.min === 1 && c.max === 10 && c.weight === 1)).toBe(true);
  });

  it("total as the weighted mean on the same scale", () => {
    expect(weightedTotal(DEFAULT_CRITERIA, all(7))).toBe(7);
    // 9, 8, 7, 6, 5, 4 equally weighted → 39 / 6 = 6.5
    const scores = Object.fromEntries(DEFAULT_CRITERIA.map((c, i) => [c.key, 9 - i]));
    expect(weightedTotal(DEFAULT_CRITERIA, scores)).toBe(6.5);
    // Idea counts twice: (2×10 + 5) / 3 = 8.33
    const two: Criterion[] = [
      { ...DEFAULT_CRITERIA[0]!, weight: 2 },
      { ...DEFAULT_CRITERIA[1]!, weight: 1 },
    ];
    expect(weightedTotal(two, { creativeIdea: 10, message: 5 })).toBe(8.33);
    expect(() => weightedTotal(two, { creativeIdea: 10 })).toThrow(RangeError);
  });

  it("check a score sheet: every criterion, whole numbers within the scale", () => {
    const schema = scoreSheetSchema(DEFAULT_CRITERIA);
    expect(schema.safeParse({ scores: all(10), comment: " Rất tốt " }).data?.comment).toBe(
      "Rất tốt",
    );
    const wrong = schema.safeParse({ scores: { ...all(5), craft: 11, message: 7.5 } });
    const messages = Object.fromEntries(
      wrong.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    expect(messages).toEqual({
      "scores.craft": "judging.validation.scoreRange",
      "scores.message": "judging.validation.scoreWhole",
    });
  });

  it("never read a criterion left blank (or not a number) as a score, even on a scale from 0", () => {
    const fromZero: Criterion[] = [{ ...DEFAULT_CRITERIA[0]!, min: 0, max: 10 }];
    const schema = scoreSheetSchema(fromZero);
    for (const blank of ["", "  ", null, undefined, true, false, [5], "0x5", "1e0", "abc"]) {
      const parsed = schema.safeParse({ scores: { creativeIdea: blank } });
      expect(parsed.success, JSON.stringify(blank)).toBe(false);
      expect(parsed.error!.issues[0]!.message, JSON.stringify(blank)).toBe(
        "judging.validation.scoreRequired",
      );
    }
    // What a number field or a script sends for a real score still counts, 0 included.
    for (const [sent, score] of [
      ["0", 0],
      [0, 0],
      [" 7 ", 7],
      ["10", 10],
    ] as const) {
      expect(schema.safeParse({ scores: { creativeIdea: sent } }).data?.scores.creativeIdea).toBe(
        score,
      );
    }
  });

  it("say a score out of range with the criterion's own scale, as an instruction", () => {
    const scale: Criterion[] = [{ ...DEFAULT_CRITERIA[0]!, min: 0, max: 5 }];
    const wrong = scoreSheetSchema(scale).safeParse({ scores: { creativeIdea: 6 } });
    const key = wrong.error!.issues[0]!.message;
    // The sheet fills the message in with the criterion's scale (i18next's {{min}} and {{max}}).
    const text = (lang: "vi" | "en") =>
      catalogText(lang, key)!
        .replace("{{min}}", String(scale[0]!.min))
        .replace("{{max}}", String(scale[0]!.max));
    expect(text("vi")).toBe("Điểm phải từ 0 đến 5.");
    expect(text("en")).toBe("The score must be from 0 to 5.");
  });
});
