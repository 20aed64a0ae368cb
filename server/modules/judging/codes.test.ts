import { describe, expect, it } from "vitest";
import { SUBJECTS } from "../../test-support/email-subjects";
import { testDatabases } from "../../test-support/databases";
import { withOutboxBlocked } from "../../test-support/mail";
import { newestMail } from "../entries/lifecycle-testbed";
import { entriesTestbed } from "../entries/testbed";
import { JUDGE_CODE_LIMITS } from "./sign-in";
import { manager, seasonId } from "./testbed";

// Judge codes: shown once and emailed in the judge's language, kept only as a keyed hash,
// typed back however the judge likes, revocable and re-issuable (ending sessions), and
// rate-limited per address and per code.
describe.each(testDatabases())("judging: judge codes ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    async function judgeWithCode(email: string, lang: "vi" | "en" = "vi") {
      const season = await seasonId(t);
      const created = await t.services.judging.createJudge(manager(t), season, {
        name: "Đỗ Minh Khang",
        email,
        lang,
      });
      if (!created.ok) throw new Error(JSON.stringify(created));
      const issued = await t.services.judging.issueCode(manager(t), created.id);
      if (!issued.ok) throw new Error(JSON.stringify(issued));
      return { id: created.id, code: issued.code, season };
    }

    it("emails the code in the judge's language and stores only a hash", async () => {
      const { id, code } = await judgeWithCode("khang@example.vn", "en");
      expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
      const mail = await newestMail(t, "khang@example.vn", "judgeCode");
      expect(mail?.subject).toBe(SUBJECTS.judgeCode.en);
      expect(mail?.text).toContain(code);
      expect(mail?.text).toContain("/en/giam-khao");
      const row = await t.db.kysely
        .selectFrom("judges")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ""));
      expect(JSON.stringify(row)).not.toContain(code);
      expect(row.code_hint).toBe(code.slice(-4));
      // The same email twice in a season is refused.
      const again = await t.services.judging.createJudge(manager(t), row.season_id, {
        name: "X",
        email: "KHANG@example.vn",
      });
      expect(again).toMatchObject({
        status: 409,
        fieldErrors: { email: "judging.errors.judgeEmailTaken" },
      });
    });

    it("never keeps a code waiting for a retry: when its email fails, the manager is told", async () => {
      const season = await seasonId(t);
      const created = await t.services.judging.createJudge(manager(t), season, {
        name: "Lê Thu Hà",
        email: "ha.code@example.vn",
      });
      if (!created.ok) throw new Error(JSON.stringify(created));
      // Filing the email fails.
      const issued = await withOutboxBlocked(t.config.mail.outboxDir, () =>
        t.services.judging.issueCode(manager(t), created.id),
      );
      expect(issued).toMatchObject({ ok: true, emailed: false });
      const waiting = await t.db.kysely.selectFrom("mail_retries").selectAll().execute();
      expect(waiting.filter((row) => row.recipient === "ha.code@example.vn")).toEqual([]);
      expect(await t.services.mail.retryDue(new Date(Date.now() + 86_400_000))).toMatchObject({
        sent: 0,
      });
      expect(await newestMail(t, "ha.code@example.vn", "judgeCode")).toBeNull();
    });

    it("signs in with the code typed loosely; a revoked or replaced code signs nobody in", async () => {
      const { id, code } = await judgeWithCode("loose@example.vn");
      const loose = code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o");
      const session = await t.services.judging.signIn({ code: loose }, "10.0.0.1");
      expect(session).toMatchObject({ ok: true, judgeId: id });
      if (!session.ok) return;
      expect(await t.services.judging.currentJudge(session.token)).toMatchObject({ id });

      // Re-issuing ends the old sessions and the old code.
      const reissued = await t.services.judging.issueCode(manager(t), id);
      if (!reissued.ok) throw new Error("reissue refused");
      expect(await t.services.judging.currentJudge(session.token)).toBeNull();
      expect(await t.services.judging.signIn({ code }, "10.0.0.1")).toMatchObject({
        status: 401,
        formError: "judging.errors.codeWrong",
      });
      const fresh = await t.services.judging.signIn({ code: reissued.code }, "10.0.0.1");
      expect(fresh.ok).toBe(true);

      expect(await t.services.judging.revokeCode(manager(t), id)).toMatchObject({ ok: true });
      if (fresh.ok) expect(await t.services.judging.currentJudge(fresh.token)).toBeNull();
      expect(await t.services.judging.signIn({ code: reissued.code }, "10.0.0.1")).toMatchObject({
        status: 401,
      });
      const judges = await t.services.judging.judges(
        (
          await t.db.kysely
            .selectFrom("judges")
            .select("season_id")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).season_id,
      );
      expect(judges.find((j) => j.id === id)).toMatchObject({ code: "revoked", codeHint: "" });
    });

    it("refuses malformed codes and limits attempts per address and per code", async () => {
      expect(await t.services.judging.signIn({ code: "not a code" }, "10.0.0.2")).toMatchObject({
        status: 400,
        fieldErrors: { code: "judging.validation.codeInvalid" },
      });
      // Many wrong codes from one address: stopped at the address's limit.
      const answers = [];
      for (let i = 0; i < JUDGE_CODE_LIMITS.perIp.limit + 2; i++) {
        const wrong = `${String(i).padStart(4, "0")}-AAAA-BBBB-CCCC-DDDD`;
        answers.push(
          (await t.services.judging.signIn({ code: wrong }, "10.0.0.3")).ok === false
            ? "no"
            : "yes",
        );
      }
      const last = await t.services.judging.signIn(
        { code: "ZZZZ-AAAA-BBBB-CCCC-DDDD" },
        "10.0.0.3",
      );
      expect(last).toMatchObject({ status: 429, formError: "judging.errors.tooManyAttempts" });
      expect(answers).not.toContain("yes");

      // One code tried from many addresses: stopped at the code's limit, even for its owner.
      const { code } = await judgeWithCode("guessed@example.vn");
      const target = code.slice(0, -1) + (code.endsWith("1") ? "2" : "1");
      for (let i = 0; i < JUDGE_CODE_LIMITS.perCode.limit; i++) {
        expect(await t.services.judging.signIn({ code: target }, `10.1.0.${i}`)).toMatchObject({
          status: 401,
        });
      }
      expect(await t.services.judging.signIn({ code: target }, "10.2.0.1")).toMatchObject({
        status: 429,
      });
      // The real code still works from a fresh address.
      expect((await t.services.judging.signIn({ code }, "10.3.0.1")).ok).toBe(true);
    });
  });
});
