import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingItems } from "../../../core/entry";
import { ENTRY_LIST_SORTS, parseEntryListQuery } from "../../../core/entry-admin-list";
import type { Lang } from "../../../core/languages";
import { migrateToLatest, type Db } from "../../db/database";
import { closeAndSettle, testDatabases } from "../../test-support/databases";
import { valuesOf } from "../entries/values";
import { listEntries } from "./list-entries";
import {
  OLD_SEASON,
  PAGING_SEASON,
  SEASON,
  seedEntryAdminWorld,
  type EntryAdminWorld,
} from "./testbed";

describe.each(testDatabases())("entries table on $name", (target) => {
  describe.skipIf(!target.available)("listEntries", () => {
    let db: Db;
    let w: EntryAdminWorld;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      w = await seedEntryAdminWorld(db);
    }, 60_000);
    afterAll(async () => {
      await closeAndSettle(db);
      await target.cleanup();
    });

    const NOW = new Date("2031-09-20T03:00:00.000Z");
    const list = (
      params: Record<string, string> = {},
      seasonYear = SEASON,
      lang: Lang = "vi",
      now = NOW,
    ) => listEntries(db, { query: parseEntryListQuery(params), seasonYear, lang, now });
    /** The codes of the page (drafts have none: "-"), in order. */
    const codes = async (params: Record<string, string> = {}, seasonYear = SEASON) =>
      (await list({ sort: "code", dir: "asc", ...params }, seasonYear)).items.map(
        (r) => r.code ?? "-",
      );

    it("lists the season's entries except drafts by default, with every column", async () => {
      const page = await list();
      expect(page.total).toBe(5);
      // Newest change first by default.
      expect(page.items.map((r) => r.code)).toEqual([
        "VX31-CD-0001",
        "VX31-IN-0001",
        "VX31-CD-0002",
        "VX31-TVC-0002",
        "VX31-TVC-0001",
      ]);
      const e2 = page.items.find((r) => r.id === w.ids.e2)!;
      expect(e2).toMatchObject({
        code: "VX31-TVC-0002",
        status: "paid",
        title: "Quảng cáo mùa hè",
        brand: "Kem Mát",
        track: { id: w.tracks.creative, name: "Sáng tạo" },
        group: { id: w.groups.screen, name: "Màn ảnh" },
        category: { id: w.categories.tvc, code: "TVC", name: "Phim quảng cáo" },
        registrant: { type: "individual", name: "Lê Thị Hoa", email: "hoa@example.vn" },
        payment: "paid",
        completeness: { present: 12, total: 13 },
        submittedAt: "2031-09-03T03:00:00.000Z",
        updatedAt: "2031-09-05T03:00:00.000Z",
      });
      const e1 = page.items.find((r) => r.id === w.ids.e1)!;
      expect(e1.registrant).toMatchObject({
        type: "enterprise",
        name: "Công ty Quảng Cáo Ánh Dương",
        taxCode: "0312345678",
      });
      expect(e1.statusVersion).toBeGreaterThanOrEqual(1);
    });

    it("names the catalogue in the page's language", async () => {
      const page = await list({ q: "VX31-TVC-0002" }, SEASON, "en");
      expect(page.items[0]).toMatchObject({
        track: { name: "Creative" },
        group: { name: "Screen" },
        category: { name: "TV commercial" },
      });
    });

    it("filters by status, drafts only when asked", async () => {
      expect(await codes({ status: "all" })).toHaveLength(6);
      expect((await list({ status: "draft" })).items.map((r) => r.id)).toEqual([w.ids.e5]);
      expect(await codes({ status: "paid" })).toEqual(["VX31-TVC-0002"]);
      expect(await codes({ status: "needs_changes" })).toEqual(["VX31-CD-0002"]);
      // An unknown status is no filter (the default view).
      expect(await codes({ status: "bogus" })).toHaveLength(5);
    });

    it("says until when an entry sent back for changes stays editable: its due date or the later deadline", async () => {
      const due = "2031-09-25T16:59:59.999Z";
      const closes = "2031-10-31T16:59:59.999Z";
      const row = async (now: Date) =>
        (await list({ status: "needs_changes" }, SEASON, "vi", now)).items[0]!;
      await db.kysely
        .updateTable("entries")
        .set({ changes_due_at: due })
        .where("id", "=", w.ids.e6)
        .execute();
      try {
        // No submission window: the due date alone.
        expect(await row(NOW)).toMatchObject({
          changesDueAt: due,
          editableUntil: { at: due, by: "changesDue" },
        });
        await db.kysely
          .updateTable("seasons")
          .set({ submission_opens_at: "2031-08-31T17:00:00.000Z", submission_closes_at: closes })
          .where("year", "=", SEASON)
          .execute();
        // The window is open and ends later: the entrant can edit until the deadline.
        expect((await row(NOW)).editableUntil).toEqual({ at: closes, by: "window" });
        // Other statuses carry neither.
        const paid = (await list({ status: "paid" })).items[0]!;
        expect(paid).toMatchObject({ changesDueAt: null, editableUntil: null });
      } finally {
        await db.kysely
          .updateTable("seasons")
          .set({ submission_opens_at: null, submission_closes_at: null })
          .where("year", "=", SEASON)
          .execute();
        await db.kysely
          .updateTable("entries")
          .set({ changes_due_at: null })
          .where("id", "=", w.ids.e6)
          .execute();
      }
    });

    it("marks and filters entries submitted after the season's submission deadline", async () => {
      // Before any deadline is set, no entry is late.
      expect(await codes({ submitted: "late" })).toEqual([]);
      expect(await codes({ submitted: "on_time" })).toHaveLength(5);
      expect((await list()).items.every((r) => !r.submittedLate)).toBe(true);
      // The end of 04/09/2031 in Vietnam: e3 came in that morning, e4 and e6 the days after.
      await db.kysely
        .updateTable("seasons")
        .set({
          submission_opens_at: "2031-08-31T17:00:00.000Z",
          submission_closes_at: "2031-09-04T16:59:59.999Z",
          late_deadline: "2031-09-10T16:59:59.999Z",
        })
        .where("year", "=", SEASON)
        .execute();
      try {
        const late = await list({ submitted: "late", sort: "code", dir: "asc" });
        expect(late.total).toBe(2);
        expect(late.items.map((r) => [r.code, r.submittedLate])).toEqual([
          ["VX31-CD-0001", true],
          ["VX31-CD-0002", true],
        ]);
        const onTime = await list({ submitted: "on_time", sort: "code", dir: "asc" });
        expect(onTime.items.map((r) => [r.code, r.submittedLate])).toEqual([
          ["VX31-IN-0001", false],
          ["VX31-TVC-0001", false],
          ["VX31-TVC-0002", false],
        ]);
        // A draft never submitted is neither, whatever the status filter.
        expect(await codes({ status: "all", submitted: "on_time" })).toHaveLength(3);
        expect(await codes({ status: "all", submitted: "late" })).toHaveLength(2);
        expect((await list({ status: "draft" })).items[0]!.submittedLate).toBe(false);
        // With the other filters.
        expect(await codes({ submitted: "late", status: "needs_changes" })).toEqual([
          "VX31-CD-0002",
        ]);
        expect(await codes({ submitted: "late", track: "sang-tao" })).toEqual([]);
        // Another season's deadline does not apply: 2030 has none.
        expect(await codes({ submitted: "late" }, OLD_SEASON)).toEqual([]);
      } finally {
        await db.kysely
          .updateTable("seasons")
          .set({ submission_opens_at: null, submission_closes_at: null, late_deadline: null })
          .where("year", "=", SEASON)
          .execute();
      }
    });

    it("filters by payment state derived from the lifecycle", async () => {
      expect(await codes({ payment: "due" })).toEqual(["VX31-TVC-0001"]);
      expect(await codes({ payment: "paid" })).toEqual([
        "VX31-CD-0002",
        "VX31-IN-0001",
        "VX31-TVC-0002",
      ]);
      expect(await codes({ payment: "not_due" })).toEqual(["VX31-CD-0001"]);
      expect(await codes({ payment: "not_due", status: "all" })).toEqual(["-", "VX31-CD-0001"]);
    });

    it("filters by registrant type", async () => {
      expect(await codes({ type: "individual" })).toEqual(["VX31-TVC-0002"]);
      expect(await codes({ type: "enterprise" })).toHaveLength(4);
    });

    it("filters by track, group and category, by id or by slug", async () => {
      const creative = ["VX31-IN-0001", "VX31-TVC-0001", "VX31-TVC-0002"];
      expect(await codes({ track: String(w.tracks.creative) })).toEqual(creative);
      expect(await codes({ track: "sang-tao" })).toEqual(creative);
      expect(await codes({ track: "ben-vung" })).toEqual(["VX31-CD-0001", "VX31-CD-0002"]);
      expect(await codes({ group: String(w.groups.community) })).toEqual([
        "VX31-CD-0001",
        "VX31-CD-0002",
      ]);
      expect(await codes({ group: "man-anh" })).toEqual(creative);
      expect(await codes({ category: "tvc" })).toEqual(["VX31-TVC-0001", "VX31-TVC-0002"]);
      expect(await codes({ category: String(w.categories.print) })).toEqual(["VX31-IN-0001"]);
      expect(await codes({ track: "sang-tao", category: "vi-cong-dong" })).toEqual([]);
      // The 2030 season's track of the same slug is not this season's.
      expect(await codes({ track: "sang-tao" }, OLD_SEASON)).toEqual(["VX30-TVC-0001"]);
    });

    it("searches code, title, brand, registrant, company, email and tax code, marks or not", async () => {
      // Typed without marks, finds text with them (title of e2, company of e1 and e4).
      expect(await codes({ q: "quang cao" })).toEqual([
        "VX31-CD-0001",
        "VX31-TVC-0001",
        "VX31-TVC-0002",
      ]);
      expect(await codes({ q: "QUẢNG CÁO" })).toEqual(await codes({ q: "quang cao" }));
      // Typed with marks, finds text without them (brand "Pho Viet").
      expect(await codes({ q: "Phở Việt" })).toEqual(["VX31-CD-0002"]);
      expect(await codes({ q: "tvc-0002" })).toEqual(["VX31-TVC-0002"]);
      expect(await codes({ q: "xe dap" })).toEqual(["VX31-IN-0001"]);
      expect(await codes({ q: "le thi hoa" })).toEqual(["VX31-TVC-0002"]);
      expect(await codes({ q: "sunrise@example" })).toEqual(["VX31-CD-0002", "VX31-IN-0001"]);
      expect(await codes({ q: "0109999999" })).toEqual(["VX31-CD-0002", "VX31-IN-0001"]);
      expect(await codes({ q: "Sunrise Media" })).toEqual(["VX31-CD-0002", "VX31-IN-0001"]);
      // LIKE wildcards are literal.
      expect(await codes({ q: "%" })).toEqual([]);
      expect(await codes({ q: "nothing like this" })).toEqual([]);
    });

    it("sorts on every column, both ways, with a stable order", async () => {
      for (const sort of ENTRY_LIST_SORTS) {
        const asc = (await list({ sort, dir: "asc", status: "all" })).items.map((r) => r.id);
        const desc = (await list({ sort, dir: "desc", status: "all" })).items.map((r) => r.id);
        expect(asc, sort).toHaveLength(6);
        expect(desc, sort).toEqual([...asc].reverse());
      }
      const order = async (sort: string) =>
        (await list({ sort, dir: "asc" })).items.map((r) => r.code);
      expect(await order("title")).toEqual([
        "VX31-CD-0002", // Cây xanh…
        "VX31-CD-0001", // Đường… (Vietnamese order: đ after d, before e)
        "VX31-TVC-0002", // Quảng cáo…
        "VX31-IN-0001", // Summer Ride
        "VX31-TVC-0001", // Tết…
      ]);
      expect(await order("status")).toEqual([
        "VX31-TVC-0001", // submitted
        "VX31-TVC-0002", // paid
        "VX31-IN-0001", // accepted
        "VX31-CD-0002", // needs_changes
        "VX31-CD-0001", // withdrawn
      ]);
      expect((await order("payment"))[0]).toBe("VX31-CD-0001");
      expect((await order("payment"))[1]).toBe("VX31-TVC-0001");
      // Most complete first: 13/13 twice (the video is optional for CD-0002), then 12, 10, 9.
      const byCompleteness = await order("completeness");
      expect(new Set(byCompleteness.slice(0, 2))).toEqual(
        new Set(["VX31-TVC-0001", "VX31-CD-0002"]),
      );
      expect(byCompleteness.slice(2)).toEqual(["VX31-TVC-0002", "VX31-CD-0001", "VX31-IN-0001"]);
      expect(await order("submitted")).toEqual([
        "VX31-TVC-0001",
        "VX31-TVC-0002",
        "VX31-IN-0001",
        "VX31-CD-0001",
        "VX31-CD-0002",
      ]);
      // Company names for enterprises, full names for individuals.
      const byRegistrant = await order("registrant");
      expect(new Set(byRegistrant.slice(0, 2))).toEqual(new Set(["VX31-CD-0001", "VX31-TVC-0001"]));
      expect(byRegistrant[2]).toBe("VX31-TVC-0002");
      expect(new Set(byRegistrant.slice(3))).toEqual(new Set(["VX31-CD-0002", "VX31-IN-0001"]));
    });

    it("counts completeness as core/entry.ts does", async () => {
      const page = await list({ status: "all" });
      const rows = await db.kysely
        .selectFrom("entries")
        .selectAll()
        .where(
          "id",
          "in",
          page.items.map((r) => r.id),
        )
        .execute();
      const files = await db.kysely.selectFrom("entry_files").selectAll().execute();
      const categories = await db.kysely
        .selectFrom("categories")
        .select(["id", "video_required"])
        .execute();
      for (const item of page.items) {
        const row = rows.find((r) => r.id === item.id)!;
        const category = categories.find((c) => Number(c.id) === Number(row.category_id));
        const missing = missingItems(
          valuesOf(
            row,
            files.filter((f) => f.entry_id === row.id),
          ),
          { videoRequired: category ? Number(category.video_required) === 1 : true },
        );
        expect(item.completeness, item.code ?? "draft").toEqual({
          present: 13 - missing.length,
          total: 13,
        });
      }
      expect(page.items.find((r) => r.id === w.ids.e5)!.completeness.present).toBe(0);
      expect(page.items.find((r) => r.id === w.ids.e1)!.completeness.present).toBe(13);
    });

    it("pages with a total, clamping a page past the end", async () => {
      const first = await list({ pageSize: "10", sort: "code", dir: "asc" }, PAGING_SEASON);
      expect(first).toMatchObject({ total: 25, page: 1, pageCount: 3, pageSize: 10 });
      expect(first.items.map((r) => r.code)[0]).toBe("VX32-X-0001");
      const third = await list(
        { pageSize: "10", sort: "code", dir: "asc", page: "3" },
        PAGING_SEASON,
      );
      expect(third.items.map((r) => r.code)).toEqual([
        "VX32-X-0021",
        "VX32-X-0022",
        "VX32-X-0023",
        "VX32-X-0024",
        "VX32-X-0025",
      ]);
      const past = await list({ pageSize: "10", sort: "code", page: "99" }, PAGING_SEASON);
      expect(past.page).toBe(3);
      const second = await list(
        { pageSize: "10", sort: "code", dir: "asc", page: "2" },
        PAGING_SEASON,
      );
      const seen = new Set([...first.items, ...second.items, ...third.items].map((r) => r.id));
      expect(seen.size).toBe(25);
    });

    it("lists an earlier season, and nothing for a season that does not exist", async () => {
      expect(await codes({}, OLD_SEASON)).toEqual(["VX30-TVC-0001"]);
      const none = await list({}, 2099);
      expect(none).toMatchObject({ total: 0, items: [], seasonFound: false });
    });
  });
});
