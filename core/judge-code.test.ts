import { describe, expect, it } from "vitest";
import { judgeCode, judgeCodeSchema, normalizeJudgeCode } from "./judge-code";

describe("judge codes", () => {
  const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
  const code = judgeCode(bytes);

  it("are five groups of four base-32 characters", () => {
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("are read back however the judge types them", () => {
    const canonical = code.replace(/-/g, "");
    expect(normalizeJudgeCode(code)).toBe(canonical);
    expect(normalizeJudgeCode(` ${code.toLowerCase().replace(/-/g, " ")} `)).toBe(canonical);
    expect(
      normalizeJudgeCode("0000-1111-0000-1111-0000".replace(/0/g, "o").replace(/1/g, "l")),
    ).toBe("00001111000011110000");
  });

  it("refuse what cannot be a code", () => {
    expect(normalizeJudgeCode("ABCD-EFGH")).toBeNull();
    expect(normalizeJudgeCode("UUUU-UUUU-UUUU-UUUU-UUUU")).toBeNull();
    expect(judgeCodeSchema.safeParse({ code: "sai mã" }).error?.issues[0]?.message).toBe(
      "judging.validation.codeInvalid",
    );
    expect(judgeCodeSchema.parse({ code }).code).toBe(code.replace(/-/g, ""));
    // Sent without a code at all (a script, not the form): the same message, not zod's own.
    for (const input of [{}, { code: null }, { code: 42 }]) {
      expect(judgeCodeSchema.safeParse(input).error?.issues[0]?.message).toBe(
        "judging.validation.codeInvalid",
      );
    }
  });
});
