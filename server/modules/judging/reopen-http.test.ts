import { describe, expect, it } from "vitest";
import { backOfficeApp } from "../../test-support/back-office";
import { acceptedEntry } from "../../test-support/demo-catalogue";
import { TEST_ORIGIN } from "../../test-support/sign-in";
import { text } from "../../test-support/text";
import type { JudgeIdentity } from "./types";

// A round reopened over HTTP on the production build, on a season of its own (no winners
// published): the exclusions added while it was closed now apply to it, and the manager is told
// how many of its scores stop counting.

const office = backOfficeApp();
const STAFF = { id: "staff", email: "staff@example.vn", name: "Staff" };

const page = (path: string) =>
  office.request("GET", path, { cookie: office.cookies.get("jury_manager") });
const post = (path: string, form: Record<string, string>) =>
  office.request("POST", path, {
    cookie: office.cookies.get("jury_manager"),
    headers: { origin: TEST_ORIGIN },
    form,
  });

describe("reopening a round over HTTP", () => {
  it("tells the manager who reopens a round how many scores the exclusions added meanwhile leave out", async () => {
    const { services } = office.app;
    const entry = await acceptedEntry(office, "lan.loaitru@example.vn", "Vũ Thị Lan", "0319876543");
    const judge = await services.judging.createJudge(STAFF, entry.seasonId, {
      name: "Hà Giám Khảo",
      email: "ha.gk@example.vn",
    });
    if (!judge.ok) throw new Error(JSON.stringify(judge));
    const code = await services.judging.issueCode(STAFF, judge.id);
    if (!code.ok) throw new Error("code");
    const session = await services.judging.signIn({ code: code.code }, "127.0.0.1");
    if (!session.ok) throw new Error("sign-in");
    const identity = (await services.judging.currentJudge(session.token)) as JudgeIdentity;
    const round = await services.judging.createRound(STAFF, entry.seasonId, {
      nameVi: "Vòng mở lại",
      nameEn: "Reopened round",
    });
    if (!round.ok) throw new Error("round");
    await services.judging.assign(STAFF, round.id, {
      judgeId: judge.id,
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
    const owner = await office.db.kysely
      .selectFrom("entries")
      .select("owner_user_id")
      .where("id", "=", entry.id)
      .executeTakeFirstOrThrow();
    expect(
      await services.judging.addExclusion(STAFF, {
        judgeId: judge.id,
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
