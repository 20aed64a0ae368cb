import { describe, expect, it } from "vitest";
import en from "../../core/i18n/en.json";
import vi from "../../core/i18n/vi.json";
import { createI18n } from "./i18n";
import { translationOf } from "./use-translation";

/** The page's translator over a Vietnamese instance, counting the lookups that reach i18next. */
function countedTranslator() {
  const i18n = createI18n("vi", vi);
  let lookups = 0;
  const original = i18n.t.bind(i18n);
  i18n.t = ((...args: Parameters<typeof original>) => {
    lookups += 1;
    return original(...args);
  }) as typeof i18n.t;
  return { t: translationOf(i18n).t, lookups: () => lookups };
}

describe("the page's translation", () => {
  it("counts in English with a singular for one, in Vietnamese with the one form", () => {
    const { t } = translationOf(createI18n("en", en));
    const pager = (total: number) =>
      t("adminKit.pagerStatus", { page: 1, pageCount: 1, total, count: total });
    expect(pager(1)).toBe("Page 1 of 1 · 1 item");
    expect(pager(2)).toBe("Page 1 of 1 · 2 items");
    expect(pager(0)).toBe("Page 1 of 1 · 0 items");
    expect(t("entryAdmin.bulk.confirm", { count: 1, status: "Accepted" })).toBe(
      "Move 1 entry to “Accepted”? The entrant will be emailed.",
    );
    const vn = translationOf(createI18n("vi", vi)).t;
    expect(vn("adminKit.pagerStatus", { page: 1, pageCount: 1, total: 1, count: 1 })).toBe(
      "Trang 1/1 · 1 mục",
    );
  });

  it("gives i18next's texts, one translator per instance", () => {
    const i18n = createI18n("vi", vi);
    const { t } = translationOf(i18n);
    expect(translationOf(i18n).t).toBe(t);
    expect(t("site.skipToContent")).toBe(i18n.t("site.skipToContent"));
    expect(t("site.skipToContent")).toBe(vi.site.skipToContent);
    // Interpolation gives i18next's text for each value.
    expect(t("jury.homeHeading", { year: 2025 })).toBe(i18n.t("jury.homeHeading", { year: 2025 }));
    expect(t("jury.homeHeading", { year: 2025 })).toContain("2025");
    expect(t("jury.homeHeading", { year: 2024 })).toContain("2024");
    // An unknown key comes back as the key, as i18next does.
    expect(t("no.such.key")).toBe("no.such.key");
  });

  it("looks a call up once per key and plain option values, and every other call each time", () => {
    const { t, lookups } = countedTranslator();

    const first = t("jury.homeHeading", { year: 2025 });
    expect(t("jury.homeHeading", { year: 2025 })).toBe(first);
    expect(lookups()).toBe(1);
    // Another value, or the same digits as text, is another text.
    expect(t("jury.homeHeading", { year: 2024 })).toContain("2024");
    expect(t("jury.homeHeading", { year: "2025" })).toBe(first);
    expect(lookups()).toBe(3);
    // Options holding an object are not kept: i18next is asked each time.
    t("jury.homeHeading", { year: 2025, extra: { a: 1 } });
    t("jury.homeHeading", { year: 2025, extra: { a: 1 } });
    expect(lookups()).toBe(5);
  });

  it("keeps a bounded number of texts, dropping the oldest", () => {
    const { t, lookups } = countedTranslator();
    for (let year = 0; year < 5_000; year++) t("jury.homeHeading", { year });
    expect(lookups()).toBe(5_000);
    t("jury.homeHeading", { year: 4_999 });
    expect(lookups()).toBe(5_000);
    // The 5,001st text drops the oldest half: year 0 is looked up again, year 4,999 is not.
    t("jury.homeHeading", { year: 5_000 });
    t("jury.homeHeading", { year: 4_999 });
    expect(lookups()).toBe(5_001);
    expect(t("jury.homeHeading", { year: 0 })).toContain("0");
    expect(lookups()).toBe(5_002);
  });

  it("keeps each instance's language apart", () => {
    const viText = translationOf(createI18n("vi", vi)).t("site.skipToContent");
    const enText = translationOf(createI18n("en", en)).t("site.skipToContent");
    expect(viText).toBe(vi.site.skipToContent);
    expect(enText).toBe(en.site.skipToContent);
    expect(viText).not.toBe(enText);
  });
});
