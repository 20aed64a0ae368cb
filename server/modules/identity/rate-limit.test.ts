import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { testDatabases } from "../../test-support/databases";
import { createRateLimiter, LIMITS, RATE_LIMIT_ROWS_KEPT_MS } from "./rate-limit";

describe.each(testDatabases())("attempt counters on $name", (target) => {
  describe.skipIf(!target.available)("sweep", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
    });
    afterAll(() => target.cleanup());

    const rows = async () =>
      (await db.kysely.selectFrom("rate_limits").select("key").orderBy("key").execute()).map(
        (row) => row.key,
      );

    it("forgets the counters whose every window has ended, and keeps the live ones", async () => {
      let now = Date.parse("2026-12-01T02:00:00.000Z");
      const limiter = createRateLimiter(db, () => now);
      for (let i = 0; i < 3; i += 1) {
        await limiter.consume(
          `signin:account:old-${i}@example.vn`,
          LIMITS.signInFailuresPerAccount,
        );
      }
      now += RATE_LIMIT_ROWS_KEPT_MS - 60_000;
      await limiter.consume("signin:account:new@example.vn", LIMITS.signInFailuresPerAccount);
      await limiter.consume("reset:ip:203.0.113.5", LIMITS.resetPerIp);
      now += 60_000;

      expect(await limiter.sweep()).toBe(3);
      expect(await rows()).toEqual(["reset:ip:203.0.113.5", "signin:account:new@example.vn"]);
      // What is kept still counts where it was.
      const again = await limiter.consume("reset:ip:203.0.113.5", LIMITS.resetPerIp);
      expect(again.allowed).toBe(true);
      expect(await limiter.count("reset:ip:203.0.113.5", LIMITS.resetPerIp)).toBe(2);
    });
  });
});
