import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { withOutboxBlocked } from "../../test-support/mail";
import { mailCount, newestMail, statusOf } from "../entries/lifecycle-testbed";
import { entriesTestbed, type EntriesTestbed } from "../entries/testbed";
import {
  acceptedEntry,
  manager,
  openRound,
  seasonId,
  signedInJudge,
  uniformSheet,
} from "./testbed";

/** The entries' statuses, in the order of `ids`. */
async function statuses(t: EntriesTestbed, ids: string[]) {
  return Promise.all(ids.map(async (id) => (await statusOf(t, id)).status));
}

/**
 * Entries of `owners`, accepted, in an open round of the 2026 season with one new judge, who
 * gives each the score of the same index in `scores`.
 */
async function scoredRound(
  t: EntriesTestbed,
  judgeEmail: string,
  owners: readonly string[],
  scores: readonly number[],
) {
  const season = await seasonId(t);
  const { judge } = await signedInJudge(t, season, "Giám khảo", judgeEmail);
  const ids: string[] = [];
  for (const owner of owners) ids.push((await acceptedEntry(t, owner)).id);
  const round = await openRound(t, season, [judge], ids);
  for (const [i, value] of scores.entries()) {
    expect(
      await t.services.judging.saveScore(judge, round, ids[i]!, uniformSheet(value)),
    ).toMatchObject({ ok: true });
  }
  return { season, ids, round };
}

// Judging moves entries' statuses (PRODUCT §3): advancing shortlists, publishing gives every
// judged entry its result; each move is in the entry's history and emailed to its entrant.
describe.each(testDatabases())("judging: entries' statuses ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("shortlists on advancing, gives results on publishing, corrects them on republishing", async () => {
      // Alice's first entry scores best, her second one next, Bob's (he reads English) last.
      const { season, ids, round } = await scoredRound(
        t,
        "mot@example.vn",
        [t.alice, t.bob, t.alice],
        [9, 5, 7],
      );
      const judging = t.services.judging;
      expect(await judging.moveRound(manager(t), round, { to: "closed" })).toMatchObject({
        ok: true,
      });
      const final = await judging.createRound(manager(t), season, {
        nameVi: "Chung khảo",
        nameEn: "Final",
        method: "mean",
      });
      if (!final.ok) throw new Error("final refused");

      // Advancing the best two shortlists them; the third stays accepted.
      const mails = async () => ({
        alice: await mailCount(t, "alice@example.vn", "entryStatusChanged"),
        bob: await mailCount(t, "bob@example.com", "entryStatusChanged"),
      });
      const before = await mails();
      expect(await judging.advance(manager(t), round, { rule: "top", count: 2 })).toEqual({
        ok: true,
        advanced: 2,
        shortlisted: 2,
      });
      expect(await statuses(t, ids)).toEqual(["shortlisted", "accepted", "shortlisted"]);
      const aliceHistory = await t.entries.statusHistory(ids[0]!);
      expect(aliceHistory.at(-1)).toMatchObject({
        from: "accepted",
        to: "shortlisted",
        actorRole: "admin",
        actorName: "Staff",
      });
      // Both of Alice's entries moved: two emails (sent after the answer); Bob's did not.
      await expect.poll(mails).toEqual({ alice: before.alice + 2, bob: before.bob });
      const shortlistedMail = await newestMail(t, "alice@example.vn", "entryStatusChanged");
      expect(shortlistedMail!.text).toContain("Trạng thái mới: Lọt vào danh sách đề cử");
      // Advancing again moves nobody twice.
      expect(await judging.advance(manager(t), round, { rule: "top", count: 2 })).toMatchObject({
        advanced: 2,
        shortlisted: 0,
      });

      // Results are not published while a round is still being scored.
      expect(
        await judging.setPrize(manager(t), round, { entryId: ids[0]!, prize: "gold" }),
      ).toMatchObject({ ok: true });
      await t.db.kysely
        .updateTable("judging_rounds")
        .set({ state: "open" })
        .where("id", "=", final.id)
        .execute();
      expect(await judging.publish(manager(t), season)).toMatchObject({
        ok: false,
        status: 409,
        formError: "judging.errors.publishOpen",
      });
      expect(await statuses(t, ids)).toEqual(["shortlisted", "accepted", "shortlisted"]);
      await t.db.kysely
        .updateTable("judging_rounds")
        .set({ state: "closed" })
        .where("id", "=", final.id)
        .execute();

      // Publishing: the prize wins, the other finalist of the last round is a finalist, the
      // entry that went no further is not awarded (in English for Bob).
      expect(await judging.publish(manager(t), season)).toEqual({
        ok: true,
        published: 1,
        moved: { winner: 1, not_awarded: 1, finalist: 1 },
      });
      expect(await statuses(t, ids)).toEqual(["winner", "not_awarded", "finalist"]);
      expect((await t.entries.statusHistory(ids[1]!)).at(-1)).toMatchObject({
        from: "accepted",
        to: "not_awarded",
        actorName: "Staff",
      });
      await expect.poll(mails).toEqual({ alice: before.alice + 4, bob: before.bob + 1 });
      const bobMail = await newestMail(t, "bob@example.com", "entryStatusChanged");
      expect(bobMail!.subject).toContain("Not awarded");
      expect(bobMail!.text).toContain("New status: Not awarded");
      const audit = await t.db.kysely
        .selectFrom("audit_log")
        .select("summary")
        .where("action", "=", "winners.publish")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.summary)).toMatchObject({
        winners: 1,
        moved: { winner: 1, not_awarded: 1, finalist: 1 },
      });

      // Publishing again with nothing changed moves nobody and emails nobody.
      expect(await judging.publish(manager(t), season)).toEqual({
        ok: true,
        published: 1,
        moved: {},
      });
      expect(await mails()).toEqual({ alice: before.alice + 4, bob: before.bob + 1 });

      // The gold goes to Alice's other entry instead: publishing again corrects both results.
      await judging.setPrize(manager(t), round, { entryId: ids[0]!, prize: "" });
      await judging.setPrize(manager(t), round, { entryId: ids[2]!, prize: "gold" });
      expect(await judging.publish(manager(t), season)).toMatchObject({
        moved: { finalist: 1, winner: 1 },
      });
      expect(await statuses(t, ids)).toEqual(["finalist", "not_awarded", "winner"]);
      expect((await t.entries.statusHistory(ids[0]!)).map((h) => h.to).slice(-3)).toEqual([
        "shortlisted",
        "winner",
        "finalist",
      ]);
      await expect.poll(mails).toEqual({ alice: before.alice + 6, bob: before.bob + 1 });
      const winners = await t.services.content.winners({ year: 2026 }, "vi");
      expect(winners.items.map((w) => w.entryId)).toEqual([ids[2]]);
      // A finalist stays in the public library; the entry not awarded is not in it.
      expect(await t.services.library.entry(ids[1]!, "vi")).toBeNull();
    });
  });

  describe.skipIf(!target.available)("a season of one round", () => {
    const t = entriesTestbed(target);

    it("takes an accepted entry straight to its result", async () => {
      const { season, ids, round } = await scoredRound(
        t,
        "hai@example.vn",
        [t.alice, t.bob],
        [8, 8],
      );
      // Accepted too, but no judge scored it (as in a category nobody was assigned to); and
      // one scored only by a judge who then declared a conflict on it.
      const unscored = await acceptedEntry(t, t.bob);
      const conflicted = await acceptedEntry(t, t.alice);
      const { judge } = await signedInJudge(t, season, "Giám khảo", "hai.xung-dot@example.vn");
      await t.services.judging.assign(manager(t), round, {
        judgeId: judge.id,
        categoryId: t.cat("TVC").id,
      });
      expect(
        await t.services.judging.saveScore(judge, round, conflicted.id, uniformSheet(9)),
      ).toMatchObject({ ok: true });
      expect(
        await t.services.judging.declareConflict(judge, round, conflicted.id, { note: "" }),
      ).toMatchObject({ ok: true });
      await t.services.judging.moveRound(manager(t), round, { to: "closed" });
      await t.services.judging.setPrize(manager(t), round, { entryId: ids[0]!, prize: "bronze" });
      expect(await t.services.judging.publish(manager(t), season)).toMatchObject({
        ok: true,
        moved: { winner: 1, not_awarded: 1 },
      });
      expect(await statuses(t, ids)).toEqual(["winner", "not_awarded"]);
      // Neither was judged: no result, no email; they stay accepted.
      expect(await statuses(t, [unscored.id, conflicted.id])).toEqual(["accepted", "accepted"]);
      // The winner went through the shortlist on the way: every step is in its history.
      expect((await t.entries.statusHistory(ids[0]!)).map((h) => h.to).slice(-2)).toEqual([
        "shortlisted",
        "winner",
      ]);
    });
  });

  describe.skipIf(!target.available)("the emails of a publication", () => {
    const t = entriesTestbed(target);

    it("are kept in the database with the moves until they can be sent", async () => {
      const { season, ids, round } = await scoredRound(
        t,
        "ba@example.vn",
        [t.alice, t.bob, t.alice],
        [7, 7, 7],
      );
      await t.services.judging.moveRound(manager(t), round, { to: "closed" });
      await t.services.judging.setPrize(manager(t), round, { entryId: ids[1]!, prize: "silver" });
      const queued = () =>
        t.db.kysely
          .selectFrom("mail_retries")
          .select(["recipient", "attempts"])
          .where("template", "=", "entryStatusChanged")
          .orderBy("recipient")
          .execute();
      const counts = async () => ({
        alice: await mailCount(t, "alice@example.vn", "entryStatusChanged"),
        bob: await mailCount(t, "bob@example.com", "entryStatusChanged"),
      });
      const before = await counts();

      // The outbox's store fails (a file where its folder is), as an SMTP server could be down.
      await withOutboxBlocked(t.config.mail.outboxDir, async () => {
        expect(await t.services.judging.publish(manager(t), season)).toMatchObject({
          ok: true,
          moved: { winner: 1, not_awarded: 2 },
        });
        // The answer does not wait for the emails; the mail job, started at once, tries the
        // first and keeps all three for later.
        await expect
          .poll(async () => (await queued()).map((row) => row.attempts).sort())
          .toEqual([0, 0, 1]);
        expect((await queued()).map((row) => row.recipient)).toEqual([
          "alice@example.vn",
          "alice@example.vn",
          "bob@example.com",
        ]);
      });

      // Once the store works again, the job's next run sends them, each once.
      const run = await t.services.mail.retryDue(new Date(t.now.getTime() + 2 * 60_000));
      expect(run).toEqual({ sent: 3, waiting: 0, givenUp: 0 });
      expect(await queued()).toEqual([]);
      expect(await counts()).toEqual({ alice: before.alice + 2, bob: before.bob + 1 });
      expect((await newestMail(t, "bob@example.com", "entryStatusChanged"))!.text).toContain(
        "New status: Winner",
      );
    });
  });
});
