import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEBIBYTE } from "../../../core/upload-rules";
import { buildApp, type App } from "../../app";
import { loadConfig } from "../../config";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { draftEntry, signedInUploader } from "../../test-support/listening-app";
import { startS3Emulator, type S3Emulator } from "../../test-support/s3-emulator";
import {
  GeneratedFile,
  MP4_HEAD,
  tusCreate,
  tusHead,
  tusPatch,
  type TusResponse,
  type UploadTarget,
} from "../../test-support/tus-client";
import { s3Partials } from "./partials-s3";
import { advisoryKey } from "./advisory-key";
import { createUploadService } from "./service";
import { productionBundle, sha256, streamToBuffer } from "./testbed";

/**
 * Several app processes behind a load balancer serve the same uploads: two apps on one
 * PostgreSQL database and one S3 bucket (the emulator), partial uploads in the bucket and
 * their locks in the database. An upload begun through one continues through the other, two
 * writers of one upload never both write, and an app that stops mid-upload loses nothing
 * acknowledged.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const silent = { info() {}, warn() {}, error() {} };
const built = productionBundle();

interface Instance {
  app: App;
  db: Db;
  origin: string;
  dataDir: string;
}

describe.skipIf(!serverUrl)("uploads through two apps on PostgreSQL and S3", () => {
  const dbName = `t_${randomBytes(8).toString("hex")}`;
  let s3: S3Emulator;
  let a: Instance;
  let b: Instance;
  let cookie: string;
  let userId: string;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  async function start(url: string): Promise<Instance> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vx-shared-uploads-"));
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://127.0.0.1:1",
      DATABASE_URL: url,
      AUTH_SECRET: "shared-secret-of-every-process-0123456789",
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.options.bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    const db = openDatabase(config.database);
    const bundle = built.bundle!;
    const app = await buildApp({ config, db, build: bundle.build, clientDir: bundle.clientDir });
    await app.fastify.listen({ host: "127.0.0.1", port: 0 });
    const origin = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
    return { app, db, origin, dataDir };
  }

  async function stop(instance: Instance | undefined): Promise<void> {
    if (!instance) return;
    await instance.app.fastify.close();
    await instance.db.close();
    rmSync(instance.dataDir, { recursive: true, force: true });
  }

  beforeAll(async () => {
    s3 = await startS3Emulator();
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    const setup = openDatabase({ kind: "postgres", url: url.toString() });
    await migrateToLatest(setup);
    await seedDemoData(setup);
    await setup.close();
    a = await start(url.toString());
    b = await start(url.toString());
    const signedIn = await signedInUploader(a.app, a.origin, "shared.uploads@example.com");
    ({ cookie, userId } = signedIn);
  }, 120_000);

  afterAll(async () => {
    await stop(a);
    await stop(b);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await s3?.stop();
  });

  const through = (instance: Instance): UploadTarget => ({ origin: instance.origin, cookie });

  const newVideo = (seed: number) => newVideoThrough(a, seed);

  async function newVideoThrough(instance: Instance, seed: number) {
    const entryId = await draftEntry(instance.app, userId);
    const file = new GeneratedFile(12 * MEBIBYTE, MP4_HEAD, seed);
    const created = await tusCreate(through(instance), file.size, {
      entryId,
      field: "video",
      filename: `phim-${seed}.mp4`,
      filetype: "video/mp4",
    });
    expect(created.status).toBe(201);
    return { entryId, file, location: created.location! };
  }

  /** The stored bytes of the entry's attached video, read through the other app's storage. */
  async function attachedHash(entryId: string): Promise<string> {
    const row = await b.db.kysely
      .selectFrom("entry_files")
      .select("storage_key")
      .where("entry_id", "=", entryId)
      .where("field", "=", "video")
      .executeTakeFirstOrThrow();
    const object = await b.app.services.storage.get(row.storage_key);
    return sha256(await streamToBuffer(object!.body));
  }

  it("continues through B an upload begun through A, and attaches the identical file", async () => {
    const { entryId, file, location } = await newVideo(1);
    const half = 8 * MEBIBYTE;
    const first = await tusPatch(through(a), location, 0, file.stream(0, half), half);
    expect(first.status).toBe(204);
    expect(first.offset).toBe(half);

    const head = await tusHead(through(b), location);
    expect(head.status).toBe(200);
    expect(head.offset).toBe(half);
    const rest = await tusPatch(through(b), location, half, file.stream(half), file.size - half);
    expect(rest.status).toBe(204);
    expect(rest.fileId).toBeTruthy();
    expect(await attachedHash(entryId)).toBe(file.sha256());
    // The finished upload's answer is replayed by either app.
    expect((await tusHead(through(a), location)).fileId).toBe(rest.fileId);
  }, 60_000);

  it("lets one of two PATCHes at the same offset through A and B write; the other is refused", async () => {
    const { entryId, file, location } = await newVideo(2);
    const chunk = 6 * MEBIBYTE;
    const send = (instance: Instance) =>
      tusPatch(through(instance), location, 0, file.stream(0, chunk), chunk).catch(
        (error: Error) => error,
      );
    const results = await Promise.all([send(a), send(b)]);
    const statuses = results.map((result) => (result instanceof Error ? 0 : result.status));
    // Exactly one wrote; the other found the offset moved (409) or the lock kept (423), or its
    // connection was closed before its body was read.
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    for (const status of statuses.filter((s) => s !== 204)) expect([0, 409, 423]).toContain(status);
    const written = results.find(
      (r): r is TusResponse => !(r instanceof Error) && r.status === 204,
    )!;
    expect(written.offset).toBe(chunk);

    const head = await tusHead(through(b), location);
    expect(head.offset).toBe(chunk);
    const rest = await tusPatch(through(b), location, chunk, file.stream(chunk), file.size - chunk);
    expect(rest.status).toBe(204);
    expect(await attachedHash(entryId)).toBe(file.sha256());
  }, 60_000);

  /** Whether some process holds the upload's advisory lock (./pg-locks.ts). */
  async function lockHeld(id: string): Promise<boolean> {
    const key = BigInt.asUintN(64, BigInt(advisoryKey(id)));
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks
      where locktype = 'advisory' and objsubid = 1 and granted
        and classid = ${String(key >> 32n)}::oid and objid = ${String(key & 0xffffffffn)}::oid`.execute(
      a.db.kysely,
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  it("answers 'replaced' to a PATCH through B whose upload a newer one through A replaced meanwhile", async () => {
    const { entryId, file, location } = await newVideo(5);
    const id = location.split("/").pop()!;
    const infoStored = async () =>
      (await fetch(`${s3.endpoint}/${s3.options.bucket}/${id}.info`, { method: "HEAD" })).status ===
      200;
    // The whole file in one PATCH through B, held after 4 MiB while A replaces the upload.
    const body = new PassThrough();
    const writing = tusPatch(through(b), location, 0, body, file.size).catch((e: Error) => e);
    for (const chunk of file.chunks(0, 4 * MEBIBYTE)) body.write(Buffer.from(chunk));
    // B is writing once it holds the upload's lock (taken before its bytes go to the store).
    for (let i = 0; i < 100 && !(await lockHeld(id)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await lockHeld(id)).toBe(true);

    // The entrant chose another video; its creation reaches A, which replaces the first.
    const newer = new GeneratedFile(MEBIBYTE, MP4_HEAD, 6);
    const replacing = await tusCreate(through(a), newer.size, {
      entryId,
      field: "video",
      filename: "phim-moi.mp4",
      filetype: "video/mp4",
    });
    expect(replacing.status).toBe(201);
    for (let i = 0; i < 100 && (await infoStored()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await infoStored()).toBe(false);
    for (const chunk of file.chunks(4 * MEBIBYTE)) body.write(Buffer.from(chunk));
    body.end();

    // B learns why the upload went from its row, which A marked: replaced, not a fault of B's.
    const cut = await writing;
    if (cut instanceof Error) throw cut;
    expect([cut.status, JSON.parse(cut.body)]).toEqual([410, { error: "upload.replaced" }]);
    expect((await tusHead(through(b), location)).status).toBe(410);

    // The newer upload goes through B and is the one attached.
    const rest = await tusPatch(through(b), replacing.location!, 0, newer.stream(0), newer.size);
    expect(rest.status).toBe(204);
    expect(await attachedHash(entryId)).toBe(newer.sha256());
  }, 60_000);

  it("resumes through B an upload whose app A stopped in the middle of a PATCH", async () => {
    const { entryId, file, location } = await newVideo(3);
    const body = file.stream(0, file.size, 256 * 1024);
    let sent = 0;
    let stopping: Promise<void> | null = null;
    const running = a;
    body.on("data", (piece: Buffer) => {
      sent += piece.length;
      if (sent >= 4 * MEBIBYTE && !stopping) {
        body.pause();
        // A stops: every connection cut, its lock connection to the database closed.
        running.app.fastify.server.closeAllConnections();
        stopping = running.app.fastify.close();
      }
    });
    const cut = await tusPatch(through(a), location, 0, body, file.size).catch((e: Error) => e);
    await stopping;
    expect(cut instanceof Error || cut.status !== 204).toBe(true);

    const head = await tusHead(through(b), location);
    expect(head.status).toBe(200);
    const offset = head.offset!;
    expect(offset).toBeLessThan(file.size);
    const rest = await tusPatch(
      through(b),
      location,
      offset,
      file.stream(offset),
      file.size - offset,
    );
    expect(rest.status).toBe(204);
    expect(await attachedHash(entryId)).toBe(file.sha256());
  }, 60_000);

  it("removes an abandoned partial upload from the bucket when it expires", async () => {
    const { location } = await newVideoThrough(b, 4);
    const id = location.split("/").pop()!;
    expect(
      (await tusPatch(through(b), location, 0, Buffer.alloc(MEBIBYTE, 7), MEBIBYTE)).status,
    ).toBe(204);
    const unused = () => {
      throw new Error("not used");
    };
    const janitor = await createUploadService(
      {
        dir: path.join(b.dataDir, "unused-uploads"),
        db: b.db,
        expiryMs: 200,
        publicUrl: "http://127.0.0.1:1",
        entries: { get: unused, uploadAllowed: unused, attachFile: unused },
        media: { inspect: unused },
        storage: b.app.services.storage,
      },
      { partials: s3Partials(s3.options, path.join(b.dataDir, "tmp"), silent) },
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await janitor.cleanupExpired()).toBeGreaterThanOrEqual(1);
    expect((await tusHead(through(b), location)).status).toBe(404);
    // It no longer counts for the entrant's quotas, in either app.
    expect(await a.app.uploads.inProgress(userId)).not.toContain(id);
    for (const suffix of ["", ".info", ".part"]) {
      const response = await fetch(`${s3.endpoint}/${s3.options.bucket}/${id}${suffix}`, {
        method: "HEAD",
      });
      expect(response.status, `${id}${suffix}`).toBe(404);
    }
  }, 30_000);
});
