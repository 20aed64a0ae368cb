import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../server/db/database";
import { appendScoreLog } from "../server/modules/judging/score-log";

const run = promisify(execFile);

/** `npm run verify-scores` on a data dir: its output and exit code. */
async function verify(dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run("npx", ["tsx", "scripts/verify-scores.ts"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
        LOG_LEVEL: "silent",
      },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

// The command an organiser runs: intact chain → exit 0; a record edited in the database →
// exit 1 naming the record where the chain breaks.
describe("npm run verify-scores", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vx-verify-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("says intact, then where an edited record breaks the chain", async () => {
    const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.db") });
    await migrateToLatest(db);
    // A score given and deleted again, three times: the log ends with no score standing.
    for (let i = 1; i <= 6; i++) {
      await db.kysely.transaction().execute((trx) =>
        appendScoreLog(trx, "sqlite", {
          round_id: 1,
          entry_id: `entry-${Math.ceil(i / 2)}`,
          judge_id: "judge-1",
          action: i % 2 === 1 ? "score" : "delete",
          scores: JSON.stringify({ creativeIdea: 7 }),
          comment: "",
          total: "7.00",
          version: 1,
          created_at: "2026-09-01T03:00:00.000Z",
        }),
      );
    }
    const intact = await verify(dataDir);
    expect(intact.code).toBe(0);
    expect(intact.out).toContain("Score log: 6 records");
    expect(intact.out).toContain("Intact.");
    await sql`update score_log set total = '10.00' where seq = 2`.execute(db.kysely);
    await db.close();
    const broken = await verify(dataDir);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("BROKEN at record #2: the record's content was changed");
    expect(broken.out).toContain("NOT intact.");
  }, 60_000);
});
