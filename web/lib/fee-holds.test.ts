import { describe, expect, it } from "vitest";
import en from "../../core/i18n/en.json";
import vi from "../../core/i18n/vi.json";
import { createI18n } from "../i18n/i18n";
import { feeHoldsUntilText } from "./fee-holds";

describe("until when a price holds", () => {
  it("says through the end of a day for a deadline typed as a date", () => {
    const t = createI18n("vi", vi).t;
    expect(feeHoldsUntilText(t, "2026-09-15T16:59:59.999Z", "vi")).toBe("đến hết 15/09/2026");
    const english = createI18n("en", en).t;
    expect(feeHoldsUntilText(english, "2026-09-15T16:59:59.999Z", "en")).toBe(
      "until the end of 15/09/2026",
    );
  });

  it("gives the hour of a deadline at another time, Vietnam time", () => {
    const t = createI18n("vi", vi).t;
    expect(feeHoldsUntilText(t, "2026-09-15T10:00:00.000Z", "vi")).toBe("đến 15/09/2026 17:00");
    const english = createI18n("en", en).t;
    expect(feeHoldsUntilText(english, "2026-09-14T17:00:00.000Z", "en")).toBe(
      "until 15/09/2026 00:00",
    );
  });
});
