import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEBIBYTE } from "../../../core/upload-rules";
import type { App } from "../../app";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import { testDatabases } from "../../test-support/databases";
import {
  draftEntry,
  refusalKey,
  signedInUploader,
  startListeningApp,
  type ListeningApp,
} from "../../test-support/listening-app";
import { noisePng as noisyPng } from "../../test-support/media-files";
import {
  GeneratedFile,
  tusCreate,
  tusHead,
  tusPatch,
  tusRequest,
  type UploadTarget,
} from "../../test-support/tus-client";
import { createDiskStorage } from "../storage/disk";
import { createUploadService } from "./service";

/**
 * Resumable uploads against the whole app listening on 127.0.0.1 (a production build, a real
 * database, the real entries, media and storage services): tus-js-client and raw protocol
 * requests, owners, limits, content checks, file names, abandoned-upload cleanup.
 */

let bundle: ProductionBundle;

beforeAll(async () => {
  bundle = await buildProductionBundle();
}, 240_000);

afterAll(() => bundle?.cleanup());

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

const noisePng = (width: number, height: number) =>
  noisyPng(width, height, { compressionLevel: 0 });

async function streamToBuffer(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(testDatabases())("tus uploads on $name", (target) => {
  describe.skipIf(!target.available)("the app on 127.0.0.1", () => {
    let app: App;
    let dataDir: string;
    let origin: string;
    let alice: UploadTarget & { userId: string };
    let bob: UploadTarget & { userId: string };

    const entrant = (email: string) => signedInUploader(app, origin, email);
    const draft = (userId: string) => draftEntry(app, userId);

    const uploadsDir = () => path.join(dataDir, "uploads");
    const partials = () =>
      existsSync(uploadsDir())
        ? readdirSync(uploadsDir()).filter((name) => !name.endsWith(".done"))
        : [];

    async function storedBytes(key: string): Promise<Buffer> {
      const object = await app.services.storage.get(key);
      if (!object) throw new Error(`no object ${key}`);
      return streamToBuffer(object.body);
    }

    let server: ListeningApp | undefined;

    beforeAll(async () => {
      server = await startListeningApp(target, bundle, { dirPrefix: "vx-uploads-" });
      ({ app, dataDir, origin } = server);
      alice = await entrant("alice.uploads@example.com");
      bob = await entrant("bob.uploads@example.com");
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    it("uploads an image with tus-js-client in chunks, resumes after a pause, attaches it byte for byte", async () => {
      const entryId = await draft(alice.userId);
      const png = await noisePng(600, 500);
      expect(png.length).toBeGreaterThan(600_000);

      const options = (onSuccess: (id: string) => void, onError: (e: Error) => void) => ({
        endpoint: `${origin}/api/uploads`,
        chunkSize: 128 * 1024,
        retryDelays: [],
        headers: { Cookie: alice.cookie, Origin: origin },
        metadata: { entryId, field: "images", filename: "poster.png", filetype: "image/png" },
        onSuccess: ({ lastResponse }: tus.OnSuccessPayload) =>
          onSuccess(lastResponse.getHeader("Upload-File-Id") ?? ""),
        onError,
      });

      // Start, stop after a few chunks (a closed laptop), then continue the same upload URL.
      let uploadUrl = "";
      await new Promise<void>((resolve, reject) => {
        const upload: tus.Upload = new tus.Upload(png, {
          ...options(() => reject(new Error("finished too early")), reject),
          onChunkComplete: (_chunk, accepted) => {
            if (accepted >= 3 * 128 * 1024) {
              uploadUrl = upload.url ?? "";
              void upload.abort().then(resolve);
            }
          },
        });
        upload.start();
      });
      expect(uploadUrl).toMatch(/\/api\/uploads\/[a-f0-9]{32}$/);
      const head = await tusHead(alice, uploadUrl);
      expect(head.status).toBe(200);
      expect(head.offset).toBeGreaterThanOrEqual(3 * 128 * 1024);
      expect(head.offset).toBeLessThan(png.length);

      const fileId = await new Promise<string>((resolve, reject) => {
        new tus.Upload(png, { ...options(resolve, reject), uploadUrl }).start();
      });
      expect(fileId).not.toBe("");

      const entry = await app.services.entries.get(alice.userId, entryId);
      const file = entry!.files.find((candidate) => candidate.id === fileId)!;
      expect(file).toMatchObject({
        field: "images",
        name: "poster.png",
        mime: "image/png",
        bytes: png.length,
        width: 600,
        height: 500,
      });
      expect(sha256(await storedBytes(file.storageKey))).toBe(sha256(png));
      // Nothing of it is left among partial uploads; a HEAD replays the result.
      expect(partials()).toEqual([]);
      const replay = await tusHead(alice, uploadUrl);
      expect(replay.status).toBe(200);
      expect(replay.offset).toBe(png.length);
      expect(replay.fileId).toBe(fileId);
    });

    it("streams a video through raw protocol PATCHes and stores it byte-identical", async () => {
      const entryId = await draft(alice.userId);
      const { MP4_HEAD } = await import("../../test-support/tus-client");
      const video = new GeneratedFile(3 * MEBIBYTE + 123, MP4_HEAD, 5);
      const created = await tusCreate(alice, video.size, {
        entryId,
        field: "video",
        filename: "film.mp4",
        filetype: "video/mp4",
      });
      expect(created.status).toBe(201);
      const location = created.location!;
      expect(location).toMatch(/^\/api\/uploads\/[a-f0-9]{32}$/);
      let offset = 0;
      let fileId: string | null = null;
      for (const step of [MEBIBYTE, MEBIBYTE, video.size - 2 * MEBIBYTE]) {
        // A wrong offset is refused without touching the upload.
        if (offset > 0) {
          const wrong = await tusPatch(alice, location, 0, Buffer.alloc(10), 10);
          expect(wrong.status).toBe(409);
        }
        const response = await tusPatch(
          alice,
          location,
          offset,
          video.stream(offset, offset + step),
          step,
        );
        expect(response.status).toBe(204);
        offset = response.offset!;
        fileId = response.fileId;
      }
      expect(offset).toBe(video.size);
      expect(fileId).toBeTruthy();
      const entry = await app.services.entries.get(alice.userId, entryId);
      const file = entry!.files.find((candidate) => candidate.id === fileId)!;
      expect(file).toMatchObject({ field: "video", mime: "video/mp4", bytes: video.size });
      expect(sha256(await storedBytes(file.storageKey))).toBe(video.sha256());

      // "A video already present is rejected": a second one is refused before any byte.
      const second = await tusCreate(alice, video.size, {
        entryId,
        field: "video",
        filename: "film-2.mp4",
        filetype: "video/mp4",
      });
      expect(second.status).toBe(422);
      expect(refusalKey(second)).toBe("validation.entryVideoPresent");
    });

    it("finishes an upload whose last bytes arrived just before the server stopped, on the next HEAD", async () => {
      const entryId = await draft(alice.userId);
      const png = await noisePng(120, 90);
      const created = await tusCreate(alice, png.length, {
        entryId,
        field: "images",
        filename: "late.png",
        filetype: "image/png",
      });
      expect(created.status).toBe(201);
      const id = created.location!.split("/").pop()!;
      // Every byte is on disk but the process died before it attached the file.
      writeFileSync(path.join(uploadsDir(), id), png);
      const head = await tusHead(alice, created.location!);
      expect(head.status).toBe(200);
      expect(head.offset).toBe(png.length);
      expect(head.fileId).toBeTruthy();
      const entry = await app.services.entries.get(alice.userId, entryId);
      expect(entry!.files.map((file) => file.id)).toEqual([head.fileId]);
      // Asking again gives the same file, never a second copy.
      expect((await tusHead(alice, created.location!)).fileId).toBe(head.fileId);
    });

    it("only the signed-in owner creates or continues an upload; others get 401/404 and nothing is stored", async () => {
      const entryId = await draft(alice.userId);
      const png = await noisePng(64, 64);
      const metadata = { entryId, field: "images", filename: "a.png", filetype: "image/png" };
      const before = partials().length;

      const anonymous = await tusCreate({ origin, cookie: "" }, png.length, metadata);
      expect(anonymous.status).toBe(401);
      expect(refusalKey(anonymous)).toBe("upload.signInRequired");
      const intruder = await tusCreate(bob, png.length, metadata);
      expect(intruder.status).toBe(404);
      expect(refusalKey(intruder)).toBe("upload.notFound");
      expect(partials().length).toBe(before);

      // Alice's upload in progress: Bob can neither see, continue nor delete it.
      const created = await tusCreate(alice, png.length, metadata);
      expect(created.status).toBe(201);
      const location = created.location!;
      const half = Math.floor(png.length / 2);
      expect((await tusPatch(alice, location, 0, png.subarray(0, half), half)).status).toBe(204);
      expect((await tusHead(bob, location)).status).toBe(404);
      expect((await tusHead({ origin, cookie: "" }, location)).status).toBe(401);
      const bobPatch = await tusPatch(bob, location, half, png.subarray(half), png.length - half);
      expect(bobPatch.status).toBe(404);
      const bobDelete = await tusRequest(`${origin}${location}`, "DELETE", {
        Origin: origin,
        Cookie: bob.cookie,
      });
      expect(bobDelete.status).toBe(404);
      expect((await tusHead(alice, location)).offset).toBe(half);
      // Metadata naming another owner is overwritten by the server.
      const spoofed = await tusCreate(bob, png.length, { ...metadata, ownerUserId: alice.userId });
      expect(spoofed.status).toBe(404);

      // A cross-site page cannot drive an upload with Alice's cookie.
      const crossSite = await tusRequest(
        `${origin}${location}`,
        "PATCH",
        {
          Origin: "https://evil.example",
          Cookie: alice.cookie,
          "Upload-Offset": String(half),
          "Content-Type": "application/offset+octet-stream",
        },
        png.subarray(half),
      );
      expect(crossSite.status).toBe(403);

      // Alice finishes it.
      const done = await tusPatch(alice, location, half, png.subarray(half), png.length - half);
      expect(done.status).toBe(204);
      expect(done.fileId).toBeTruthy();
    });

    it("refuses a 21 MB image up front and bytes beyond the declared length while they arrive", async () => {
      const entryId = await draft(alice.userId);
      const metadata = { entryId, field: "images", filename: "big.jpg", filetype: "image/jpeg" };
      const tooLarge = await tusCreate(alice, 21 * MEBIBYTE, metadata);
      expect(tooLarge.status).toBe(413);
      expect(refusalKey(tooLarge)).toBe("validation.entryImageTooLarge");

      const noLength = await tusRequest(`${origin}/api/uploads`, "POST", {
        Origin: origin,
        Cookie: alice.cookie,
        "Upload-Defer-Length": "1",
        "Upload-Metadata": "entryId " + Buffer.from(entryId).toString("base64"),
      });
      expect(noLength.status).toBe(400);
      expect(refusalKey(noLength)).toBe("upload.lengthRequired");

      const wrongField = await tusCreate(alice, 100, { ...metadata, field: "../../etc" });
      expect(wrongField.status).toBe(400);
      expect(refusalKey(wrongField)).toBe("upload.badRequest");

      // Declared 1 MiB, then 21 MiB sent: refused, nothing beyond the declared length kept.
      const created = await tusCreate(alice, MEBIBYTE, metadata);
      expect(created.status).toBe(201);
      const body = new GeneratedFile(21 * MEBIBYTE);
      const response = await tusPatch(alice, created.location!, 0, body.stream(), body.size).catch(
        () => null,
      );
      if (response) expect(response.status).toBe(413);
      const head = await tusHead(alice, created.location!);
      expect(head.offset).toBe(0);
      const entry = await app.services.entries.get(alice.userId, entryId);
      expect(entry!.files).toEqual([]);
    });

    it("refuses a .jpg that is really HTML when it completes: clear 4xx, no file attached, nothing kept", async () => {
      const entryId = await draft(alice.userId);
      const html = Buffer.from(
        "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n".repeat(
          40,
        ),
      );
      const before = partials().length;
      const created = await tusCreate(alice, html.length, {
        entryId,
        field: "images",
        filename: "holiday.jpg",
        filetype: "image/jpeg",
      });
      expect(created.status).toBe(201);
      const response = await tusPatch(alice, created.location!, 0, html, html.length);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(refusalKey(response)).toMatch(/^media\./);
      expect(response.fileId).toBeNull();
      const entry = await app.services.entries.get(alice.userId, entryId);
      expect(entry!.files).toEqual([]);
      expect(partials().length).toBe(before);
      expect((await tusHead(alice, created.location!)).status).toBe(404);
    });

    it("treats a path-traversal file name as a display name only", async () => {
      const entryId = await draft(alice.userId);
      const png = await noisePng(40, 30);
      const created = await tusCreate(alice, png.length, {
        entryId,
        field: "images",
        filename: "../../../../etc/cron.d/evil.png",
        filetype: "image/png",
      });
      expect(created.status).toBe(201);
      expect(created.location).toMatch(/^\/api\/uploads\/[a-f0-9]{32}$/);
      const done = await tusPatch(alice, created.location!, 0, png, png.length);
      expect(done.status).toBe(204);
      const entry = await app.services.entries.get(alice.userId, entryId);
      const file = entry!.files.find((candidate) => candidate.id === done.fileId)!;
      expect(file.name).toBe("evil.png");
      expect(file.storageKey).not.toContain("evil");
      expect(file.storageKey).not.toContain("..");
      expect(existsSync("/etc/cron.d/evil.png")).toBe(false);
      expect(existsSync(path.join(dataDir, "..", "etc"))).toBe(false);
      // An upload id that tries to leave the folder is just not found.
      const probe = await tusRequest(`${origin}/api/uploads/..%2F..%2Fapp.db`, "HEAD", {
        Origin: origin,
        Cookie: alice.cookie,
      });
      expect(probe.status).toBe(404);
    });

    it("deletes partial uploads that received nothing for longer than the expiry, and keeps active ones", async () => {
      const entryId = await draft(alice.userId);
      const metadata = { entryId, field: "video", filename: "v.mp4", filetype: "video/mp4" };
      const stale = await tusCreate(alice, 5 * MEBIBYTE, metadata);
      // Another entry's: a second unfinished video of the same entry would replace the first.
      const fresh = await tusCreate(alice, 5 * MEBIBYTE, {
        ...metadata,
        entryId: await draft(alice.userId),
      });
      const staleId = stale.location!.split("/").pop()!;
      const freshId = fresh.location!.split("/").pop()!;
      await tusPatch(alice, stale.location!, 0, Buffer.alloc(1000, 1), 1000);
      // The stale one last received bytes 25 hours ago (the default expiry is 24 hours).
      const old = new Date(Date.now() - 25 * 3_600_000);
      for (const name of [staleId, `${staleId}.json`])
        utimesSync(path.join(uploadsDir(), name), old, old);

      expect(await app.uploads.cleanupExpired()).toBe(1);
      expect(existsSync(path.join(uploadsDir(), staleId))).toBe(false);
      expect(existsSync(path.join(uploadsDir(), `${staleId}.json`))).toBe(false);
      expect((await tusHead(alice, stale.location!)).status).toBe(404);
      expect((await tusHead(alice, fresh.location!)).status).toBe(200);
      expect(existsSync(path.join(uploadsDir(), freshId))).toBe(true);
    });
  });
});

describe("abandoned-upload cleanup job", () => {
  it("runs periodically with a short expiry and stops when asked", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vx-upload-expiry-"));
    try {
      const unused = () => {
        throw new Error("not used");
      };
      const uploads = createUploadService({
        dir: path.join(dir, "uploads"),
        expiryMs: 300,
        publicUrl: "http://127.0.0.1:1",
        entries: { get: unused, uploadAllowed: unused, attachFile: unused },
        media: { inspect: unused },
        storage: createDiskStorage(path.join(dir, "objects")),
      });
      const id = "0123456789abcdef0123456789abcdef";
      writeFileSync(path.join(uploads.dir, id), Buffer.alloc(10));
      writeFileSync(path.join(uploads.dir, `${id}.json`), JSON.stringify({ id, size: 100 }));
      const stop = uploads.startCleanup(50);
      try {
        // Still there right away (younger than 300 ms)…
        expect(existsSync(path.join(uploads.dir, id))).toBe(true);
        // …and gone once it has been idle longer than the expiry.
        await expect
          .poll(() => readdirSync(uploads.dir), { timeout: 5_000, interval: 50 })
          .toEqual([]);
      } finally {
        stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
