import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { openDatabase, type Db } from "../../db/database";
import { createServices } from "../../services";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import { dataDirEnv, spawnServer, type SpawnedServer } from "../../test-support/production-server";

/**
 * A judge's acknowledged score is durable: the real server (its own process, a SQLite file)
 * is killed with SIGKILL while scores are still arriving; after a restart every score the
 * server had answered 200 for is there, with its version, and the score log is intact.
 */
describe("scores survive SIGKILL of the server", () => {
  let bundle: ProductionBundle;
  let dataDir: string;
  let env: Record<string, string>;
  let server: SpawnedServer | null = null;
  let db: Db | null = null;

  beforeAll(async () => {
    bundle = await buildProductionBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), "vx-score-kill-"));
    env = { ...dataDirEnv(dataDir, bundle), DEMO_DATA: "true", HTML_CACHE_SECONDS: "0" };
  }, 240_000);

  afterAll(async () => {
    if (server) await server.kill();
    await db?.close();
    bundle?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged score", async () => {
    server = await spawnServer(env);
    db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.db") });
    // The same data dir, so the same site secret the server hashes codes with.
    const services = createServices(
      db,
      loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...env }),
      {
        onContentChange: () => {},
      },
    );
    const season = await db.kysely
      .selectFrom("seasons")
      .select("id")
      .where("year", "=", 2026)
      .executeTakeFirstOrThrow();
    const actor = { id: "staff", email: "staff@example.vn" };
    const judge = await services.judging.createJudge(actor, Number(season.id), {
      name: "Bền Vững",
      email: "ben@example.vn",
    });
    if (!judge.ok) throw new Error(JSON.stringify(judge));
    const code = await services.judging.issueCode(actor, judge.id);
    if (!code.ok) throw new Error("code");
    const round = await services.judging.createRound(actor, Number(season.id), {
      nameVi: "Vòng 1",
      nameEn: "Round 1",
    });
    if (!round.ok) throw new Error("round");
    // Every category of the season, so the judge has the demo's accepted entries.
    const categories = await services.judging.options(Number(season.id));
    for (const c of categories.categories) {
      await services.judging.assign(actor, round.id, {
        judgeId: judge.id,
        categoryId: String(c.id),
      });
    }
    await services.judging.moveRound(actor, round.id, { to: "open" });

    const origin = server.baseUrl;
    const headers = { origin, "content-type": "application/json" };
    const session = await fetch(`${origin}/api/judging/session`, {
      method: "POST",
      headers,
      body: JSON.stringify({ code: code.code }),
    });
    expect(session.status).toBe(200);
    const cookie = String(session.headers.get("set-cookie")).split(";")[0]!;
    const list = (await (
      await fetch(`${origin}/api/judging/rounds/${round.id}/entries`, { headers: { cookie } })
    ).json()) as { entries: { id: string }[] };
    expect(list.entries.length).toBeGreaterThanOrEqual(10);

    // Scores keep arriving; the process dies once ten have been acknowledged.
    const acknowledged = new Map<string, number>();
    const scores = {
      creativeIdea: 7,
      message: 8,
      craft: 6,
      brandRecall: 9,
      responsibility: 7,
      culturalIdentity: 8,
    };
    let killed = false;
    const writes = list.entries.map(async (entry, i) => {
      try {
        const response = await fetch(
          `${origin}/api/judging/rounds/${round.id}/entries/${entry.id}/score`,
          {
            method: "PUT",
            headers: { ...headers, cookie },
            body: JSON.stringify({
              scores: { ...scores, craft: 1 + (i % 10) },
              comment: `#${i}`,
              version: null,
            }),
          },
        );
        if (response.status === 200) {
          const body = (await response.json()) as { score: { version: number } };
          acknowledged.set(entry.id, body.score.version);
          if (acknowledged.size >= 10 && !killed) {
            killed = true;
            await server!.kill();
          }
        }
      } catch {
        // The connection died with the process: this write was never acknowledged.
      }
    });
    await Promise.all(writes);
    if (!killed) await server.kill();
    expect(acknowledged.size).toBeGreaterThanOrEqual(10);

    server = await spawnServer(env);
    const after = (await (
      await fetch(`${server.baseUrl}/api/judging/rounds/${round.id}/entries`, {
        headers: { cookie },
      })
    ).json()) as { entries: { id: string; score: { version: number; comment: string } | null }[] };
    const stored = new Map(after.entries.map((e) => [e.id, e.score]));
    const lost = [...acknowledged].filter(([id, version]) => stored.get(id)?.version !== version);
    expect(lost).toEqual([]);
    const report = await services.judging.verify();
    expect(report).toMatchObject({ intact: true, mismatches: [] });
    expect(report.records).toBeGreaterThanOrEqual(acknowledged.size);
  }, 120_000);
});
