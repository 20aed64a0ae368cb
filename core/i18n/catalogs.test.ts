import { describe, expect, it } from "vitest";
import en from "./en.json";
import vi from "./vi.json";

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const viKeys = flatten(vi);
const enKeys = flatten(en);

describe("language catalogues", () => {
  it("have exactly the same keys in vi.json and en.json", () => {
    const onlyVi = [...viKeys.keys()].filter((k) => !enKeys.has(k));
    const onlyEn = [...enKeys.keys()].filter((k) => !viKeys.has(k));
    expect({ onlyVi, onlyEn }).toEqual({ onlyVi: [], onlyEn: [] });
  });

  it("have no empty texts", () => {
    const empty = [...viKeys, ...enKeys].filter(([, text]) => text.trim() === "").map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it("give an English count a singular form (`_one`) wherever its noun is plural", () => {
    // "{{total}} entries" with no `_one` beside it would read "1 entries".
    const counted = /\{\{(count|total|number)\}\} (?!(?:was|has|is)\b)[a-z]+s\b/;
    const pluralOnly = [...enKeys]
      .filter(([key, text]) => counted.test(text) && !/_(one|other)$/.test(key))
      .map(([key]) => key);
    expect(pluralOnly).toEqual([]);
    const withoutOne = [...enKeys.keys()]
      .filter((key) => key.endsWith("_other") && !enKeys.has(key.replace(/_other$/, "_one")))
      .map((key) => key);
    expect(withoutOne).toEqual([]);
  });

  it("use the same interpolation variables in both languages", () => {
    const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differing = [...viKeys].filter(([key, text]) => {
      const other = enKeys.get(key);
      return other !== undefined && JSON.stringify(vars(text)) !== JSON.stringify(vars(other));
    });
    expect(differing.map(([k]) => k)).toEqual([]);
  });

  it("write Vietnamese with its diacritics", () => {
    // Every catalogue of real Vietnamese text uses the letters only Vietnamese has.
    const allVi = [...viKeys.values()].join(" ");
    expect(allVi).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i);
  });

  it("spell “xoá” one way in Vietnamese (the old-style accent, as most texts have it)", () => {
    const mixed = [...viKeys].filter(([, text]) => /xóa/i.test(text)).map(([key]) => key);
    expect(mixed).toEqual([]);
  });
});
