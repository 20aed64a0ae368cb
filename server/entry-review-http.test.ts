import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { formatVietnamDateTime } from "../core/dates";
import { catalogText } from "../core/i18n/lookup";
import { lastSubmissionDeadline } from "../core/submission-window";
import { newObjectKey } from "./modules/storage";
import { backOfficeApp } from "./test-support/back-office";
import { isoMediaHeader, PDF_DOCUMENT } from "./test-support/media-files";
import { TEST_ORIGIN, TEST_PASSWORD, type Who } from "./test-support/sign-in";

// The staff entry page over HTTP against the production build: what each role sees, the
// signed file links (byte ranges for the video), the status change with its history and
// email, and a change from a stale page refused as a conflict that keeps what was typed.

const office = backOfficeApp();
const ENTRANT_EMAIL = "lan.hoasen@example.vn";
let entryId = "";
let entryCode = "";

const page = (who: Who, path = `/quan-tri/bai-du-thi/${entryId}`) =>
  office.request("GET", path, { cookie: office.cookies.get(who) });

const post = (who: Who, form: Record<string, string>, path = `/quan-tri/bai-du-thi/${entryId}`) =>
  office.request("POST", path, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    form: { formKey: "status", ...form },
  });

const statusVersionOf = async () =>
  Number(
    (
      await office.db.kysely
        .selectFrom("entries")
        .select("status_version")
        .where("id", "=", entryId)
        .executeTakeFirstOrThrow()
    ).status_version,
  );

beforeAll(async () => {
  const { services } = office.app;
  const licence = await services.files.save({
    data: PDF_DOCUMENT,
    purpose: "licence",
    ownerUserId: null,
    allowedMimes: ["application/pdf"],
    maxBytes: 1_000_000,
    tooLargeKey: "x",
    wrongTypeKey: "x",
  });
  const owner = await services.identity.createEntrant({
    email: ENTRANT_EMAIL,
    password: TEST_PASSWORD,
    profile: {
      type: "enterprise",
      fullName: "Võ Thị Lan",
      phone: "+84901234567",
      address: "12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội",
      personalId: null,
      companyName: "Công ty TNHH Hoa Sen Đỏ",
      businessRegistrationNumber: "0301112223",
      taxCode: "0301112223",
      licenceFileId: licence.id,
    },
  });
  await services.files.claim(licence.id, owner, "licence");
  const tvc = await office.db.kysely
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .select(["c.id", "t.id as track_id"])
    .where("s.year", "=", 2026)
    .where("c.code", "=", "TVC")
    .executeTakeFirstOrThrow();
  const created = await services.entries.createDraft(owner, {
    brandName: "Trà Xanh Không Độ",
    campaignName: "Tết sum vầy bên mâm cơm",
    descriptionVi: "Chiến dịch kể câu chuyện đoàn viên ngày Tết.",
    descriptionEn: "A campaign about families reuniting for Tết.",
    trackId: String(tvc.track_id),
    categoryId: String(tvc.id),
  });
  if (!created.ok) throw new Error(JSON.stringify(created));
  entryId = created.entry.id;
  entryCode = created.entry.code ?? "";
  const video = Buffer.concat([isoMediaHeader("isom"), Buffer.alloc(4096, 7)]);
  const videoKey = newObjectKey("entries", "mp4");
  await services.storage.put(videoKey, video, { contentType: "video/mp4" });
  const pdfKey = newObjectKey("entries", "pdf");
  await services.storage.put(pdfKey, PDF_DOCUMENT, { contentType: "application/pdf" });
  for (const [field, file] of [
    ["video", { key: videoKey, name: "phim-tet.mp4", mime: "video/mp4", bytes: video.length }],
    [
      "ideaArticleVi",
      { key: pdfKey, name: "bai-viet.pdf", mime: "application/pdf", bytes: PDF_DOCUMENT.length },
    ],
  ] as const) {
    const attached = await services.entries.attachFile(owner, entryId, field, file);
    if (!attached.ok) throw new Error(JSON.stringify(attached));
  }
  // Paid: the secretariat's screening moves are open from here.
  await office.db.kysely
    .updateTable("entries")
    .set({ status: "paid", submitted_at: "2026-08-20T03:00:00.000Z" })
    .where("id", "=", entryId)
    .execute();
}, 60_000);

describe("the staff entry page", () => {
  it("shows an admin every field, the registrant, the history and only the allowed moves", async () => {
    const response = await page("admin");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    for (const text of [
      entryCode,
      "Tết sum vầy bên mâm cơm",
      "Trà Xanh Không Độ",
      "Chiến dịch kể câu chuyện đoàn viên ngày Tết.",
      "Công ty TNHH Hoa Sen Đỏ",
      "0301112223",
      ENTRANT_EMAIL,
      "Lịch sử trạng thái",
      "bai-viet.pdf",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/<video[^>]*preload="metadata"[^>]*src="\/tep\//);
    const options = [...html.matchAll(/<option value="([a-z_]+)"/g)].map((m) => m[1]);
    expect(options.sort()).toEqual(["accepted", "needs_changes", "rejected", "withdrawn"]);
  });

  it("links back to the entries list with the query it was opened from", async () => {
    const fromList = await office.request("GET", `/quan-tri/bai-du-thi/${entryId}`, {
      cookie: office.cookies.get("admin"),
      headers: { referer: `${TEST_ORIGIN}/quan-tri/bai-du-thi?status=paid&q=tet&page=2` },
    });
    expect(fromList.body).toContain('href="/quan-tri/bai-du-thi?status=paid&amp;q=tet&amp;page=2"');
    expect(fromList.body).toContain(
      `action="/quan-tri/bai-du-thi/${entryId}?list=status%3Dpaid%26q%3Dtet%26page%3D2"`,
    );
    const elsewhere = await office.request("GET", `/quan-tri/bai-du-thi/${entryId}`, {
      cookie: office.cookies.get("admin"),
      headers: { referer: "https://evil.example/quan-tri/bai-du-thi?q=x" },
    });
    expect(elsewhere.body).toContain('href="/quan-tri/bai-du-thi"');
    expect(elsewhere.body).not.toContain("q=x");
  });

  it("serves the video through a signed link that answers byte ranges", async () => {
    const html = (await page("admin")).body;
    const src = /<video[^>]*src="(\/tep\/[^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    const ranged = await office.request("GET", src, { headers: { range: "bytes=0-9" } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers["content-range"]).toMatch(/^bytes 0-9\/\d+$/);
    expect(ranged.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const licence = /href="(\/tep\/[^"]+)"[^>]*download="giay-phep/.exec(html);
    expect(licence, "a signed licence link").not.toBeNull();
    const file = await office.request("GET", licence![1]!.replaceAll("&amp;", "&"));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("shows finance the entry without screening moves, refuses an editor, 404s unknown ids", async () => {
    const finance = await page("finance");
    expect(finance.statusCode).toBe(200);
    expect(finance.body).not.toMatch(/<option value="accepted"/);
    expect((await page("editor")).statusCode).toBe(403);
    expect((await page("admin", "/quan-tri/bai-du-thi/not-a-uuid")).statusCode).toBe(404);
    expect((await page("admin", `/quan-tri/bai-du-thi/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("refuses an unknown intent and a move without its reason, keeping what was typed", async () => {
    expect((await post("admin", { intent: "explode" })).statusCode).toBe(400);
    const refused = await post("admin", {
      intent: "changeStatus",
      to: "rejected",
      reason: "",
      statusVersion: String(await statusVersionOf()),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<option value="rejected" selected=""');
    expect(await statusVersionOf()).toBe(1);
  });

  it("says why an entry that has not taken part cannot be published to the library", async () => {
    // The page offers no publish button for a paid entry; a page from before a status change
    // (or a hand-made request) still posts one.
    const alertOf = (body: string) =>
      /aria-labelledby="library-panel-heading"[\s\S]*?class="form-alert form-alert--error"[^>]*>([^<]*)</.exec(
        body,
      )?.[1];
    const refused = await post("admin", { intent: "publish" });
    expect(refused.statusCode).toBe(409);
    expect(alertOf(refused.body)).toBe(catalogText("vi", "library.errors.notPublishableOne"));
    const inEnglish = await post(
      "admin",
      { intent: "publish" },
      `/en/quan-tri/bai-du-thi/${entryId}`,
    );
    expect(inEnglish.statusCode).toBe(409);
    expect(alertOf(inEnglish.body)).toBe(catalogText("en", "library.errors.notPublishableOne"));
    expect(
      await office.db.kysely
        .selectFrom("library_entries")
        .select("entry_id")
        .where("entry_id", "=", entryId)
        .executeTakeFirst(),
    ).toBeUndefined();
    // Not the status form's refusal: that form shows nothing.
    expect(refused.body.match(/form-alert--error/g)).toHaveLength(1);
  });

  it("sends the entry back for changes: history, email, and a stale page gets a conflict", async () => {
    const version = await statusVersionOf();
    const reason = "Vui lòng bổ sung phụ đề tiếng Anh cho phim.";
    const moved = await post(
      "jury_manager",
      {
        intent: "changeStatus",
        to: "needs_changes",
        reason,
        changesDueOn: "2026-09-15",
        statusVersion: String(version),
      },
      `/quan-tri/bai-du-thi/${entryId}?list=${encodeURIComponent("status=paid")}`,
    );
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toContain(`/quan-tri/bai-du-thi/${entryId}`);
    expect(moved.headers.location).toContain("notice=entryReview.notices.changed");
    expect(moved.headers.location).toContain("list=status%3Dpaid");
    const after = (await page("admin")).body;
    expect(after).toContain(reason);
    // The season still takes entries after the due date: staff read that the entrant can edit
    // until the deadline, as the entrant is told, and the date they set.
    const season = await office.db.kysely
      .selectFrom("seasons")
      .select(["submission_closes_at", "late_deadline"])
      .where("year", "=", 2026)
      .executeTakeFirstOrThrow();
    const deadline = lastSubmissionDeadline({
      submissionClosesAt: season.submission_closes_at!,
      lateDeadline: season.late_deadline,
    });
    expect(Date.parse(deadline)).toBeGreaterThan(Date.parse("2026-09-15T16:59:59.999Z"));
    expect(after).toContain(
      catalogText("vi", "entryReview.changesUntilDeadline")!
        .replace("{{date}}", formatVietnamDateTime(deadline))
        .replace("{{due}}", "15/09/2026 23:59"),
    );
    const mail = await office.outboxMail(ENTRANT_EMAIL, "entryStatusChanged");
    expect(JSON.stringify(mail)).toContain(entryCode);

    // A second staff member whose page still shows the old version.
    const typed = "Đã đủ hồ sơ, chấp nhận.";
    const stale = await post("admin", {
      intent: "changeStatus",
      to: "accepted",
      reason: typed,
      statusVersion: String(version),
    });
    expect(stale.statusCode).toBe(409);
    const alert = /class="form-alert form-alert--error"[^>]*>([^<]*)</.exec(stale.body)?.[1];
    expect(alert).toBe(
      catalogText("vi", "entryReview.errors.conflict")!.replace(
        "{{status}}",
        catalogText("vi", "entry.status.needs_changes")!,
      ),
    );
    expect(stale.body).toContain(typed);
    expect(await statusVersionOf()).toBe(version + 1);
    // Sent back, it can get a new due date, named as such, or be rejected; last, the request
    // for changes can be taken back, named as reopening screening.
    const options = [...after.matchAll(/<option value="([a-z_]+)"[^>]*>([^<]*)</g)].map(
      (m) => `${m[1]}: ${m[2]}`,
    );
    expect(options).toEqual([
      `needs_changes: ${catalogText("vi", "entryReview.action.newDueDate")}`,
      `rejected: ${catalogText("vi", "entry.status.rejected")}`,
      `withdrawn: ${catalogText("vi", "entry.status.withdrawn")}`,
      `paid: ${catalogText("vi", "entryReview.action.reopenScreening")}`,
    ]);
  });
});
