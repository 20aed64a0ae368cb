import type { TFunction } from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTIONS,
  AUDIT_CHANGE_ACTIONS,
  AUDIT_TRANSITIONS,
  type AuditAction,
} from "../../../core/audit-summary";
import { formatVnd } from "../../../core/dates";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import { LANGUAGES, type Lang } from "../../../core/languages";
import { createI18n } from "../../i18n/i18n";
import { AuditDetailList } from "./audit-detail-list";
import { auditDetails } from "./audit-details";

const CATALOGS = { vi, en } as const;

/**
 * What each action records, as its operation writes it (server/modules, `audit.record`), with
 * values of every kind it holds: a new action cannot be added without a summary here. Older
 * shapes still stored in logs (a tree node's whole form, criteria as `key×weight`) are here too.
 */
const SUMMARIES: Record<AuditAction, Record<string, unknown>[]> = {
  "media.upload": [
    { purpose: "news", width: 1200, height: 675, bytes: 245_760, mime: "image/jpeg" },
  ],
  "news.create": [{ title: "Đêm trao giải", status: "draft", publishedAt: null }],
  "news.update": [
    {
      title: "Đêm trao giải",
      status: "scheduled",
      publishedAt: "2026-11-20T12:00:00.000Z",
      slugVi: { from: "dem-trao-giai", to: "dem-trao-giai-2026" },
      slugEn: { from: "", to: "awards-night" },
    },
  ],
  "news.publish": [
    { title: "Đêm trao giải", status: "published", publishedAt: "2026-11-20T12:00:00.000Z" },
  ],
  "news.unpublish": [{ title: "Đêm trao giải", status: "draft", publishedAt: null }],
  "news.delete": [{ title: "Đêm trao giải" }],
  "jury.create": [{ year: 2026, name: "Nguyễn Văn A" }],
  "jury.update": [{ year: 2026, name: "Nguyễn Văn A" }],
  "jury.reorder": [{ year: 2026, direction: "up" }],
  "jury.delete": [{ year: 2026, name: "Nguyễn Văn A" }],
  "winner.create": [{ year: 2025, title: "Chiến dịch Tết", prize: "gold" }],
  "winner.update": [{ year: 2025, title: "Chiến dịch Tết", prize: "grand_prix" }],
  "winner.delete": [{ year: 2025, title: "Chiến dịch Tết" }],
  "page.update": [
    { key: "award-introduction", year: 2026 },
    { key: "track:van-xuan-stars", year: 2026 },
  ],
  "document.create": [{ year: 2026, lang: "vi", bytes: 1_572_864, replaced: 0 }],
  "document.replace": [{ year: 2026, lang: "en", bytes: 1_572_864, replaced: 1 }],
  "document.delete": [{ lang: "en", title: "Thể lệ" }],
  "season.update": [
    {
      nameEn: ["Van Xuan Awards 2026", "Van Xuan Awards 2026 (draft)"],
      earlyBirdDeadline: ["2026-03-01T16:59:59.999Z", "2026-03-15T16:59:59.999Z"],
      lateDeadline: [null, "2026-06-30T16:59:59.999Z"],
      registrationOpensAt: ["2026-01-01T01:00:00.000Z", "2026-01-02T01:00:00.000Z"],
      registrationClosesAt: ["2026-05-31T16:59:59.999Z", null],
      submissionOpensAt: ["2026-02-01T01:00:00.000Z", "2026-02-02T01:00:00.000Z"],
      submissionClosesAt: ["2026-05-31T16:59:59.999Z", "2026-06-01T16:59:59.999Z"],
      ceremonyAt: [null, "2026-11-20T12:00:00.000Z"],
    },
  ],
  "season.create": [{ fromYear: 2025, code: "VX27", tracks: 3, groups: 9, categories: 13 }],
  "season.makeCurrent": [
    { currentSeasonYear: [2025, 2026] },
    { currentSeasonYear: [2026, 2027], stoppedOpenSeason: 2026, submittedUnpaid: 4 },
  ],
  "season.correct": [{ year: [2072, 2027], code: ["VX72", "VX27"] }],
  "season.delete": [{ code: "VX28", tracks: 3 }],
  "track.create": [
    {
      slug: "van-xuan-moi",
      code: "N",
      nameVi: "Vạn Xuân mới",
      nameEn: "New Van Xuan",
      taglineVi: "",
      taglineEn: "",
    },
  ],
  "track.update": [
    { nameEn: ["New Van Xuan", "Van Xuan New"], taglineVi: ["", "Khẩu hiệu"] },
    // Older entries carry the whole form.
    { slug: "van-xuan-moi", code: "N", nameVi: "Vạn Xuân mới", nameEn: "New Van Xuan" },
  ],
  "track.move": [
    { direction: "down" },
    { year: 2026, name: "N · Vạn Xuân mới", direction: "down" },
  ],
  "track.delete": [
    { year: 2026, slug: "van-xuan-moi", nameVi: "Vạn Xuân mới" },
    {
      year: 2026,
      name: "N · Vạn Xuân mới",
      slug: "van-xuan-moi",
      nameVi: "Vạn Xuân mới",
      deletedGroups: ["N · Truyền hình", "N · Trực tuyến"],
      deletedCategories: ["TVC · Chiến dịch", "OLC · Chiến dịch"],
    },
  ],
  "group.create": [{ slug: "truyen-hinh", nameVi: "Truyền hình", nameEn: "Television" }],
  "group.update": [
    { slug: ["truyen-hinh", "truyen-hinh-2"] },
    {
      year: 2027,
      name: "VX · Truyền hình",
      track: { from: "VX · Vạn Xuân", to: "VXS · Vạn Xuân Stars" },
    },
  ],
  "group.move": [{ direction: "up" }, { year: 2026, name: "VX · Truyền hình", direction: "up" }],
  "group.delete": [
    { year: 2026, slug: "truyen-hinh", nameVi: "Truyền hình" },
    {
      year: 2026,
      name: "VX · Truyền hình",
      slug: "truyen-hinh",
      nameVi: "Truyền hình",
      deletedCategories: ["TVC · Chiến dịch", "TVS · Phim ngắn"],
    },
  ],
  "category.create": [
    {
      slug: "chien-dich",
      code: "TV",
      nameVi: "Chiến dịch",
      nameEn: "Campaign",
      descriptionVi: "",
      descriptionEn: "",
      feeVnd: 3_300_000,
      earlyBirdFeeVnd: 2_750_000,
      lateFeeVnd: null,
      videoRequired: true,
      allowIndividual: false,
      allowEnterprise: true,
    },
  ],
  "category.update": [
    {
      feeVnd: [3_300_000, 3_500_000],
      earlyBirdFeeVnd: [null, 2_750_000],
      lateFeeVnd: [4_000_000, null],
    },
    { nameEn: ["Campaign", "Campaigns"], allowIndividual: [false, true] },
    {
      year: 2027,
      name: "TVC · Chiến dịch",
      group: { from: "VX · Truyền hình", to: "VX · Trực tuyến" },
      feeVnd: [3_300_000, 3_500_000],
    },
  ],
  "category.move": [
    { direction: "down" },
    { year: 2026, name: "TVC · Chiến dịch", direction: "down" },
  ],
  "category.delete": [{ year: 2026, slug: "chien-dich", nameVi: "Chiến dịch" }],
  "user.invite": [{ email: "bientap@example.vn", role: "editor" }],
  "user.reinvite": [{}],
  "user.role": [{ role: ["editor", "finance"] }],
  "user.deactivate": [{ active: [true, false] }],
  "user.reactivate": [{ active: [false, true] }],
  "registrant.licence": [{ licenceFileId: ["f-old", "f-new"] }],
  "settings.update": [
    {
      contactEmail: ["btc@example.vn", "lienhe@example.vn"],
      chatProvider: ["none", "zalo"],
      paymentExpiryHours: ["72", "48"],
      seoTitleEn: ["", "Van Xuan Awards"],
    },
  ],
  "mail.retryNow": [{ sent: 3, waiting: 1, givenUp: 0 }, { underWay: true }],
  "entry.status": [
    {
      code: "VX26-TV-0042",
      from: "paid",
      to: "needs_changes",
      reason: "Thiếu video",
      changesDueAt: "2026-05-20T16:59:59.999Z",
    },
    {
      code: "VX26-TV-0042",
      from: "accepted",
      to: "paid",
      reason: "Xét lại",
      screeningReopened: true,
    },
  ],
  "entry.deleteDraft": [{ code: "VX26-TV-0043", title: "Bản nháp", files: 2 }],
  "payment.confirm": [
    { reference: "VX8K2M4P", amountVnd: 6_600_000, reason: "Đã nhận chuyển khoản" },
    {
      reference: "VX8K2M4P",
      lineId: 12,
      lineAmountVnd: 6_500_000,
      paymentAmountVnd: 6_600_000,
    },
  ],
  "payment.topUp": [
    {
      reference: "VX8K2M4P",
      lineId: 13,
      lineAmountVnd: 100_000,
      paymentAmountVnd: 6_600_000,
      receivedBeforeVnd: 6_500_000,
    },
  ],
  "payment.refund": [{ reference: "VX8K2M4P", amountVnd: 6_600_000, reason: "Trùng" }],
  "payment.release": [{ reference: "VX8K2M4P", amountVnd: 6_600_000, reason: "VNPay hoàn" }],
  "payment.attentionHandled": [
    {
      reference: "VX8K2M4P",
      amountVnd: 6_600_000,
      closes: ["lateCapture", "heldForReview"],
      reason: "Đã hoàn qua VNPay",
    },
  ],
  "payment.statement": [
    {
      importId: 4,
      total: 20,
      alreadyImported: 2,
      matched: 15,
      partial: 2,
      lapsed: 1,
      unknown: 1,
      fileName: "sao-ke.csv",
    },
    {
      importId: 5,
      total: 2,
      alreadyImported: 0,
      matched: 1,
      partial: 0,
      lapsed: 0,
      unknown: 1,
      fileName: "sao-ke-thang-12.csv",
      notImportedRows: [2, 5],
    },
  ],
  "payment.vatIssued": [{ reference: "VX8K2M4P", invoiceNumber: "0001234" }],
  "judge.create": [
    { name: "Trần Thị B", email: "b@example.vn", season: 2026 },
    // Older entries name the season by its id.
    { name: "Trần Thị B", email: "b@example.vn", seasonId: 4 },
  ],
  "judge.codeIssue": [{ reissued: false }],
  "judge.codeRevoke": [{}],
  "judge.exclude": [
    { registrant: "Công ty Quảng cáo ABC", registrantId: "u-123", scoresLeftOut: 2 },
  ],
  "judge.unexclude": [{ registrant: "Công ty Quảng cáo ABC", registrantId: "u-123" }],
  "round.create": [{ name: "Vòng sơ khảo" }],
  "round.update": [{ method: "trimmedMean" }],
  "round.state": [
    { from: "draft", to: "open" },
    { from: "closed", to: "open", scoresLeftOut: 1 },
  ],
  "round.criteria": [
    {
      criteria: [
        { vi: "Ý tưởng sáng tạo (mới, độc đáo, ấn tượng)", en: "Creative idea", weight: 2 },
        { vi: "Thông điệp rõ ràng, dễ nhớ", en: "Clear, memorable message", weight: 1 },
      ],
    },
    // Older entries: keys and weights.
    { criteria: "creativeIdea×2, message×1" },
  ],
  "round.assign": [
    { judge: "Trần Thị B", category: "TV", entryCode: null },
    { judge: "Trần Thị B", category: "TV", entryCode: "VX26-TV-0042" },
  ],
  "round.unassign": [{ judge: "Trần Thị B", category: "TV", entryCode: null }],
  "round.advance": [
    { rule: "top 5", method: "mean", advanced: 10, shortlisted: 10 },
    { rule: "top 1", method: "normalised", advanced: 3, shortlisted: 3 },
    { rule: "≥ 7.5", method: "trimmedMean", advanced: 4, shortlisted: 4 },
  ],
  "prize.set": [
    { entryCode: "VX26-TV-0042", prize: "silver" },
    { entryCode: "VX26-TV-0042", prize: "" },
  ],
  "winners.publish": [
    { year: 2026, winners: 12, moved: { winner: 12, finalist: 20, not_awarded: 40 } },
  ],
  "library.publish": [{ entries: 2, changed: 2, codes: ["VX26-TV-0042", "VX26-TV-0043"] }],
  "library.unpublish": [{ entries: 1, changed: 1, codes: ["VX26-TV-0042"] }],
  "entries.export": [
    {
      format: "xlsx",
      rows: 40,
      season: 2026,
      selected: 3,
      filter: {
        q: "tết",
        filters: { status: "needs_changes", payment: "due", type: "enterprise" },
        track: "Vạn Xuân",
        group: "Truyền hình",
        category: "Chiến dịch",
      },
    },
    { format: "csv", rows: 1200, season: 2026, filter: { filters: { status: "all" } } },
  ],
  "registrants.export": [
    {
      format: "csv",
      rows: 300,
      filter: { q: "abc", filters: { type: "individual" }, season: 2026 },
    },
  ],
  "payments.export": [
    {
      format: "xlsx",
      rows: 80,
      filter: {
        season: 2026,
        state: "paid",
        method: "vnpay",
        from: "2026-03-01",
        to: "2026-03-31",
        q: "VX8",
        attention: "open",
      },
    },
  ],
  "vat.export": [{ format: "csv", rows: 5, filter: { state: "requested", q: "ABC" } }],
  "round.export": [
    { format: "xlsx", rows: 120, kind: "scores" },
    { format: "csv", rows: 40, kind: "ranking" },
  ],
};

/** Fields whose values are codes that must be shown by their names. */
const CODED = new Set([
  "status",
  "state",
  "prize",
  "role",
  "method",
  "purpose",
  "direction",
  "kind",
  "lang",
  "chatProvider",
  "key",
  "closes",
  "rule",
  "payment",
  "type",
  "attention",
  "criteria",
]);

/** A raw i18n key, as shown when a lookup misses. */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z_]+)+$/;

/** A translator over the real catalogue that notes every key it was asked for and lacks. */
function translator(lang: Lang) {
  const i18n = createI18n(lang, CATALOGS[lang]);
  const missing: string[] = [];
  const t = ((key: string, options: Record<string, unknown> = {}) => {
    if (!i18n.exists(key, options)) missing.push(key);
    return i18n.t(key, options);
  }) as unknown as TFunction;
  return { i18n, t, missing };
}

/** The summary's keys as the log's lines name them (`filter.filters.status`, `moved.winner`). */
function leafKeys(summary: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(summary).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      !("from" in value && "to" in value)
      ? leafKeys(value as Record<string, unknown>, name)
      : [name];
  });
}

describe("the audit log's details", () => {
  for (const lang of LANGUAGES) {
    it(`names every field and value of every action in ${lang}: no raw keys or codes`, () => {
      const { i18n, t, missing } = translator(lang);
      const problems: string[] = [];
      for (const action of AUDIT_ACTIONS) {
        for (const summary of SUMMARIES[action]) {
          const details = auditDetails({ t, i18n }, lang, action, summary);
          const fieldNames = new Set(
            leafKeys(summary)
              .flatMap((key) => key.split("."))
              .concat(["from", "to"]),
          );
          for (const detail of details) {
            const where = `${lang} ${action} ${detail.key}`;
            for (const part of detail.label.split(" › ")) {
              if (fieldNames.has(part))
                problems.push(`${where}: label is the field's name "${part}"`);
            }
            if (RAW_KEY.test(detail.label) || RAW_KEY.test(detail.value)) {
              problems.push(`${where}: raw key "${detail.label}: ${detail.value}"`);
            }
            const field = detail.key.split(".").at(-1)!;
            const raw = detail.key
              .split(".")
              .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], summary);
            if (CODED.has(field) && typeof raw === "string" && raw !== "" && detail.value === raw) {
              problems.push(`${where}: code "${raw}" shown as it is`);
            }
          }
          // Nothing the summary holds is left out, but for a transition's two ends joined.
          expect(details.length, `${lang} ${action}`).toBeGreaterThanOrEqual(
            leafKeys(summary).length - (AUDIT_TRANSITIONS[action] ? 1 : 0),
          );
        }
      }
      expect(problems).toEqual([]);
      expect([...new Set(missing)]).toEqual([]);
    });
  }

  it("shows each change as before → after, never as “old, new”", () => {
    const { i18n, t } = translator("vi");
    for (const action of AUDIT_CHANGE_ACTIONS) {
      for (const summary of SUMMARIES[action as AuditAction]) {
        // A `[before, after]` pair, or a `{ from, to }` object (a node moved to another parent).
        const changes = Object.values(summary).filter(
          (v) => Array.isArray(v) || (v !== null && typeof v === "object" && "from" in v),
        ).length;
        const details = auditDetails({ t, i18n }, "vi", action, summary);
        expect(details.filter((d) => d.change).length, action).toBe(changes);
        for (const detail of details.filter((d) => d.change)) {
          expect(detail.value).toBe(`${detail.change!.before} → ${detail.change!.after}`);
        }
      }
    }
  });

  it("reads a season's dates as the seasons form names them, in Vietnam time", () => {
    const { i18n, t } = translator("vi");
    const details = auditDetails({ t, i18n }, "vi", "season.update", SUMMARIES["season.update"][0]);
    const byKey = Object.fromEntries(details.map((d) => [d.key, d]));
    expect(byKey.earlyBirdDeadline).toMatchObject({
      label: "Hạn ưu đãi sớm",
      value: "01/03/2026 23:59 → 15/03/2026 23:59",
    });
    expect(byKey.earlyBirdDeadline!.label).toBe(vi.adminPlatform.seasons.fields.earlyBirdDeadline);
    expect(byKey.lateDeadline!.value).toBe("— → 30/06/2026 23:59");
    expect(byKey.ceremonyAt!.value).toBe("— → 20/11/2026 19:00");
    expect(byKey.nameEn).toMatchObject({ label: "Tên (tiếng Anh)" });
  });

  it("names a moved category's old and new group, and what a group's delete took with it", () => {
    const { i18n, t } = translator("vi");
    const byKey = (action: AuditAction, at: number) =>
      Object.fromEntries(
        auditDetails({ t, i18n }, "vi", action, SUMMARIES[action][at]).map((d) => [d.key, d]),
      );
    const moved = byKey("category.update", 2);
    expect(moved.year).toMatchObject({ label: "Năm", value: "2027" });
    expect(moved.name).toMatchObject({ label: "Tên", value: "TVC · Chiến dịch" });
    expect(moved.group).toMatchObject({
      label: "Nhóm",
      value: "VX · Truyền hình → VX · Trực tuyến",
      change: { before: "VX · Truyền hình", after: "VX · Trực tuyến" },
    });
    expect(byKey("group.update", 1).track).toMatchObject({
      label: "Bảng",
      value: "VX · Vạn Xuân → VXS · Vạn Xuân Stars",
    });
    expect(byKey("group.delete", 1).deletedCategories).toMatchObject({
      label: "Hạng mục bị xoá cùng",
      value: "TVC · Chiến dịch, TVS · Phim ngắn",
    });
  });

  it("reads money in VND, statuses, roles and rules by their names, in each language", () => {
    for (const lang of LANGUAGES) {
      const { i18n, t } = translator(lang);
      const read = (action: AuditAction, at = 0) =>
        Object.fromEntries(
          auditDetails({ t, i18n }, lang, action, SUMMARIES[action][at]).map((d) => [
            d.key,
            d.value,
          ]),
        );
      expect(read("category.update").feeVnd).toBe(
        `${formatVnd(3_300_000, lang)} → ${formatVnd(3_500_000, lang)}`,
      );
      expect(read("payment.confirm", 1).lineAmountVnd).toBe(formatVnd(6_500_000, lang));
      const status = read("entry.status").status;
      expect(status).toBe(`${t("entry.status.paid")} → ${t("entry.status.needs_changes")}`);
      expect(read("round.state").state).toBe(
        `${t("judgingAdmin.state.draft")} → ${t("judgingAdmin.state.open")}`,
      );
      expect(read("user.role").role).toBe(
        `${t("admin.roles.editor")} → ${t("admin.roles.finance")}`,
      );
      expect(read("round.advance").rule).toBe(
        lang === "vi" ? "5 bài dẫn đầu mỗi hạng mục" : "The top 5 of each category",
      );
      expect(read("round.advance", 2).rule).toBe(
        lang === "vi" ? "Từ 7,5 điểm trở lên" : "A score of 7.5 or more",
      );
      expect(read("round.criteria", 1).criteria).toBe(
        lang === "vi"
          ? "Ý tưởng sáng tạo (mới, độc đáo, ấn tượng) (hệ số 2); Thông điệp rõ ràng, dễ nhớ (hệ số 1)"
          : "Creative idea (new, unique, impressive) (weight 2); Clear, memorable message (weight 1)",
      );
      expect(read("news.update").slugVi).toBe("dem-trao-giai → dem-trao-giai-2026");
      expect(read("news.update").publishedAt).toBe("20/11/2026 19:00");
    }
  });

  it("renders each entry's details as a list, the change's arrow read out in words", () => {
    for (const lang of LANGUAGES) {
      const i18n = createI18n(lang, CATALOGS[lang]);
      const html = renderToStaticMarkup(
        createElement(
          I18nextProvider,
          { i18n },
          createElement(AuditDetailList, {
            action: "user.role",
            summary: SUMMARIES["user.role"][0],
            lang,
          }),
        ),
      );
      const role = (code: string) => i18n.t(`admin.roles.${code}`);
      expect(html).toBe(
        `<dl class="audit-summary__pairs"><div><dt>${i18n.t("adminPlatform.audit.fields.role")}</dt>` +
          `<dd>${role("editor")} <span aria-hidden="true">→</span>` +
          `<span class="visually-hidden"> ${i18n.t("adminPlatform.audit.changedTo")}</span> ` +
          `${role("finance")}</dd></div></dl>`,
      );
      const none = renderToStaticMarkup(
        createElement(
          I18nextProvider,
          { i18n },
          createElement(AuditDetailList, { action: "user.reinvite", summary: {}, lang }),
        ),
      );
      expect(none).toBe("—");
    }
  });
});
