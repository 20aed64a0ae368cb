import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "../entries/testbed";
import { EXPIRED_ROWS_KEPT_MS } from "../identity/sweep-expired";
import { hashToken } from "./context";
import { seasonId, signedInJudge } from "./testbed";

const HOUR_MS = 3600_000;

// Judges' sessions past their end are deleted by the scheduled sweep a day later; live ones
// keep signing their judge in.
describe.each(testDatabases())("judging: expired sessions swept ($name)", (target) => {
  describe.skipIf(!target.available)("", () => {
    const t = entriesTestbed(target);

    it("deletes sessions expired over a day ago, keeps the live and the just-expired", async () => {
      const season = await seasonId(t);
      const live = await signedInJudge(t, season, "Phạm Quốc Bảo", "bao.sweep@example.vn");
      const recent = await signedInJudge(t, season, "Trần Mai Chi", "chi.sweep@example.vn");
      const old = await signedInJudge(t, season, "Ngô Thanh Dũng", "dung.sweep@example.vn");
      const expire = (token: string, at: number) =>
        t.db.kysely
          .updateTable("judge_sessions")
          .set({ expires_at: new Date(at).toISOString() })
          .where("token_hash", "=", hashToken(token))
          .execute();
      // By the services' clock, which the testbed sets.
      const now = t.now.getTime();
      await expire(recent.token, now - HOUR_MS);
      await expire(old.token, now - EXPIRED_ROWS_KEPT_MS - HOUR_MS);

      expect(await t.services.judging.sweepExpiredSessions()).toBeGreaterThanOrEqual(1);

      const left = await t.db.kysely
        .selectFrom("judge_sessions")
        .select("token_hash")
        .where("token_hash", "in", [live.token, recent.token, old.token].map(hashToken))
        .execute();
      expect(left.map((row) => row.token_hash).sort()).toEqual(
        [live.token, recent.token].map(hashToken).sort(),
      );
      expect((await t.services.judging.currentJudge(live.token))?.id).toBe(live.judge.id);
    });
  });
});
