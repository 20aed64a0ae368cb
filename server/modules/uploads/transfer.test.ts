import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as tus from "tus-js-client";
import { beforeAll, describe, expect, it } from "vitest";
import { MEBIBYTE } from "../../../core/upload-rules";
import type { App } from "../../app";
import { testDatabases } from "../../test-support/databases";
import { refusalKey } from "../../test-support/listening-app";
import {
  GeneratedFile,
  tusCreate,
  tusHead,
  tusPatch,
  tusRequest,
  type UploadTarget,
} from "../../test-support/tus-client";
import { noisePng, sha256, productionBundle, uploadsTestbed } from "./testbed";

/**
 * Resumable uploads against the whole app: tus-js-client and raw protocol requests carry the
 * bytes in, the file is attached byte for byte, a file name is only ever a display name.
 */

const built = productionBundle();

describe.each(testDatabases())("tus uploads on $name", (target) => {
  describe.skipIf(!target.available)("the app on 127.0.0.1: bytes in, file attached", () => {
    const { bed, draft, uploadsDir, partials, storedBytes } = uploadsTestbed(target, built);
    let app: App;
    let dataDir: string;
    let origin: string;
    let alice: UploadTarget & { userId: string };
    beforeAll(() => {
      ({ app, dataDir, origin, alice } = bed);
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
  });
});
