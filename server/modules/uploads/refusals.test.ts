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
import { noisePng, productionBundle, uploadsTestbed } from "./testbed";

/** Resumable uploads against the whole app: owners, size limits and content checks. */

const built = productionBundle();

describe.each(testDatabases())("tus uploads on $name", (target) => {
  describe.skipIf(!target.available)("the app on 127.0.0.1: who and what is refused", () => {
    const { bed, draft, partials } = uploadsTestbed(target, built);
    let app: App;
    let origin: string;
    let alice: UploadTarget & { userId: string };
    let bob: UploadTarget & { userId: string };
    beforeAll(() => {
      ({ app, origin, alice, bob } = bed);
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
  });
});
