import { createHash } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEBIBYTE } from "../../../core/upload-rules";
import { loadConfig } from "../../config";
import { openDatabase, type Db } from "../../db/database";
import { DEMO_ACCOUNTS } from "../../demo/demo-accounts";
import { createServices, type Services } from "../../services";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import { dataDirEnv, spawnServer, type SpawnedServer } from "../../test-support/production-server";
import { signInDemoEntrant } from "../../test-support/sign-in";
import {
  GeneratedFile,
  MP4_HEAD,
  tusCreate,
  tusHead,
  tusPatch,
  type UploadTarget,
} from "../../test-support/tus-client";
import { diskStorageRoot } from "../storage/index";

/**
 * PRODUCT §11 reliability: the real server (`server/main.ts` in its own process,
 * a SQLite file and a data dir in a temp folder) is killed with SIGKILL in the middle of a tus
 * upload and started again on the same data: the upload continues from the offset the server
 * has, to a byte-identical file; a draft saved just before the kill is intact.
 */

/** The real server in its own process on the test's data dir and build (`env`). */
const startServer = (env: Record<string, string>) =>
  spawnServer({
    DEMO_DATA: "true",
    HTML_CACHE_SECONDS: "0",
    SHUTDOWN_TIMEOUT_SECONDS: "5",
    ...env,
  });

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

describe("uploads and drafts survive SIGKILL of the server", () => {
  let bundle: ProductionBundle;
  let dataDir: string;
  let env: Record<string, string>;
  let server: SpawnedServer | null = null;
  let db: Db | null = null;
  let services: Services;

  beforeAll(async () => {
    bundle = await buildProductionBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), "vx-restart-"));
    env = dataDirEnv(dataDir, bundle);
  }, 240_000);

  afterAll(async () => {
    if (server) await server.kill();
    await db?.close();
    bundle?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server's own database, opened beside it (SQLite WAL), for setup and checks. */
  function openServices(origin: string): void {
    const config = loadConfig({
      ...env,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      PUBLIC_URL: origin,
    });
    db = openDatabase(config.database);
    services = createServices(db, config, { onContentChange: () => {} });
  }

  it("continues a killed upload from the server's offset to a byte-identical file; a draft saved just before is intact", async () => {
    server = await startServer(env);
    const cookie = await signInDemoEntrant(server.baseUrl, dataDir);
    let target: UploadTarget = { origin: server.baseUrl, cookie };
    openServices(server.baseUrl);
    const user = await db!.kysely
      .selectFrom("user")
      .select("id")
      .where("email", "=", DEMO_ACCOUNTS.entrant.email)
      .executeTakeFirstOrThrow();
    const created = await services.entries.createDraft(user.id);
    if (!created.ok) throw new Error(created.formError);
    const entryId = created.entry.id;

    // The draft is saved through the form's own endpoint (the page action), and acknowledged.
    const save = await fetch(`${server.baseUrl}/nop-bai-du-thi.data`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify({
        intent: "save",
        entryId,
        version: created.entry.version,
        values: { brandName: "Vạn Xuân Trà", campaignName: "Mùa xuân không tắt máy" },
      }),
    });
    expect(save.status).toBe(200);
    await save.arrayBuffer();

    // A 40 MiB video: 12 MiB acknowledged, then the server dies ~10 MiB into the next PATCH.
    const video = new GeneratedFile(40 * MEBIBYTE, MP4_HEAD, 3);
    const upload = await tusCreate(target, video.size, {
      entryId,
      field: "video",
      filename: "phim-du-thi.mp4",
      filetype: "video/mp4",
    });
    expect(upload.status).toBe(201);
    const location = upload.location!;
    const acknowledged = 12 * MEBIBYTE;
    const first = await tusPatch(target, location, 0, video.stream(0, acknowledged), acknowledged);
    expect(first.status).toBe(204);
    expect(first.offset).toBe(acknowledged);

    const running = server;
    let sent = 0;
    const body = video.stream(acknowledged, video.size, 256 * 1024);
    body.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent >= 10 * MEBIBYTE && running.child.exitCode === null) {
        body.pause();
        running.child.kill("SIGKILL");
      }
    });
    const cut = await tusPatch(
      target,
      location,
      acknowledged,
      body,
      video.size - acknowledged,
    ).catch((error: Error) => error);
    expect(cut).toBeInstanceOf(Error);
    body.destroy();
    await running.kill();
    expect(running.child.signalCode).toBe("SIGKILL");

    // Start again on the same data dir and database.
    server = await startServer(env);
    target = { origin: server.baseUrl, cookie };
    const head = await tusHead(target, location);
    expect(head.status).toBe(200);
    const offset = head.offset!;
    expect(offset).toBeGreaterThanOrEqual(acknowledged);
    expect(offset).toBeLessThanOrEqual(acknowledged + sent);
    const rest = await tusPatch(
      target,
      location,
      offset,
      video.stream(offset),
      video.size - offset,
    );
    expect(rest.status).toBe(204);
    expect(rest.offset).toBe(video.size);
    expect(rest.fileId).toBeTruthy();

    const entry = await services.entries.get(user.id, entryId);
    expect(entry).not.toBeNull();
    expect(entry!.values).toMatchObject({
      brandName: "Vạn Xuân Trà",
      campaignName: "Mùa xuân không tắt máy",
    });
    const file = entry!.files.find((candidate) => candidate.id === rest.fileId)!;
    expect(file).toMatchObject({ field: "video", bytes: video.size, name: "phim-du-thi.mp4" });
    const stored = path.join(diskStorageRoot(dataDir), ...file.storageKey.split("/"));
    expect(await sha256File(stored)).toBe(video.sha256());

    // A draft saved just before a kill (nothing else in flight) is there after the restart.
    const again = await fetch(`${server.baseUrl}/nop-bai-du-thi.data`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify({
        intent: "save",
        entryId,
        version: entry!.version,
        values: { descriptionVi: "Lưu ngay trước khi máy chủ bị tắt đột ngột." },
      }),
    });
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    await server.kill();
    server = await startServer(env);
    const after = await services.entries.get(user.id, entryId);
    expect(after!.values).toMatchObject({
      brandName: "Vạn Xuân Trà",
      descriptionVi: "Lưu ngay trước khi máy chủ bị tắt đột ngột.",
    });
    expect(after!.files.map((f) => f.id)).toContain(rest.fileId);
  }, 240_000);
});
