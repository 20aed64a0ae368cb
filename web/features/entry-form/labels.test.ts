import { describe, expect, it } from "vitest";
import { catalogText } from "../../../core/i18n/lookup";
import { LANGUAGES, type Lang } from "../../../core/languages";
import { categoryOptionLabel } from "./fields";
import { withdrawConfirmMessage } from "./withdraw-confirm";

/** The catalogue's text with its `{{values}}` filled in, as i18next would. */
function render(lang: Lang, key: string, values: Record<string, string>): string {
  const text = catalogText(lang, key);
  if (!text) throw new Error(`no ${key} in ${lang}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

describe("entry form labels", () => {
  it("tells categories of the same name apart by their group", () => {
    const labels = [
      { groupName: "Truyền hình", name: "Tác phẩm sáng tạo", code: "TV-CR" },
      { groupName: "Ngoài trời", name: "Tác phẩm sáng tạo", code: "OOH-CR" },
      { groupName: "Kỹ thuật số", name: "Tác phẩm sáng tạo", code: "DIG-CR" },
    ].map(categoryOptionLabel);
    expect(labels).toEqual([
      "Truyền hình — Tác phẩm sáng tạo (TV-CR)",
      "Ngoài trời — Tác phẩm sáng tạo (OOH-CR)",
      "Kỹ thuật số — Tác phẩm sáng tạo (DIG-CR)",
    ]);
    expect(new Set(labels).size).toBe(3);
    expect(categoryOptionLabel({ groupName: " ", name: "Chiến dịch", code: "TVC" })).toBe(
      "Chiến dịch (TVC)",
    );
  });

  it.each(LANGUAGES)("names the twelve months as the language does (%s)", (lang) => {
    const names = Array.from({ length: 12 }, (_, i) =>
      catalogText(lang, `entryForm.monthNames.${i + 1}`),
    );
    const expected = Array.from({ length: 12 }, (_, i) =>
      lang === "en"
        ? new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(
            Date.UTC(2026, i, 1),
          )
        : `Tháng ${i + 1}`,
    );
    expect(names).toEqual(expected);
  });

  it.each(LANGUAGES)("asks a whole question before withdrawing any entry (%s)", (lang) => {
    const question = (entry: Parameters<typeof withdrawConfirmMessage>[0]) => {
      const { key, values } = withdrawConfirmMessage(entry);
      return render(lang, key, values);
    };
    const withCode = question({ code: "VX26-TVC-0007", campaignName: "Tết sum vầy" });
    expect(withCode).toContain("VX26-TVC-0007");
    const named = question({ code: null, campaignName: "  Tết sum vầy " });
    expect(named).toContain("“Tết sum vầy”");
    const unnamed = question({ code: null, campaignName: "" });
    expect(unnamed).toBe(catalogText(lang, "entryForm.withdraw.confirmTextUnnamed"));
    for (const text of [withCode, named, unnamed]) {
      // No hole where a name should be: no space before the question mark, none doubled.
      expect(text).not.toMatch(/\s\?|\s{2}|\{\{/);
      expect(text).toBe(text.trim());
    }
  });
});
