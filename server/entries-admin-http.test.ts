import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { catalogText } from "../core/i18n/lookup";
import { foldForSearch } from "../core/search-text";
import { seedDemoContent } from "./demo/demo-content";
import { seedEntryAdminWorld, type EntryAdminWorld } from "./modules/entry-admin/testbed";
import { signedInApp, TEST_NOW } from "./test-support/signed-in-app";
import { TEST_ORIGIN, type Who } from "./test-support/sign-in";

// The entries table over HTTP against the production build: the page, the bulk status change
// through its action, and the CSV / XLSX downloads, with the entries of seasons 2030–2032.
let world: EntryAdminWorld;
const office = signedInApp({
  staffEmail: (role) => `entries-${role.replace("_", "-")}@vanxuan-awards.example`,
  entrant: { email: "entries-entrant@example.vn", fullName: "Thí Sinh Bảng" },
  prepare: async (started) => {
    await seedDemoContent(started.db, TEST_NOW);
    world = await seedEntryAdminWorld(started.db);
  },
});

const get = (url: string, who: Who = "admin") =>
  office.request("GET", url, { cookie: office.cookies.get(who) });

/** POSTs the table's form: repeated `entries` fields, as the checkboxes send them. */
function postBulk(who: Who, fields: [string, string][]) {
  return office.app.fastify.inject({
    method: "POST",
    url: "/quan-tri/bai-du-thi?season=2031",
    headers: {
      host: "localhost:3000",
      origin: TEST_ORIGIN,
      cookie: office.cookies.get(who)!,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function statusOf(id: string) {
  const row = await office.db.kysely
    .selectFrom("entries")
    .select(["status", "status_version"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { status: row.status, version: Number(row.status_version) };
}

describe("entries table over HTTP", () => {
  it("renders the filtered, sorted table for staff with the right roles, 403 for an editor", async () => {
    const page = await get("/quan-tri/bai-du-thi?season=2031&sort=code&dir=asc&q=quang%20cao");
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain("Bài dự thi mùa giải 2031");
    const codes = [...html.matchAll(/>(VX31-[A-Z]+-\d{4})</g)].map((m) => m[1]);
    expect(codes).toEqual(["VX31-CD-0001", "VX31-TVC-0001", "VX31-TVC-0002"]);
    expect(html).toMatch(/aria-sort="ascending"/);
    expect(html).toContain(`value="${world.ids.e2}:1"`);
    expect(html).toContain("1–3 / 3 bài");
    // Finance may only mark entries paid; the secretariat may not.
    const finance = await get("/quan-tri/bai-du-thi?season=2031", "finance");
    expect(finance.statusCode).toBe(200);
    const bulk = /class="entries-bulk">([\s\S]*?)<\/fieldset>/.exec(finance.body)?.[1] ?? "";
    expect(bulk).toMatch(/<option value="paid">/);
    expect(bulk).not.toMatch(/<option value="accepted">/);
    expect((await get("/quan-tri/bai-du-thi?season=2031", "editor")).statusCode).toBe(403);
    const empty = await get("/quan-tri/bai-du-thi?season=2031&q=kh%C3%B4ng-c%C3%B3-g%C3%AC");
    expect(empty.body).toContain("Không có bài dự thi nào khớp với bộ lọc.");
  });

  it("lists the other season when the filters still name a track of the season left", async () => {
    // The filter form sends the 2031 track's id along with the newly chosen season 2030: the
    // track select of 2030 cannot show it (it says "all"), so the table must not filter by it.
    const page = await get(`/quan-tri/bai-du-thi?season=2030&track=${world.tracks.creative}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("VX30-TVC-0001");
    expect(page.body).toContain("1–1 / 1 bài");
    // Nor do its export links (which download what the table lists).
    expect(page.body).toContain('href="/quan-tri/bai-du-thi/xuat?format=csv&amp;season=2030"');
    // In its own season the track still filters.
    const own = await get(`/quan-tri/bai-du-thi?season=2031&track=${world.tracks.green}`);
    expect(own.body).not.toContain("VX31-TVC-0001");
  });

  it("offers the chosen season's categories and says which choice of the season left it dropped", async () => {
    // The form sent without JavaScript: season 2030 newly chosen, the 2031 "Báo in" category
    // still picked in the select that listed 2031's.
    const page = await get(`/quan-tri/bai-du-thi?season=2030&category=${world.categories.print}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("VX30-TVC-0001");
    expect(page.body).toContain("1–1 / 1 bài");
    expect(page.body).toMatch(
      /role="status" aria-live="polite">Hạng mục đã chọn không thuộc mùa 2030 nên đã được bỏ\.</,
    );
    // The category select lists 2030's categories only, with "all" chosen.
    const select = /<select id="[^"]*-category" name="category"[^>]*>([\s\S]*?)<\/select>/.exec(
      page.body,
    )?.[1];
    expect(select).toBeDefined();
    expect(select).not.toContain(`value="${world.categories.print}"`);
    expect(select).not.toContain(`value="${world.categories.tvc}"`);
    expect(select).toMatch(/<option value="" selected="">Tất cả<\/option>/);
    expect(select).toContain("Màn ảnh › Phim quảng cáo");
    // Each season's catalogue travels with the page, for switching seasons in place.
    expect(page.body).toContain("Vì cộng đồng");
    // In English, and for a track and a group too.
    const en = await get(
      `/en/quan-tri/bai-du-thi?season=2030&track=${world.tracks.green}&group=${world.groups.community}`,
    );
    expect(en.body).toContain("The track you chose is not in the 2030 season, so it was removed.");
    expect(en.body).toContain(
      "The category group you chose is not in the 2030 season, so it was removed.",
    );
    // A category of the season shown filters, and nothing is said.
    const own = await get(`/quan-tri/bai-du-thi?season=2031&category=${world.categories.print}`);
    expect(own.body).not.toContain("nên đã được bỏ");
    expect(own.body).toMatch(
      new RegExp(`<option value="${world.categories.print}" selected="">Màn ảnh › Báo in<`),
    );
    // Named by its slug in the address, the select shows it chosen all the same.
    const bySlug = await get("/quan-tri/bai-du-thi?season=2031&category=bao-in");
    expect(bySlug.body).toMatch(
      new RegExp(`<option value="${world.categories.print}" selected="">Màn ảnh › Báo in<`),
    );
  });

  it("changes statuses in bulk, skipping what the lifecycle or a stale version refuses", async () => {
    const before = await statusOf(world.ids.e2);
    const refused = await postBulk("jury_manager", [
      ["intent", "changeStatus"],
      ["to", "needs_changes"],
      ["entries", `${world.ids.e2}:${before.version}`],
    ]);
    expect(refused.statusCode).toBe(400);
    expect((await statusOf(world.ids.e2)).status).toBe("paid");

    const response = await postBulk("jury_manager", [
      ["intent", "changeStatus"],
      ["to", "accepted"],
      ["reason", "Hồ sơ đầy đủ."],
      ["entries", `${world.ids.e2}:${before.version}`],
      ["entries", `${world.ids.e1}:1`],
    ]);
    expect(response.statusCode).toBe(200);
    expect(await statusOf(world.ids.e2)).toEqual({
      status: "accepted",
      version: before.version + 1,
    });
    // Submitted, not yet paid: the secretariat cannot accept it.
    expect((await statusOf(world.ids.e1)).status).toBe("submitted");
    expect(response.body).toContain("Đã đổi trạng thái 1 bài, bỏ qua 1 bài.");
    expect(response.body).toContain("VX31-TVC-0001: không thể chuyển từ trạng thái hiện tại");

    // The same (now stale) version again: a conflict, not an overwrite.
    const stale = await postBulk("jury_manager", [
      ["intent", "changeStatus"],
      ["to", "rejected"],
      ["reason", "Trùng lặp."],
      ["entries", `${world.ids.e2}:${before.version}`],
    ]);
    expect(stale.body).toContain("trạng thái vừa được người khác thay đổi");
    expect((await statusOf(world.ids.e2)).status).toBe("accepted");

    const unknown = await postBulk("admin", [["intent", "nope"]]);
    expect(unknown.statusCode).toBe(400);
  });

  it("downloads the filter as XLSX and CSV, headings in the page's language", async () => {
    const xlsx = await get("/quan-tri/bai-du-thi/xuat?format=xlsx&season=2031&sort=code&dir=asc");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(
      /^attachment; filename="entries-2031-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) =>
      r.slice(1),
    );
    expect(rows[0]![0]).toBe("Mã bài");
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      "VX31-CD-0001",
      "VX31-CD-0002",
      "VX31-IN-0001",
      "VX31-TVC-0001",
      "VX31-TVC-0002",
    ]);
    expect(rows.find((r) => r[0] === "VX31-CD-0001")![1]).toBe("Đường về nhà");

    const csv = await get(
      `/en/quan-tri/bai-du-thi/xuat?format=csv&season=2031&ids=${world.ids.e3},${world.ids.e4}`,
      "finance",
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.rawPayload.subarray(3).toString("utf8");
    expect(text.split(/\r?\n/)[0]).toMatch(/^"Code","Campaign \/ work","Brand"/);
    expect(text).toContain('"Đường về nhà"');
    expect(text).toContain('"Xe Đạp Việt"');
    expect(text).not.toContain("VX31-TVC-0001");

    expect((await get("/quan-tri/bai-du-thi/xuat?format=csv", "editor")).statusCode).toBe(403);

    // Who downloaded what is in the audit log (the editor's refused attempt is not).
    const downloads = await office.db.kysely
      .selectFrom("audit_log as a")
      .innerJoin("user as u", "u.id", "a.actor_id")
      .select(["u.role", "a.summary"])
      .where("a.action", "=", "entries.export")
      .orderBy("a.id")
      .execute();
    expect(downloads.map((d) => [d.role, JSON.parse(d.summary)])).toEqual([
      ["admin", { format: "xlsx", rows: 5, season: 2031 }],
      ["finance", { format: "csv", rows: 2, season: 2031, selected: 2 }],
    ]);
  });

  it("names an export's filter in words in the audit log, in the reader's language", async () => {
    const download = await get(
      "/quan-tri/bai-du-thi/xuat?format=csv&season=2031&status=all&payment=paid&type=enterprise",
    );
    expect(download.statusCode).toBe(200);
    // The summary's values of the log's rows a search finds, newest row first.
    const logValues = async (lang: "vi" | "en", search: string) => {
      const log = await get(
        `${lang === "en" ? "/en" : ""}/quan-tri/nhat-ky?q=${encodeURIComponent(search)}`,
      );
      expect(log.statusCode).toBe(200);
      return [...log.body.matchAll(/<dd>([^<]*)<\/dd>/g)].map((m) => m[1]);
    };
    for (const lang of ["vi", "en"] as const) {
      const values = await logValues(lang, "entries.export");
      // The export above is the first row.
      expect(values.slice(3, 6), lang).toEqual([
        catalogText(lang, "entryAdmin.filters.allWithDrafts"),
        catalogText(lang, "entryAdmin.payment.paid"),
        catalogText(lang, "entryAdmin.type.enterprise"),
      ]);
      for (const code of ["all", "paid", "enterprise"]) expect(values, lang).not.toContain(code);

      // Searched for as the page names the action, with or without marks, in any case: the
      // same rows. In the other language's words: none.
      const label = catalogText(lang, "adminPlatform.audit.actions.entries.export")!;
      const unmarked = foldForSearch(label).toUpperCase();
      expect(unmarked).not.toBe(label);
      for (const search of [label, unmarked]) {
        expect(await logValues(lang, search), `${lang}: ${search}`).toEqual(values);
      }
      const other = catalogText(
        lang === "vi" ? "en" : "vi",
        "adminPlatform.audit.actions.entries.export",
      )!;
      expect(await logValues(lang, other), `${lang}: ${other}`).toEqual([]);
    }
  });

  it("marks entries submitted after the deadline, filters them and keeps the filter in its links", async () => {
    const lateBadge = (lang: "vi" | "en") =>
      `<span class="status-badge status-badge--warning">${catalogText(lang, "entryAdmin.timing.late")}</span>`;
    // The end of 04/09/2031 in Vietnam: VX31-CD-0001 and VX31-CD-0002 came in after it.
    await office.db.kysely
      .updateTable("seasons")
      .set({ submission_closes_at: "2031-09-04T16:59:59.999Z" })
      .where("year", "=", 2031)
      .execute();
    try {
      const all = await get("/quan-tri/bai-du-thi?season=2031&sort=code&dir=asc");
      expect(all.statusCode).toBe(200);
      expect(all.body.split(lateBadge("vi")).length - 1).toBe(2);
      const page = await get("/quan-tri/bai-du-thi?season=2031&submitted=late&sort=code&dir=asc");
      expect(page.statusCode).toBe(200);
      const codes = [...page.body.matchAll(/>(VX31-[A-Z]+-\d{4})</g)].map((m) => m[1]);
      expect(codes).toEqual(["VX31-CD-0001", "VX31-CD-0002"]);
      expect(page.body).toMatch(/<option value="late" selected="">/);
      expect(page.body).toContain(
        'href="/quan-tri/bai-du-thi/xuat?format=csv&amp;season=2031&amp;submitted=late&amp;sort=code&amp;dir=asc"',
      );
      const onTime = await get("/en/quan-tri/bai-du-thi?season=2031&submitted=on_time");
      expect(onTime.body).toContain("1–3 / 3");
      expect(onTime.body).not.toContain(lateBadge("en"));
      expect((await get("/en/quan-tri/bai-du-thi?season=2031")).body).toContain(lateBadge("en"));

      const csv = await get("/en/quan-tri/bai-du-thi/xuat?format=csv&season=2031&submitted=late");
      const [header, ...rows] = parseCsv(csv.rawPayload.subarray(3)) as string[][];
      const late = header!.indexOf("Late");
      expect(late).toBeGreaterThan(0);
      expect(rows.map((row) => [row[0], row[late]]).sort()).toEqual([
        ["VX31-CD-0001", "Yes"],
        ["VX31-CD-0002", "Yes"],
      ]);
    } finally {
      await office.db.kysely
        .updateTable("seasons")
        .set({ submission_closes_at: null })
        .where("year", "=", 2031)
        .execute();
    }
  });

  it("shows when an entry's changes are due, and when they are overdue, in the table and export", async () => {
    const dueOn = async (instant: string) =>
      office.db.kysely
        .updateTable("entries")
        .set({ changes_due_at: instant })
        .where("id", "=", world.ids.e6)
        .execute();
    const statusCell = async (lang: "vi" | "en") => {
      const page = await get(
        `${lang === "en" ? "/en" : ""}/quan-tri/bai-du-thi?season=2031&status=needs_changes`,
      );
      expect(page.statusCode).toBe(200);
      return page.body;
    };
    // Due at the end of 31/08/2026 in Vietnam: the server's day is 01/09/2026.
    await dueOn("2026-08-31T16:59:59.000Z");
    expect(await statusCell("vi")).toContain("Quá hạn sửa (hạn 31/08/2026)");
    expect(await statusCell("en")).toContain("Changes overdue (due 31/08/2026)");
    // Due at the end of today: not overdue yet.
    await dueOn("2026-09-01T16:59:59.000Z");
    expect(await statusCell("vi")).toContain("Hạn sửa: 01/09/2026");
    expect(await statusCell("vi")).not.toContain("Quá hạn sửa");
    // Overdue by its date, but the season still takes entries: the entrant can edit until the
    // deadline, and the table says so rather than "overdue".
    await dueOn("2026-08-31T16:59:59.000Z");
    await office.db.kysely
      .updateTable("seasons")
      .set({
        submission_opens_at: "2026-07-31T17:00:00.000Z",
        submission_closes_at: "2026-09-30T16:59:59.999Z",
      })
      .where("year", "=", 2031)
      .execute();
    try {
      expect(await statusCell("vi")).toContain("Sửa được đến hạn nhận bài 30/09/2026");
      expect(await statusCell("en")).toContain("Editable until the deadline, 30/09/2026");
      expect(await statusCell("vi")).not.toContain("Quá hạn sửa");
      // The export says the same: the date staff set, and when editing really ends.
      const csv = await get(`/quan-tri/bai-du-thi/xuat?format=csv&season=2031&ids=${world.ids.e6}`);
      const [header, row] = parseCsv(csv.rawPayload.subarray(3)) as string[][];
      expect(row![header!.indexOf("Hạn chỉnh sửa")]).toBe("31/08/2026");
      expect(row![header!.indexOf("Sửa được đến")]).toBe("30/09/2026");
    } finally {
      await office.db.kysely
        .updateTable("seasons")
        .set({ submission_opens_at: null, submission_closes_at: null })
        .where("year", "=", 2031)
        .execute();
    }
    await dueOn("2026-09-01T16:59:59.000Z");

    const csv = await get(
      `/quan-tri/bai-du-thi/xuat?format=csv&season=2031&ids=${world.ids.e6},${world.ids.e1}`,
    );
    const [header, ...rows] = parseCsv(csv.rawPayload.subarray(3)) as string[][];
    const column = header!.indexOf("Hạn chỉnh sửa");
    expect(column).toBeGreaterThan(0);
    // An entry that is not waiting for changes has none.
    expect(Object.fromEntries(rows.map((row) => [row[0], row[column]]))).toEqual({
      "VX31-CD-0002": "01/09/2026",
      "VX31-TVC-0001": "",
    });
    // No submission window: editing ends at the due date.
    const until = header!.indexOf("Sửa được đến");
    expect(Object.fromEntries(rows.map((row) => [row[0], row[until]]))).toEqual({
      "VX31-CD-0002": "01/09/2026",
      "VX31-TVC-0001": "",
    });
  });
});
