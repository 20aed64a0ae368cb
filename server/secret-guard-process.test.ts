import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { dataDirEnv, spawnServer } from "./test-support/production-server";

// Sessions, judges' codes and pending links are signed with the site's secret. A process
// started on the same database with another one (AUTH_SECRET not given to every process, a
// restored site started without the secret it ran with) would fail some requests or all of
// them, silently: the start is refused instead, naming the setting.

let bundle: ProductionBundle | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "vx-secret-"));
const secret = (letter: string) => letter.repeat(40);

beforeAll(async () => {
  bundle = await buildProductionBundle();
}, 300_000);

afterAll(() => {
  bundle?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a start with another secret than the database's", () => {
  it("is refused, and AUTH_SECRET_CHANGED=true lets it through once on purpose", async () => {
    const env = { ...dataDirEnv(dataDir, bundle!), DEMO_DATA: "false" };
    const first = await spawnServer({ ...env, AUTH_SECRET: secret("a") });
    await first.kill();

    await expect(spawnServer({ ...env, AUTH_SECRET: secret("b") })).rejects.toThrow(
      /used with another secret than AUTH_SECRET[\s\S]*AUTH_SECRET_CHANGED=true/,
    );

    const changed = await spawnServer({
      ...env,
      AUTH_SECRET: secret("b"),
      AUTH_SECRET_CHANGED: "true",
    });
    expect(changed.output()).toContain("the new secret is recorded");
    await changed.kill();
  }, 120_000);
});
