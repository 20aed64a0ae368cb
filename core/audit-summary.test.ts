import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTIONS,
  changes,
  AUDIT_TARGET_TYPES,
  auditActionLabelKey,
  auditCodesLabelled,
  auditTargetName,
  auditTypeLabelKey,
  exportFilterValueKey,
  summaryPairs,
} from "./audit-summary";
import {
  ENTRY_LIST_STATUS_FILTERS,
  PAYMENT_STATES as ENTRY_PAYMENT_STATES,
  SUBMISSION_TIMINGS,
} from "./entry-admin-list";
import { PAYMENT_METHODS, PAYMENT_STATES } from "./payment-state";
import { REGISTRANT_TYPES } from "./registration";
import { VAT_REQUEST_STATES } from "./vat-invoice";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";

describe("summaryPairs", () => {
  it("lists each key with a readable value", () => {
    expect(
      summaryPairs({ title: "Tin mới", year: 2026, isChair: true, tags: ["a", "b"], photo: null }),
    ).toEqual([
      { key: "title", value: "Tin mới", parts: ["Tin mới"] },
      { key: "year", value: "2026", parts: ["2026"] },
      { key: "isChair", value: "true", parts: ["true"] },
      { key: "tags", value: "a, b", parts: ["a", "b"] },
      { key: "photo", value: "—", parts: ["—"] },
    ]);
  });

  it("flattens nested objects and cuts long values", () => {
    const pairs = summaryPairs({
      moved: { winner: 2, finalist: 5 },
      body: "x".repeat(500),
    });
    expect(pairs[0]).toEqual({ key: "moved.winner", value: "2", parts: ["2"] });
    expect(pairs[1]).toEqual({ key: "moved.finalist", value: "5", parts: ["5"] });
    expect(pairs[2]!.value).toHaveLength(161);
    expect(pairs[2]!.value.endsWith("…")).toBe(true);
  });

  it("makes a change one line with its value before and after", () => {
    // A `{ from, to }` object, whatever the action.
    expect(summaryPairs({ slugVi: { from: "cu", to: "moi" } }, "news.update")).toEqual([
      {
        key: "slugVi",
        value: "cu → moi",
        parts: ["cu", "moi"],
        change: { before: "cu", after: "moi" },
      },
    ]);
    // An update's `[before, after]`, none shown as "—"; a list of two elsewhere stays a list.
    expect(summaryPairs({ lateDeadline: [null, "2026-06-30"] }, "season.update")).toEqual([
      {
        key: "lateDeadline",
        value: "— → 2026-06-30",
        parts: ["—", "2026-06-30"],
        change: { before: "—", after: "2026-06-30" },
      },
    ]);
    expect(summaryPairs({ codes: ["A", "B"] }, "library.publish")).toEqual([
      { key: "codes", value: "A, B", parts: ["A", "B"] },
    ]);
    // A transition's two ends, as one change of its field, first.
    expect(
      summaryPairs({ code: "VX26-TV-0042", from: "paid", to: "accepted" }, "entry.status"),
    ).toEqual([
      {
        key: "status",
        value: "paid → accepted",
        parts: ["paid", "accepted"],
        change: { before: "paid", after: "accepted" },
      },
      { key: "code", value: "VX26-TV-0042", parts: ["VX26-TV-0042"] },
    ]);
  });

  it("is empty for an empty summary and caps the number of lines", () => {
    expect(summaryPairs({})).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    const pairs = summaryPairs(many);
    expect(pairs).toHaveLength(21);
    expect(pairs.at(-1)).toEqual({ key: "…", value: "+10", parts: ["+10"] });
  });
});

/** Every non-test source file under a folder of the repository. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The string literals of every `audit.record(…)` call: dotted ones are actions, `type:` ones kinds. */
function recordedLiterals(): { actions: Set<string>; types: Set<string> } {
  const root = path.resolve(import.meta.dirname, "..");
  const actions = new Set<string>();
  const types = new Set<string>();
  for (const file of [
    ...sourceFiles(path.join(root, "server")),
    ...sourceFiles(path.join(root, "web")),
  ]) {
    const text = readFileSync(file, "utf8");
    for (const call of text.matchAll(/\baudit\??\.record\(([\s\S]*?)\);/g)) {
      const args = call[1] ?? "";
      for (const m of args.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) actions.add(m[1]!);
      for (const m of args.matchAll(/\btype: "([a-z_]+)"/g)) types.add(m[1]!);
    }
  }
  return { actions, types };
}

describe("audit labels", () => {
  it("label every action and every kind of record in both languages", () => {
    const missing: string[] = [];
    for (const lang of LANGUAGES) {
      for (const action of AUDIT_ACTIONS) {
        if (!catalogText(lang, auditActionLabelKey(action))) missing.push(`${lang}: ${action}`);
      }
      for (const type of AUDIT_TARGET_TYPES) {
        if (!catalogText(lang, auditTypeLabelKey(type))) missing.push(`${lang}: ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("list every action and kind that server/ and web/ record", () => {
    const { actions, types } = recordedLiterals();
    // The scan works: it sees the calls we know about.
    expect(actions).toContain("news.delete");
    expect(types).toContain("jury_member");
    expect(actions).toContain("entry.status");
    expect(types).toContain("entry");
    expect([...actions].filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual(
      [],
    );
    expect(
      [...types].filter((t) => !(AUDIT_TARGET_TYPES as readonly string[]).includes(t)),
    ).toEqual([]);
  });
});

describe("auditCodesLabelled", () => {
  const vi = (key: string) => catalogText("vi", key);
  const en = (key: string) => catalogText("en", key);

  it("finds the actions and kinds whose label holds the text, marks and case ignored", () => {
    expect(auditCodesLabelled("Xoá hạng mục", vi)).toEqual({
      actions: ["category.delete"],
      targetTypes: [],
    });
    expect(auditCodesLabelled("  XOA   hang muc ", vi).actions).toEqual(["category.delete"]);
    expect(auditCodesLabelled("nhóm hạng mục", vi)).toEqual({
      actions: ["group.create", "group.update", "group.move", "group.delete"],
      targetTypes: ["group"],
    });
    expect(auditCodesLabelled("category deleted", en).actions).toEqual(["category.delete"]);
  });

  it("finds nothing for text no label holds, or none at all", () => {
    expect(auditCodesLabelled("category deleted", vi)).toEqual({ actions: [], targetTypes: [] });
    expect(auditCodesLabelled(" ", vi)).toEqual({ actions: [], targetTypes: [] });
  });
});

describe("exportFilterValueKey", () => {
  /** Each export's coded filter fields as its summary names them, with every value they take. */
  const CODED: [action: string, key: string, values: readonly string[]][] = [
    ["entries.export", "filter.filters.status", ENTRY_LIST_STATUS_FILTERS],
    ["entries.export", "filter.filters.payment", ENTRY_PAYMENT_STATES],
    ["entries.export", "filter.filters.type", REGISTRANT_TYPES],
    ["entries.export", "filter.filters.submitted", SUBMISSION_TIMINGS],
    ["registrants.export", "filter.filters.type", REGISTRANT_TYPES],
    ["payments.export", "filter.state", PAYMENT_STATES],
    ["payments.export", "filter.method", PAYMENT_METHODS],
    ["vat.export", "filter.state", VAT_REQUEST_STATES],
  ];

  it("names every coded value of an export's filter in both languages", () => {
    const missing: string[] = [];
    for (const [action, key, values] of CODED) {
      for (const value of values) {
        const label = exportFilterValueKey(action, key, value);
        for (const lang of LANGUAGES) {
          if (!label || !catalogText(lang, label))
            missing.push(`${lang}: ${action} ${key}=${value}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("names the entries export's every-status filter as the table's filter does", () => {
    expect(exportFilterValueKey("entries.export", "filter.filters.status", "all")).toBe(
      "entryAdmin.filters.allWithDrafts",
    );
    expect(exportFilterValueKey("entries.export", "filter.filters.status", "paid")).toBe(
      "entry.status.paid",
    );
  });

  it("leaves free values, other fields and other actions as they are", () => {
    expect(exportFilterValueKey("entries.export", "filter.q", "all")).toBeNull();
    expect(exportFilterValueKey("entries.export", "filter.track", "tvc")).toBeNull();
    expect(exportFilterValueKey("entries.export", "filter.filters.status", "nope")).toBeNull();
    expect(exportFilterValueKey("entry.status", "to", "paid")).toBeNull();
    expect(exportFilterValueKey("payments.export", "state", "paid")).toBeNull();
  });
});

describe("changes", () => {
  it("lists only the fields that differ, before and after", () => {
    expect(
      changes(
        { name: "Vạn Xuân", opens: null, tags: ["a"] },
        { name: "Vạn Xuân", opens: "2026-08-01", tags: ["a"] },
      ),
    ).toEqual({ opens: [null, "2026-08-01"] });
  });
});

describe("auditTargetName", () => {
  it("names a tree node by the name and season year its entry recorded", () => {
    expect(
      auditTargetName("category", { year: 2027, name: "TVC · Chiến dịch", feeVnd: [1, 2] }),
    ).toBe("TVC · Chiến dịch (2027)");
    // An older delete kept only the Vietnamese name; an older edit names nothing.
    expect(auditTargetName("group", { year: 2026, slug: "tv", nameVi: "Truyền hình" })).toBe(
      "Truyền hình (2026)",
    );
    expect(auditTargetName("category", { nameVi: ["Cũ", "Mới"] })).toBeNull();
    expect(auditTargetName("track", { direction: "up" })).toBeNull();
    // Other kinds are named by their record (an entry's code), not by their summary.
    expect(auditTargetName("entry", { year: 2026, name: "x" })).toBeNull();
  });
});
