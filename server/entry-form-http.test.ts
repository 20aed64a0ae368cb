import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogText } from "../core/i18n/lookup";
import { renderProtectedPdf } from "./demo/demo-documents";
import { newObjectKey } from "./modules/storage";
import type { App } from "./app";
import { startTestApp, type TestApp } from "./test-support/app";
import { FIREFOX, signedInStaffAndEntrant, TEST_ORIGIN } from "./test-support/sign-in";

// The entry page as the browser meets it (the production build, SQLite): a saved draft comes
// filled in from the server, and the versions the form's action answers with let the form
// tell its own saves from another tab's.

/** What the entry page's action answers (web/features/entry-form/types.ts), as far as checked here. */
interface EntryActionResult {
  ok: boolean;
  intent: string | null;
  formError?: string;
  version?: number;
  reason?: string;
  current?: { version: number; values: Record<string, unknown> };
}

const NOW = new Date("2026-09-01T03:00:00.000Z");
let started: TestApp | undefined;
let app: App;
let cookie = "";
let userId = "";

beforeAll(async () => {
  started = await startTestApp({}, NOW);
  app = started.app;
  cookie = (await signedInStaffAndEntrant(app)).entrant;
  const user = await started.db.kysely
    .selectFrom("user")
    .select("id")
    .where("email", "=", "fuzz-entrant@example.vn")
    .executeTakeFirstOrThrow();
  userId = user.id;
}, 300_000);

afterAll(async () => {
  await started?.close();
});

const headers = () => ({
  host: "localhost:3000",
  "user-agent": FIREFOX,
  origin: TEST_ORIGIN,
  cookie,
});

/** The entry page of `entryId` as the browser gets it (200), in Vietnamese or at `path`. */
async function entryPage(entryId: string, path = "/nop-bai-du-thi"): Promise<string> {
  const response = await app.fastify.inject({
    method: "GET",
    url: `${path}?entry=${entryId}`,
    headers: headers(),
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Posts to the entry page's action as the form's fetchers do, and decodes the answer. */
async function act(body: Record<string, unknown>): Promise<EntryActionResult> {
  return (await actWithStatus(body)).result;
}

async function actWithStatus(
  body: Record<string, unknown>,
): Promise<{ status: number; result: EntryActionResult }> {
  const response = await app.fastify.inject({
    method: "POST",
    url: "/nop-bai-du-thi.data",
    headers: { ...headers(), "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
  const stream = new Blob([new Uint8Array(response.rawPayload)]).stream();
  const decoded = (await decodeViaTurboStream(stream, globalThis)).value as
    { data?: EntryActionResult } | EntryActionResult;
  const result = "data" in decoded && decoded.data ? decoded.data : (decoded as EntryActionResult);
  return { status: response.statusCode, result };
}

async function newDraft() {
  const options = await app.services.entries.formOptions(userId);
  if (!options.ok) throw new Error(options.formError);
  const track = options.options.tracks.find((t) => t.groups.some((g) => g.categories.length))!;
  const category = track.groups.flatMap((group) => group.categories)[0]!;
  const created = await app.services.entries.createDraft(userId, {
    trackId: track.id,
    categoryId: category.id,
  });
  if (!created.ok) throw new Error(created.formError);
  return created.entry;
}

describe("the entry page", () => {
  it("says in the late period that entries still go in, at the late fee, until when", async () => {
    const entry = await newDraft();
    const season = () => started!.db.kysely.updateTable("seasons").where("year", "=", 2026);
    const before = await started!.db.kysely
      .selectFrom("seasons")
      .select(["submission_closes_at", "late_deadline"])
      .where("year", "=", 2026)
      .executeTakeFirstOrThrow();
    // The deadline was 31/08/2026; late entries until 15/09/2026 17:00, Vietnam time.
    await season()
      .set({
        submission_closes_at: "2026-08-31T16:59:59.999Z",
        late_deadline: "2026-09-15T10:00:00.000Z",
      })
      .execute();
    try {
      expect(await entryPage(entry.id)).toContain(
        "Ban Tổ chức vẫn nhận bài nộp muộn, áp dụng phí nộp muộn, đến 15/09/2026 17:00.",
      );
      expect(await entryPage(entry.id, "/en/nop-bai-du-thi")).toContain(
        "Late entries are still accepted, at the late fee, until 15/09/2026 17:00.",
      );
      const saved = await app.services.entries.saveDraft(userId, entry.id, { brandName: "Muộn" });
      expect(saved.ok).toBe(true);
    } finally {
      await season().set(before).execute();
    }
    expect(await entryPage(entry.id)).toContain("Hạn nộp bài: ");
  });

  it("says when submission opens, or when it closed, as information rather than an error", async () => {
    const season = () => started!.db.kysely.updateTable("seasons").where("year", "=", 2026);
    const before = await started!.db.kysely
      .selectFrom("seasons")
      .select(["submission_opens_at", "submission_closes_at", "late_deadline"])
      .where("year", "=", 2026)
      .executeTakeFirstOrThrow();
    const newEntryPage = async (path: string) => {
      const response = await app.fastify.inject({ method: "GET", url: path, headers: headers() });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    try {
      // Opens on 15/07/2027 at 09:00, Vietnam time.
      await season()
        .set({
          submission_opens_at: "2027-07-15T02:00:00.000Z",
          submission_closes_at: "2027-12-31T16:59:59.999Z",
          late_deadline: null,
        })
        .execute();
      const soon = await newEntryPage("/nop-bai-du-thi");
      expect(soon).toContain(
        '<div class="form-alert" role="status">Cổng nộp bài của mùa giải hiện tại sẽ mở vào 15/07/2027 09:00.',
      );
      expect(soon).not.toContain("form-alert--error");
      expect(await newEntryPage("/en/nop-bai-du-thi")).toContain(
        "Submissions for the current season open on 15/07/2027 09:00.",
      );
      // Closed with the last day of August.
      await season()
        .set({
          submission_opens_at: "2026-06-30T17:00:00.000Z",
          submission_closes_at: "2026-08-31T16:59:59.999Z",
        })
        .execute();
      const closed = await newEntryPage("/nop-bai-du-thi");
      expect(closed).toContain(
        '<div class="form-alert" role="status">Cổng nộp bài của mùa giải hiện tại đã đóng vào 31/08/2026.',
      );
      expect(await newEntryPage("/en/nop-bai-du-thi")).toContain(
        "Submissions for the current season closed on 31/08/2026.",
      );
    } finally {
      await season().set(before).execute();
    }
  });

  it("serves a saved draft with its values in the inputs' HTML", async () => {
    const entry = await newDraft();
    const saved = await app.services.entries.saveDraft(userId, entry.id, {
      brandName: "Cà phê Phố Cổ",
      descriptionVi: "Ba thế hệ bên ly cà phê.",
      startMonth: "3",
      credits: { companies: [{ name: "Sông Hồng", role: "Agency" }], people: [] },
    });
    expect(saved.ok).toBe(true);
    const html = await entryPage(entry.id);
    expect(html).toMatch(/<input[^>]*id="entry-brandName"[^>]*value="Cà phê Phố Cổ"/);
    expect(html).toMatch(/<textarea[^>]*id="entry-descriptionVi"[^>]*>Ba thế hệ bên ly cà phê\./);
    expect(html).toMatch(/<option value="3" selected="">/);
    expect(html).toMatch(/<input[^>]*value="Sông Hồng"/);
    const awards = html.match(/<input[^>]*name="trackId"[^>]*>/g) ?? [];
    expect(awards.length).toBeGreaterThan(1);
    expect(awards.filter((tag) => tag.includes('checked=""'))).toHaveLength(1);
  });

  it("answers a refused submission with the version its save left, so autosave goes on", async () => {
    const entry = await newDraft();
    const submitted = await act({
      intent: "submit",
      entryId: entry.id,
      version: entry.version,
      values: { brandName: "Chưa đủ hồ sơ" },
    });
    expect(submitted).toMatchObject({ ok: false, intent: "submit", version: entry.version + 1 });
    const next = await act({
      intent: "save",
      entryId: entry.id,
      version: submitted.version,
      values: { brandName: "Đủ rồi" },
    });
    expect(next).toMatchObject({ ok: true, intent: "save", version: entry.version + 2 });
  });

  it("answers a conflict with what the server holds, another tab's save included", async () => {
    const entry = await newDraft();
    const first = await act({
      intent: "save",
      entryId: entry.id,
      version: entry.version,
      values: { brandName: "Thẻ thứ nhất" },
    });
    expect(first).toMatchObject({ ok: true, version: entry.version + 1 });
    const stale = await act({
      intent: "save",
      entryId: entry.id,
      version: entry.version,
      values: { brandName: "Thẻ thứ hai" },
    });
    expect(stale).toMatchObject({
      ok: false,
      reason: "conflict",
      current: { version: entry.version + 1, values: { brandName: "Thẻ thứ nhất" } },
    });
  });

  it("answers an unknown intent with 400 and says so, rather than guessing one", async () => {
    const entry = await newDraft();
    const unknown = await actWithStatus({ intent: "delete", entryId: entry.id });
    expect(unknown.status).toBe(400);
    expect(unknown.result).toEqual({
      ok: false,
      intent: null,
      formError: "entryForm.unknownAction",
    });
    const malformed = await actWithStatus({ intent: "withdraw" });
    expect(malformed.status).toBe(400);
    expect(malformed.result).toMatchObject({
      ok: false,
      intent: "withdraw",
      formError: "entryForm.requestFailed",
    });
    // Nothing happened to the entry.
    expect((await app.services.entries.get(userId, entry.id))?.status).toBe("draft");
  });

  it("shows an entry of a past season with its own season's award and category, and no copy", async () => {
    const entry = await newDraft();
    const kysely = started!.db.kysely;
    const now = await kysely
      .selectFrom("entries as e")
      .innerJoin("tracks as t", "t.id", "e.track_id")
      .innerJoin("categories as c", "c.id", "e.category_id")
      .select(["t.slug as track", "c.code as category"])
      .where("e.id", "=", entry.id)
      .executeTakeFirstOrThrow();
    // The same award and category in the 2025 catalogue: the entry as if made then.
    const then = await kysely
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .select(["s.id as season", "t.id as track", "c.id as category"])
      .where("s.year", "=", 2025)
      .where("t.slug", "=", now.track)
      .where("c.code", "=", now.category)
      .executeTakeFirstOrThrow();
    await kysely
      .updateTable("entries")
      .set({
        season_id: then.season,
        track_id: then.track,
        category_id: then.category,
        status: "submitted",
      })
      .where("id", "=", entry.id)
      .execute();

    const html = await entryPage(entry.id);
    const checked = (html.match(/<input[^>]*name="trackId"[^>]*>/g) ?? []).filter((tag) =>
      tag.includes('checked=""'),
    );
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain(`value="${then.track}"`);
    expect(html).toMatch(new RegExp(`<option value="${then.category}" selected="">`));
    // 2025 takes no entries any more: no copy into another of its categories, no deadline.
    expect(html).not.toContain(catalogText("vi", "entryForm.duplicate.title"));
    const lead = /<p class="lead">([^<]*)<\/p>/.exec(html)?.[1];
    expect(lead).toBe(catalogText("vi", "entryForm.lead"));
  });

  // Last: it opens a judging round of the season the other tests' drafts belong to.
  it("keeps an accepted entry once judging has begun: no withdraw button, and a refusal", async () => {
    const entry = await newDraft();
    await started!.db.kysely
      .updateTable("entries")
      .set({ status: "accepted" })
      .where("id", "=", entry.id)
      .execute();
    expect(await entryPage(entry.id)).toContain(catalogText("vi", "entryForm.withdraw.button"));

    const season = await started!.db.kysely
      .selectFrom("entries")
      .select("season_id")
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    await started!.db.kysely
      .insertInto("judging_rounds")
      .values({
        season_id: season.season_id,
        position: 1,
        name_vi: "Vòng sơ khảo",
        name_en: "Preliminary round",
        starts_on: null,
        ends_on: null,
        state: "open",
        method: "mean",
        criteria: "[]",
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();

    for (const [lang, path] of [
      ["vi", "/nop-bai-du-thi"],
      ["en", "/en/nop-bai-du-thi"],
    ] as const) {
      const html = await entryPage(entry.id, path);
      expect(html).toContain(catalogText(lang, "entryForm.withdraw.judgingBegun"));
      expect(html).not.toContain(catalogText(lang, "entryForm.withdraw.button"));
    }
    const refused = await actWithStatus({ intent: "withdraw", entryId: entry.id });
    expect(refused.status).toBe(409);
    expect(refused.result).toMatchObject({
      ok: false,
      intent: "withdraw",
      formError: "entry.problems.judgingBegun",
    });
    expect((await app.services.entries.get(userId, entry.id))?.status).toBe("accepted");
  });
  it("tells the entrant under a locked document that judges will not see it, and what to do", async () => {
    const entry = await newDraft();
    const locked = await renderProtectedPdf(null);
    const key = newObjectKey("entries", "pdf");
    await app.services.storage.put(key, locked, { contentType: "application/pdf" });
    const attached = await app.services.entries.attachFile(userId, entry.id, "ideaArticleVi", {
      key,
      name: "y-tuong-co-mat-khau.pdf",
      mime: "application/pdf",
      bytes: locked.length,
    });
    expect(attached.ok).toBe(true);
    const problem = (html: string) =>
      /<p class="field__error upload__judge-copy" data-judge-copy="([a-zA-Z]+)">([^<]*)</.exec(
        html,
      );
    // While its judges' copy is being made, nothing is said.
    expect(problem(await entryPage(entry.id))).toBeNull();
    // The copy job finds the password: the entrant can still replace the file.
    expect(await app.services.judgeCopies.make(key)).toBe(true);
    const open = problem(await entryPage(entry.id, "/en/nop-bai-du-thi"));
    expect(open?.slice(1)).toEqual([
      "encrypted",
      `${catalogText("en", "entryForm.judgeCopy.encrypted")} ${catalogText("en", "entryForm.judgeCopy.replace.encrypted")}`,
    ]);
    // Once the entry is locked, the organisers are who can help.
    await started!.db.kysely
      .updateTable("entries")
      .set({ status: "accepted" })
      .where("id", "=", entry.id)
      .execute();
    expect(problem(await entryPage(entry.id))?.[2]).toBe(
      `${catalogText("vi", "entryForm.judgeCopy.encrypted")} ${catalogText("vi", "entryForm.judgeCopy.contact")}`,
    );
  });
});
