import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { dayInVietnam, formatDay } from "../core/dates";
import type { JudgeIdentity } from "../server/load-context";
import { text } from "../server/test-support/text";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInJudge } from "./support/judge";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";

// What a judge typed and has not saved is not lost without a word, in Chromium against the
// production server: a conflict note typed and not sent makes leaving the entry ask first, like
// unsaved scores; scores typed when the session has ended come back after signing in again, on
// the same entry, with a notice, and save. And the manager who then excludes the judge from the
// entry's company is told the judge's score there no longer counts.
const browser = useBrowser();
const vi = (key: string, values?: Record<string, string | number>) => text("vi", key, values);

/** The demo's judged season: its rounds are locked, so a trial round here touches no journey's. */
const YEAR = 2025;

interface TrialRound {
  roundId: number;
  judgeId: string;
  code: string;
  /** The round's entries (one category), in the order the judge's list shows them. */
  entries: { id: string; code: string; owner: string }[];
  entryPath: (entryId: string) => string;
}

/**
 * A trial round of the judged season, open, with the entries of one of its categories and one
 * new judge (with a code) assigned to that category; removed again when the test ends, its
 * scores first deleted the way a judge deletes them, so the score log stays whole.
 */
async function trialRound(): Promise<TrialRound> {
  const admin = demoCredentials().admin;
  const { seasonId, actor, categoryId, entries } = withDatabase((db) => {
    const season = db
      .prepare<[number], { id: number }>("SELECT id FROM seasons WHERE year = ?")
      .get(YEAR)!;
    const user = db
      .prepare<[string], { id: string }>('SELECT id FROM "user" WHERE email = ?')
      .get(admin.email)!;
    const category = db
      .prepare<[number], { category_id: number }>(
        `SELECT category_id FROM entries WHERE season_id = ? AND status IN ('winner', 'finalist')
          GROUP BY category_id HAVING count(*) >= 2 ORDER BY category_id LIMIT 1`,
      )
      .get(season.id)!;
    const rows = db
      .prepare<[number, number], { id: string; code: string; owner: string }>(
        `SELECT id, code, owner_user_id AS owner FROM entries
          WHERE season_id = ? AND category_id = ? AND status IN ('winner', 'finalist') ORDER BY code`,
      )
      .all(season.id, category.category_id);
    return {
      seasonId: season.id,
      actor: { id: user.id, email: admin.email, ip: "127.0.0.1" },
      categoryId: category.category_id,
      entries: rows,
    };
  });
  const stamp = Date.now();
  const made = await withE2eServices(async ({ judging }, db) => {
    const judge = await judging.createJudge(actor, seasonId, {
      name: "Giám Khảo Nháp",
      email: `nhap-${stamp}@example.vn`,
      lang: "vi",
    });
    if (!judge.ok) throw new Error(JSON.stringify(judge));
    const issued = await judging.issueCode(actor, judge.id);
    if (!issued.ok) throw new Error(JSON.stringify(issued));
    const round = await judging.createRound(actor, seasonId, {
      nameVi: `Vòng thử ${stamp}`,
      nameEn: `Trial round ${stamp}`,
      method: "mean",
    });
    if (!round.ok) throw new Error(JSON.stringify(round));
    await db.kysely
      .insertInto("round_entries")
      .values(
        entries.map((e) => ({
          round_id: round.id,
          entry_id: e.id,
          advanced_at: new Date().toISOString(),
        })),
      )
      .execute();
    expect(await judging.assign(actor, round.id, { judgeId: judge.id, categoryId })).toMatchObject({
      ok: true,
    });
    expect(await judging.moveRound(actor, round.id, { to: "open" })).toMatchObject({ ok: true });
    return { roundId: round.id, judgeId: judge.id, code: issued.code };
  });
  onTestFinished(() =>
    withE2eServices(async ({ judging }, db) => {
      await db.kysely.deleteFrom("judge_exclusions").where("judge_id", "=", made.judgeId).execute();
      // A test that gave the round days leaves it taking deletions today.
      await db.kysely
        .updateTable("judging_rounds")
        .set({ starts_on: null, ends_on: null })
        .where("id", "=", made.roundId)
        .execute();
      const identity: JudgeIdentity = { id: made.judgeId, name: "", seasonId, lang: "vi" };
      const scores = await db.kysely
        .selectFrom("scores")
        .select(["entry_id", "version"])
        .where("round_id", "=", made.roundId)
        .execute();
      for (const s of scores) {
        await judging.deleteScore(identity, made.roundId, s.entry_id, {
          version: Number(s.version),
        });
      }
      await db.kysely.deleteFrom("judging_rounds").where("id", "=", made.roundId).execute();
      await db.kysely.deleteFrom("judges").where("id", "=", made.judgeId).execute();
    }),
  );
  return {
    ...made,
    entries,
    entryPath: (entryId) => `/giam-khao/vong/${made.roundId}/${entryId}`,
  };
}

const scoreInputs = (page: Page) => page.locator(".judge-sheet input[type=number]");

/** A page with the judge of `round` signed in, on the portal's list of rounds. */
async function signedIn(round: TrialRound) {
  const opened = await openPage(browser());
  await signInJudge(opened.page, round.code);
  await opened.page.getByRole("heading", { name: vi("judging.portal.rounds.heading") }).waitFor();
  return opened;
}

/** A judge of a new trial round, signed in, on its first entry's page once it has hydrated. */
async function onFirstEntry() {
  const round = await trialRound();
  const { page, context } = await signedIn(round);
  const entry = round.entries[0]!;
  const path = round.entryPath(entry.id);
  await page.goto(path);
  await waitForHydration(page);
  return { round, page, context, entry, path };
}

/** Sets the last day of `round` (ISO, or null for none), as the manager's form would. */
function setEndsOn(round: TrialRound, endsOn: string | null) {
  withDatabase((db) =>
    db.prepare("UPDATE judging_rounds SET ends_on = ? WHERE id = ?").run(endsOn, round.roundId),
  );
}

/** Confirms the open dialog and waits for the sign-in page that will return to `path`. */
async function confirmIntoSignIn(page: Page, path: string) {
  await page.getByRole("dialog").waitFor();
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/giam-khao" && u.searchParams.get("next") === path),
    page.getByRole("button", { name: vi("judging.portal.sheet.confirm"), exact: true }).click(),
  ]);
}

describe("judging: nothing typed is lost without a word", () => {
  test("a typed conflict note makes leaving the entry ask first", async () => {
    const round = await trialRound();
    const { page } = await signedIn(round);
    const first = round.entryPath(round.entries[0]!.id);
    await page.goto(first);
    await waitForHydration(page);
    await page.getByLabel(vi("judging.portal.conflict.note")).fill("Tôi quen đơn vị thực hiện");
    const next = page.getByRole("link", { name: vi("judging.portal.entry.next"), exact: true });
    await next.click();
    const leave = page.getByRole("dialog", { name: vi("judging.portal.sheet.leaveNoteTitle") });
    await leave.waitFor();
    expect(await leave.textContent()).toContain(
      vi("judging.portal.sheet.leaveNote", { code: round.entries[0]!.code }),
    );
    // Enter stays, with the note as typed.
    await page.keyboard.press("Enter");
    await leave.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(first);
    expect(await page.getByLabel(vi("judging.portal.conflict.note")).inputValue()).toBe(
      "Tôi quen đơn vị thực hiện",
    );
    // Back to the list asks too; leaving anyway goes.
    await page.getByRole("link", { name: vi("judging.portal.entry.back"), exact: true }).click();
    await leave.waitFor();
    await Promise.all([
      page.waitForURL((u) => u.pathname === `/giam-khao/vong/${round.roundId}`),
      leave
        .getByRole("button", { name: vi("judging.portal.sheet.leaveAnywayNote"), exact: true })
        .click(),
    ]);
  });

  test("a conflict note typed when the session ended comes back after signing in again, and is sent", async () => {
    const { round, page, context, entry, path } = await onFirstEntry();
    const note = page.getByLabel(vi("judging.portal.conflict.note"));
    await note.fill("Tôi từng làm cho nhãn hàng này");
    // The session ends while the judge types; then they declare.
    await context.clearCookies({ name: "vx_judge" });
    const declare = page.getByRole("button", {
      name: vi("judging.portal.conflict.declare"),
      exact: true,
    });
    await declare.click();
    await confirmIntoSignIn(page, path);
    // Signing in again returns to the entry with the note back in its field, and said so; the
    // conflict is not declared until the judge sends it.
    await signInJudge(page, round.code, null);
    await page.waitForURL((u) => u.pathname === path);
    await waitForHydration(page);
    const notice = page.getByText(
      vi("judging.portal.conflict.noteRestored", {
        action: vi("judging.portal.conflict.declare"),
      }),
    );
    await notice.waitFor();
    await expect.poll(() => note.inputValue()).toBe("Tôi từng làm cho nhãn hàng này");
    const declared = () =>
      withDatabase((db) =>
        db
          .prepare<[string, string], { note: string }>(
            "SELECT note FROM judge_conflicts WHERE judge_id = ? AND entry_id = ?",
          )
          .get(round.judgeId, entry.id),
      );
    expect(declared()).toBeUndefined();
    // The scores were never typed: nothing says they were put back.
    expect(
      await page
        .getByText(
          vi("judging.portal.sheet.draftRestored", { action: vi("judging.portal.sheet.score") }),
        )
        .count(),
    ).toBe(0);
    await declare.click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Enter");
    await page
      .getByTestId("toast")
      .filter({ hasText: vi("judging.portal.toast.conflict") })
      .waitFor();
    expect(declared()?.note).toBe("Tôi từng làm cho nhãn hàng này");
    // Nothing is kept in the tab any more: a reload shows the declared conflict, no notice.
    await page.reload();
    await waitForHydration(page);
    await page.getByText(vi("judging.portal.conflict.declared")).waitFor();
    expect(await notice.count()).toBe(0);
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((k) => k.startsWith("vx-judge-draft:")),
      ),
    ).toEqual([]);
  });

  test("scores typed when the session ended come back after signing in again, and save", async () => {
    const { round, page, context, entry, path } = await onFirstEntry();
    const typed = ["8", "7", "9", "6", "7", "8"];
    for (const [i, value] of typed.entries()) await scoreInputs(page).nth(i).fill(value);
    await page.getByLabel(vi("judging.portal.sheet.comment")).fill("Ý tưởng tốt");
    // The session ends (its cookie gone) while the judge types; then they save.
    await context.clearCookies({ name: "vx_judge" });
    await page.getByRole("button", { name: vi("judging.portal.sheet.score"), exact: true }).click();
    await confirmIntoSignIn(page, path);
    // Signing in again returns to the entry, the typed scores and comment back, and said so.
    await signInJudge(page, round.code, null);
    await page.waitForURL((u) => u.pathname === path);
    await waitForHydration(page);
    const notice = page.getByText(
      vi("judging.portal.sheet.draftRestored", { action: vi("judging.portal.sheet.score") }),
    );
    await notice.waitFor();
    await expect
      .poll(() =>
        scoreInputs(page).evaluateAll((all) => all.map((i) => (i as HTMLInputElement).value)),
      )
      .toEqual(typed);
    expect(await page.getByLabel(vi("judging.portal.sheet.comment")).inputValue()).toBe(
      "Ý tưởng tốt",
    );
    // Saving works, and the copy kept in the tab is gone with it.
    await page.getByRole("button", { name: vi("judging.portal.sheet.score"), exact: true }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Enter");
    await page
      .getByTestId("toast")
      .filter({ hasText: vi("judging.portal.toast.scored") })
      .waitFor();
    await notice.waitFor({ state: "detached" });
    const stored = withDatabase((db) =>
      db
        .prepare<[number, string], { scores: string; comment: string }>(
          "SELECT scores, comment FROM scores WHERE round_id = ? AND entry_id = ?",
        )
        .get(round.roundId, entry.id),
    );
    expect(Object.values(JSON.parse(stored!.scores) as Record<string, number>).map(String)).toEqual(
      typed,
    );
    expect(stored!.comment).toBe("Ý tưởng tốt");
    await page.reload();
    await waitForHydration(page);
    expect(
      await page
        .getByText(
          vi("judging.portal.sheet.draftRestored", { action: vi("judging.portal.sheet.update") }),
        )
        .count(),
    ).toBe(0);

    // Typed again and lost with the session once more, while another tab saves a score: the
    // typed values still come back, with a warning that the score changed meanwhile.
    await scoreInputs(page).nth(0).fill("5");
    await context.clearCookies({ name: "vx_judge" });
    await page
      .getByRole("button", { name: vi("judging.portal.sheet.update"), exact: true })
      .click();
    await confirmIntoSignIn(page, path);
    await withE2eServices(async ({ judging }, db) => {
      const judge = await db.kysely
        .selectFrom("judges")
        .select("season_id")
        .where("id", "=", round.judgeId)
        .executeTakeFirstOrThrow();
      const row = await db.kysely
        .selectFrom("scores")
        .select(["scores", "version"])
        .where("round_id", "=", round.roundId)
        .where("entry_id", "=", entry.id)
        .executeTakeFirstOrThrow();
      const identity: JudgeIdentity = {
        id: round.judgeId,
        name: "",
        seasonId: Number(judge.season_id),
        lang: "vi",
      };
      const other = await judging.saveScore(identity, round.roundId, entry.id, {
        scores: JSON.parse(row.scores) as Record<string, number>,
        comment: "Sửa ở thẻ khác",
        version: Number(row.version),
      });
      expect(other).toMatchObject({ ok: true });
    });
    await signInJudge(page, round.code, null);
    await page.waitForURL((u) => u.pathname === path);
    await waitForHydration(page);
    await page
      .getByText(
        vi("judging.portal.sheet.draftRestoredChanged", {
          action: vi("judging.portal.sheet.update"),
        }),
      )
      .waitFor();
    expect(await scoreInputs(page).nth(0).inputValue()).toBe("5");
    expect(await page.getByLabel(vi("judging.portal.sheet.comment")).inputValue()).toBe(
      "Ý tưởng tốt",
    );

    // The manager now excludes the judge from that entry's company: told the score is left out.
    const { page: office } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(office, admin.email, admin.password);
    await office.goto(`/quan-tri/cham-giai/giam-khao?year=${YEAR}`);
    await waitForHydration(office);
    await office.locator("select[name=judgeId]").selectOption(round.judgeId);
    await office.locator("select[name=registrantId]").selectOption(entry.owner);
    await Promise.all([
      office.waitForURL(
        (u) => u.searchParams.get("notice") === "judgingAdmin.judges.excludedScoresLeftOut",
      ),
      office
        .getByRole("button", { name: vi("judgingAdmin.judges.addExclusion"), exact: true })
        .click(),
    ]);
    expect(await office.locator(".flash__message").textContent()).toBe(
      vi("judgingAdmin.judges.excludedScoresLeftOut_other", { count: 1 }),
    );
  });

  test("a round that ends while the judge types keeps the scores: named day, read-only, back once it takes scores", async () => {
    const { round, page, context, path } = await onFirstEntry();
    const typed = ["6", "7", "8", "9", "7", "6"];
    for (const [i, value] of typed.entries()) await scoreInputs(page).nth(i).fill(value);
    const values = () =>
      scoreInputs(page).evaluateAll((all) => all.map((i) => (i as HTMLInputElement).value));
    // The round's last day passes while the judge types: saving is refused, naming the day,
    // and what was typed stays in the sheet, still asked about before leaving.
    const yesterday = dayInVietnam(new Date(Date.now() - 86_400_000));
    setEndsOn(round, yesterday);
    const ended = vi("judging.errors.roundEnded", { date: formatDay(yesterday) });
    await page.getByRole("button", { name: vi("judging.portal.sheet.score"), exact: true }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".judge-sheet [role=alert]").textContent()).toBe(ended);
    expect(await values()).toEqual(typed);
    await page.getByRole("link", { name: vi("judging.portal.entry.back"), exact: true }).click();
    const leave = page.getByRole("dialog", { name: vi("judging.portal.sheet.leaveTitle") });
    await leave.waitFor();
    await page.keyboard.press("Enter");
    await leave.waitFor({ state: "detached" });

    // Signed out meanwhile: kept in the tab through signing in again, then shown read-only.
    await context.clearCookies({ name: "vx_judge" });
    await page.getByRole("button", { name: vi("judging.portal.sheet.score"), exact: true }).click();
    await confirmIntoSignIn(page, path);
    await signInJudge(page, round.code, null);
    await page.waitForURL((u) => u.pathname === path);
    await waitForHydration(page);
    await page.getByText(vi("judging.portal.sheet.draftHeld")).waitFor();
    expect(await page.locator(".judge-sheet .judge-window-notice[role=note]").textContent()).toBe(
      `${ended} ${vi("judging.portal.sheet.readOnly")}`,
    );
    await expect.poll(values).toEqual(typed);
    expect(
      await scoreInputs(page).evaluateAll((all) =>
        all.every((i) => (i as HTMLInputElement).readOnly),
      ),
    ).toBe(true);
    expect(
      await page
        .getByRole("button", { name: vi("judging.portal.sheet.score"), exact: true })
        .count(),
    ).toBe(0);
    expect(await page.locator(".judge-conflict").count()).toBe(0);
    // Nothing can be saved, so leaving does not ask; the typed scores stay kept in the tab.
    await Promise.all([
      page.waitForURL((u) => u.pathname === `/giam-khao/vong/${round.roundId}`),
      page.getByRole("link", { name: vi("judging.portal.entry.back"), exact: true }).click(),
    ]);
    await page.getByText(ended).waitFor();

    // The manager gives the round more days: the entry takes the kept scores again, to save.
    setEndsOn(round, null);
    await page.goto(path);
    await waitForHydration(page);
    await page
      .getByText(
        vi("judging.portal.sheet.draftRestored", { action: vi("judging.portal.sheet.score") }),
      )
      .waitFor();
    await expect.poll(values).toEqual(typed);
    await page.getByRole("button", { name: vi("judging.portal.sheet.score"), exact: true }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Enter");
    await page
      .getByTestId("toast")
      .filter({ hasText: vi("judging.portal.toast.scored") })
      .waitFor();
  });

  test("scores sent before the page's script arrived are held, then confirmed and saved", async () => {
    const round = await trialRound();
    const { page, problems } = await signedIn(round);
    const entry = round.entries[0]!;
    const path = round.entryPath(entry.id);
    // React's chunk waits until the judge has typed and pressed Enter, as on a slow line (the
    // small entry script that holds the submission has run).
    let arrive!: () => void;
    const typed = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, async (route) => {
      await typed;
      await route.fallback();
    });
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const inputs = scoreInputs(page);
    const count = await inputs.count();
    for (let i = 0; i < count; i++) await inputs.nth(i).fill("7");
    await inputs.nth(count - 1).press("Enter");
    arrive();
    await waitForHydration(page);
    // The held submission comes back as the confirmation; nothing went into the address.
    const dialog = page.getByRole("dialog", { name: vi("judging.portal.sheet.confirmScoreTitle") });
    await dialog.waitFor();
    expect(new URL(page.url()).search).toBe("");
    // React kept the server's page (no mismatch from the typed scores' total).
    expect(problems.hydration).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    await dialog
      .getByRole("button", { name: vi("judging.portal.sheet.confirm"), exact: true })
      .click();
    await page
      .getByTestId("toast")
      .filter({ hasText: vi("judging.portal.toast.scored") })
      .waitFor();
    const stored = await withE2eServices((_, db) =>
      db.kysely
        .selectFrom("scores")
        .select("scores")
        .where("round_id", "=", round.roundId)
        .where("entry_id", "=", entry.id)
        .executeTakeFirst(),
    );
    expect(Object.values(JSON.parse(String(stored?.scores)) as Record<string, number>)).toEqual(
      Array.from({ length: count }, () => 7),
    );
  });

  test("scores and a conflict note sent with JavaScript off come back in their fields, unsaved, with why", async () => {
    const round = await trialRound();
    const { context } = await signedIn(round);
    const entry = round.entries[0]!;
    const path = round.entryPath(entry.id);
    // The same judge's session in a browser that runs no script: forms are sent by the browser.
    const { page, context: noScript } = await openPage(browser(), { javaScriptEnabled: false });
    await noScript.addCookies(await context.cookies());
    await page.goto(path);
    const inputs = scoreInputs(page);
    const count = await inputs.count();
    for (let i = 0; i < count; i++) await inputs.nth(i).fill(String(i + 2));
    await page.locator(".judge-sheet textarea[name=comment]").fill("Ý tưởng gần gũi");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      inputs.nth(count - 1).press("Enter"),
    ]);
    expect(answer.status()).toBe(200);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(new URL(page.url()).search).toBe("");
    await expect
      .poll(() => page.locator(".judge-sheet [role=alert]").textContent())
      .toBe(vi("judging.portal.sheet.sentWithoutScript"));
    for (let i = 0; i < count; i++) expect(await inputs.nth(i).inputValue()).toBe(String(i + 2));
    expect(await page.locator(".judge-sheet textarea[name=comment]").inputValue()).toBe(
      "Ý tưởng gần gũi",
    );

    await page.locator(".judge-conflict textarea[name=note]").fill("Tôi từng làm cho hãng này");
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page
        .getByRole("button", { name: vi("judging.portal.conflict.declare"), exact: true })
        .click(),
    ]);
    await page.waitForLoadState();
    expect(await page.locator(".judge-conflict [role=alert]").textContent()).toBe(
      vi("judging.portal.conflict.sentWithoutScript"),
    );
    expect(await page.locator(".judge-conflict textarea[name=note]").inputValue()).toBe(
      "Tôi từng làm cho hãng này",
    );
    // Nothing was saved or declared.
    const stored = await withE2eServices(async (_, db) => ({
      scores: await db.kysely
        .selectFrom("scores")
        .select("entry_id")
        .where("round_id", "=", round.roundId)
        .execute(),
    }));
    expect(stored.scores).toEqual([]);
    // No conflict declared: the sheet still takes scores.
    expect(await scoreInputs(page).count()).toBe(count);
  });
});
