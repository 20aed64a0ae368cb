import { describe, expect, it } from "vitest";
import en from "../../core/i18n/en.json";
import vi from "../../core/i18n/vi.json";
import { createI18n } from "./i18n";
import { translationOf } from "./use-translation";

describe("the page's translation", () => {
  it("gives i18next's texts, one translator per instance", () => {
    const i18n = createI18n("vi", vi);
    const { t } = translationOf(i18n);
    expect(translationOf(i18n).t).toBe(t);
    expect(t("site.skipToContent")).toBe(i18n.t("site.skipToContent"));
    expect(t("site.skipToContent")).toBe(vi.site.skipToContent);
    // Interpolation and plurals still go through i18next on every call.
    expect(t("jury.homeHeading", { year: 2025 })).toBe(i18n.t("jury.homeHeading", { year: 2025 }));
    expect(t("jury.homeHeading", { year: 2025 })).toContain("2025");
    expect(t("jury.homeHeading", { year: 2024 })).toContain("2024");
    // An unknown key comes back as the key, as i18next does.
    expect(t("no.such.key")).toBe("no.such.key");
  });

  it("keeps each instance's language apart", () => {
    const viText = translationOf(createI18n("vi", vi)).t("site.skipToContent");
    const enText = translationOf(createI18n("en", en)).t("site.skipToContent");
    expect(viText).toBe(vi.site.skipToContent);
    expect(enText).toBe(en.site.skipToContent);
    expect(viText).not.toBe(enText);
  });
});
