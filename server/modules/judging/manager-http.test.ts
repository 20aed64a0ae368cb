import { describe, expect, it } from "vitest";
import { backOfficeApp } from "../../test-support/back-office";
import { TEST_ORIGIN } from "../../test-support/sign-in";
import { text } from "../../test-support/text";
import type { SignedInApp } from "../../test-support/signed-in-app";
import { judgeWithSession } from "./testbed";
import { acceptedEntry } from "../../test-support/demo-catalogue";

// The jury manager's pages over HTTP on the production build: an action that cannot happen
// now is not offered; the page says why instead, so nobody confirms something the server
// would then refuse.

const office = backOfficeApp();
const STAFF = { id: "staff", email: "staff@example.vn", name: "Staff" };

/** The jury manager's GET and POST on `app`. */
const managerOf = (app: SignedInApp) => ({
  page: (path: string) => app.request("GET", path, { cookie: app.cookies.get("jury_manager") }),
  post: (path: string, form: Record<string, string>) =>
    app.request("POST", path, {
      cookie: app.cookies.get("jury_manager"),
      headers: { origin: TEST_ORIGIN },
      form,
    }),
});
const { page, post } = managerOf(office);

/** The HTML of the results table's row of entry `code`. */
const rowOf = (html: string, code: string) => {
  const start = html.indexOf(`data-entry-code="${code}"`);
  expect(start, code).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</tr>", start));
};

describe("the jury manager's pages over HTTP", () => {
  it("offer advancing, prizes, publishing and reopening only when they can happen, and say why not", async () => {
    const { services } = office.app;
    const scored = await acceptedEntry(
      office,
      "ngoc.chamdiem@example.vn",
      "Lê Bảo Ngọc",
      "0312345678",
    );
    const unscored = await acceptedEntry(
      office,
      "khoa.chuacham@example.vn",
      "Phan Minh Khoa",
      "0301112223",
    );
    const season = scored.seasonId;
    const { judge: identity } = await judgeWithSession(
      services,
      STAFF,
      season,
      "Đỗ Giám Khảo",
      "do.gk@example.vn",
    );
    const round = await services.judging.createRound(STAFF, season, {
      nameVi: "Vòng sơ khảo",
      nameEn: "Preliminary round",
    });
    if (!round.ok) throw new Error("round");
    await services.judging.assign(STAFF, round.id, {
      judgeId: identity.id,
      categoryId: scored.categoryId,
    });
    await services.judging.moveRound(STAFF, round.id, { to: "open" });
    const sheet = {
      scores: {
        creativeIdea: 8,
        message: 8,
        craft: 8,
        brandRecall: 8,
        responsibility: 8,
        culturalIdentity: 8,
      },
      version: null,
    };
    expect(await services.judging.saveScore(identity, round.id, scored.id, sheet)).toMatchObject({
      ok: true,
    });
    const vi = (key: string) => text("vi", key);
    /** A button of the page, by its label (a heading may read the same). */
    const button = (key: string) => `>${vi(key)}</button>`;
    /** The page's word on why something is not offered. */
    const note = (key: string) => `role="note">${vi(key)}</p>`;
    const roundPage = `/quan-tri/cham-giai/vong/${round.id}?year=2026`;
    const resultsPage = `/quan-tri/cham-giai/vong/${round.id}/ket-qua?year=2026`;
    const overview = "/quan-tri/cham-giai?year=2026";

    // The round is open: no advancing and no publishing, each saying why.
    let results = (await page(resultsPage)).body;
    expect(results).not.toContain(button("judgingAdmin.results.advanceSubmit"));
    expect(results).toContain(note("judging.errors.advanceOpen"));
    let season2026 = (await page(overview)).body;
    expect(season2026).not.toContain(button("judgingAdmin.prizes.publish"));
    expect(season2026).toContain(note("judging.errors.noPrizes"));

    // Closed, but no next round yet: advancing says so.
    await services.judging.moveRound(STAFF, round.id, { to: "closed" });
    results = (await page(resultsPage)).body;
    expect(results).not.toContain(button("judgingAdmin.results.advanceSubmit"));
    expect(results).toContain(note("judging.errors.noNextRound"));

    // A row without a score offers no prize and says why; the scored one does.
    expect(rowOf(results, unscored.code)).not.toContain('name="prize"');
    expect(rowOf(results, unscored.code)).toContain(vi("judgingAdmin.results.prizeNeedsScore"));
    expect(rowOf(results, scored.code)).toContain('name="prize"');
    // A prize posted for it anyway is refused, at its row.
    const refused = await post(resultsPage, {
      intent: "prize",
      formKey: "prize",
      entryId: unscored.id,
      prize: "grand_prix",
      method: "mean",
    });
    expect(refused.statusCode).toBe(409);
    expect(rowOf(refused.body, unscored.code)).toContain(vi("judging.errors.prizeUnscored"));
    expect(await services.judging.prizes(season)).toEqual([]);

    // A next round: advancing is offered.
    await services.judging.createRound(STAFF, season, { nameVi: "Chung khảo", nameEn: "Final" });
    results = (await page(resultsPage)).body;
    expect(results).toContain(button("judgingAdmin.results.advanceSubmit"));

    // With a prize and no round open, publishing is offered; once published, the closed round
    // is not offered to open again, and the page says why.
    expect(
      await services.judging.setPrize(STAFF, round.id, { entryId: scored.id, prize: "gold" }),
    ).toEqual({ ok: true });
    season2026 = (await page(overview)).body;
    expect(season2026).toContain(button("judgingAdmin.prizes.publish"));
    expect((await page(roundPage)).body).toContain(button("judgingAdmin.move.open"));
    expect(
      await services.judging.publish({ ...STAFF, role: "jury_manager" }, season),
    ).toMatchObject({ ok: true });
    const afterPublishing = (await page(roundPage)).body;
    expect(afterPublishing).not.toContain(button("judgingAdmin.move.open"));
    expect(afterPublishing).toContain(note("judging.errors.reopenPublished"));
    expect(afterPublishing).toContain(button("judgingAdmin.move.locked"));
  });
});

// A season of its own, its winners unpublished: a closed round can open again.
const unpublished = backOfficeApp();

describe("reopening a round over HTTP", () => {
  it("tells the manager who reopens a round how many scores the exclusions added meanwhile leave out", async () => {
    const { services } = unpublished.app;
    const { page, post } = managerOf(unpublished);
    const entry = await acceptedEntry(
      unpublished,
      "lan.loaitru@example.vn",
      "Vũ Thị Lan",
      "0319876543",
    );
    const { judge: identity } = await judgeWithSession(
      services,
      STAFF,
      entry.seasonId,
      "Hà Giám Khảo",
      "ha.gk@example.vn",
    );
    const round = await services.judging.createRound(STAFF, entry.seasonId, {
      nameVi: "Vòng mở lại",
      nameEn: "Reopened round",
    });
    if (!round.ok) throw new Error("round");
    await services.judging.assign(STAFF, round.id, {
      judgeId: identity.id,
      categoryId: entry.categoryId,
    });
    await services.judging.moveRound(STAFF, round.id, { to: "open" });
    const scores = Object.fromEntries(
      ["creativeIdea", "message", "craft", "brandRecall", "responsibility", "culturalIdentity"].map(
        (key) => [key, 7],
      ),
    );
    expect(
      await services.judging.saveScore(identity, round.id, entry.id, { scores, version: null }),
    ).toMatchObject({ ok: true });
    await services.judging.moveRound(STAFF, round.id, { to: "closed" });
    const owner = await unpublished.db.kysely
      .selectFrom("entries")
      .select("owner_user_id")
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    expect(
      await services.judging.addExclusion(STAFF, {
        judgeId: identity.id,
        registrantId: owner.owner_user_id,
        note: "",
      }),
    ).toMatchObject({ ok: true });

    const roundPage = `/quan-tri/cham-giai/vong/${round.id}?year=2026`;
    const reopened = await post(roundPage, { intent: "move", to: "open" });
    expect(reopened.statusCode).toBe(302);
    const after = (await page(String(reopened.headers.location))).body;
    expect(after).toContain(
      text("vi", "judgingAdmin.round.movedScoresLeftOut_other", { count: 1 }),
    );
  });
});

describe("a round's days on the manager's page over HTTP", () => {
  it("warns while an open round's days leave judges unable to score today", async () => {
    const { services } = unpublished.app;
    const { page } = managerOf(unpublished);
    const season = await unpublished.db.kysely
      .selectFrom("seasons")
      .select("id")
      .where("year", "=", 2026)
      .executeTakeFirstOrThrow();
    // The app's clock: 01/09/2026 in Vietnam.
    const round = await services.judging.createRound(STAFF, Number(season.id), {
      nameVi: "Vòng có ngày",
      nameEn: "Dated round",
      startsOn: "05/09/2026",
      endsOn: "20/09/2026",
    });
    if (!round.ok) throw new Error("round");
    const roundPage = `/quan-tri/cham-giai/vong/${round.id}?year=2026`;
    const notYet = {
      vi: text("vi", "judgingAdmin.round.windowNotYet", { date: "05/09/2026" }),
      en: text("en", "judgingAdmin.round.windowNotYet", { date: "05/09/2026" }),
    };
    // A draft round is not expected to take scores: no warning yet.
    expect((await page(roundPage)).body).not.toContain(notYet.vi);
    await services.judging.moveRound(STAFF, round.id, { to: "open" });
    expect((await page(roundPage)).body).toContain(notYet.vi);
    expect((await page(`/en${roundPage}`)).body).toContain(notYet.en);

    const days = { nameVi: "Vòng có ngày", nameEn: "Dated round" };
    await services.judging.updateRound(STAFF, round.id, { ...days, endsOn: "31/08/2026" });
    const ended = (await page(roundPage)).body;
    expect(ended).toContain(text("vi", "judgingAdmin.round.windowEnded", { date: "31/08/2026" }));
    expect(ended).not.toContain(notYet.vi);

    // Today within its days (its first and last), or closed: nothing to warn of.
    await services.judging.updateRound(STAFF, round.id, {
      ...days,
      startsOn: "01/09/2026",
      endsOn: "01/09/2026",
    });
    expect((await page(roundPage)).body).not.toContain('data-testid="round-window"');
    await services.judging.updateRound(STAFF, round.id, { ...days, endsOn: "31/08/2026" });
    await services.judging.moveRound(STAFF, round.id, { to: "closed" });
    expect((await page(roundPage)).body).not.toContain('data-testid="round-window"');
  });
});
