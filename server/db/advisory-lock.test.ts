import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { closeAndSettle, testDatabases } from "../test-support/databases";
import { runExclusive, runSerialized } from "./advisory-lock";
import { migrateToLatest, openDatabase, type Db } from "./database";

// Two app processes share one database: each opens its own pool, as two `openDatabase` calls do.
describe.each(testDatabases())("$name", (target) => {
  describe.skipIf(!target.available)("scheduled jobs and start-up across processes", () => {
    const opened: Db[] = [];
    afterAll(async () => {
      await Promise.all(opened.map((db) => closeAndSettle(db)));
      await target.cleanup();
    });

    /** A second handle on the same database (PostgreSQL); SQLite is one process, one handle. */
    async function twoProcesses(): Promise<[Db, Db]> {
      const first = await target.open();
      opened.push(first);
      if (first.kind !== "postgres") return [first, first];
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        first.kysely,
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const second = openDatabase({ kind: "postgres", url: url.toString() });
      opened.push(second);
      return [first, second];
    }

    it("a job's tick runs in one process; the other skips it, and the next tick runs again", async () => {
      const [a, b] = await twoProcesses();
      let runs = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const job = () =>
        runExclusive(a, "test-job", async () => {
          runs += 1;
          await held;
          return "ran";
        });
      const first = job();
      // The same tick in the other process, while the first still runs.
      const other = runExclusive(b, "test-job", async () => {
        runs += 1;
        return "ran";
      });
      if (a.kind === "postgres") {
        expect(await other).toBe("skipped");
        // Another job's lock is its own.
        expect(await runExclusive(b, "another-job", async () => "ran")).toBe("ran");
      }
      release();
      expect(await first).toBe("ran");
      if (a.kind !== "postgres") await other;
      expect(runs).toBe(a.kind === "postgres" ? 1 : 2);
      // Released after the run, also after a failure.
      await expect(
        runExclusive(b, "test-job", async () => {
          throw new Error("job failed");
        }),
      ).rejects.toThrow("job failed");
      expect(await runExclusive(a, "test-job", async () => "ran")).toBe("ran");
    });

    it("with a period, a job runs once per period whichever process's timer fires", async () => {
      const [a, b] = await twoProcesses();
      await migrateToLatest(a);
      let now = new Date("2026-11-26T10:00:00Z");
      const period = { everyMs: 5 * 60_000, now: () => now };
      const later = (ms: number) => (now = new Date(now.getTime() + ms));
      const ran: string[] = [];
      const turn = (db: Db, name: string) =>
        runExclusive(db, "period-job", async () => void ran.push(name), period);

      expect(await turn(a, "a")).not.toBe("skipped");
      later(2 * 60_000);
      // The other process's timer, two minutes later: the job ran in this period already.
      expect(await turn(b, "b")).toBe("skipped");
      later(2 * 60_000);
      expect(await turn(a, "a")).toBe("skipped");
      // Nine tenths of the period after the last start, the next process to come runs it.
      later(30_000);
      expect(await turn(b, "b")).not.toBe("skipped");
      expect(ran).toEqual(["a", "b"]);
      // A clock set back does not hold the job up for the time it went back.
      later(-60 * 60_000);
      expect(await turn(a, "a")).not.toBe("skipped");
      // Without a period every turn runs (a job kicked by work arriving).
      expect(await runExclusive(b, "period-job", async () => "ran")).toBe("ran");
      expect(ran).toEqual(["a", "b", "a"]);
    });

    it("start-up work waits for the other process instead of running beside it", async () => {
      const [a, b] = await twoProcesses();
      // SQLite serves one process: there is nobody to wait for.
      if (a.kind !== "postgres") return;
      const order: string[] = [];
      const step = (db: Db, name: string) =>
        runSerialized(db, "test-start-up", async () => {
          order.push(`${name} begins`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          order.push(`${name} ends`);
        });
      await Promise.all([step(a, "first"), step(b, "second")]);
      expect(order).toHaveLength(4);
      expect(order[1]).toBe(order[0]!.replace("begins", "ends"));
    });
  });
});
