import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENTRANT_LIVE_UPLOAD_BYTES_MAX,
  ENTRY_DRAFTS_PER_SEASON_MAX,
  ENTRY_IMAGES_MAX,
  GIBIBYTE,
} from "../../../core/entry-limits";
import { catalogText } from "../../../core/i18n/lookup";
import type { App } from "../../app";
import type { Db } from "../../db/database";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import { testDatabases } from "../../test-support/databases";
import {
  draftEntry,
  refusalKey,
  signedInUploader,
  startListeningApp,
  type ListeningApp,
} from "../../test-support/listening-app";
import { noisePng } from "../../test-support/media-files";
import {
  MP4_HEAD,
  tusCreate,
  tusHead,
  tusPatch,
  type TusResponse,
} from "../../test-support/tus-client";
import { advisoryKey } from "./advisory-key";
import { createUploadService } from "./service";

/**
 * Quotas around entries, against the whole app listening on 127.0.0.1 (a production build, a
 * real database, disk storage): one unfinished upload per file field (a newer one replaces
 * it), a cap on an entrant's unfinished bytes, drafts per season, and entry thumbnails whose
 * private links are signed when the entry is read, not when the image was uploaded.
 */

let bundle: ProductionBundle;

beforeAll(async () => {
  bundle = await buildProductionBundle();
}, 240_000);

afterAll(() => bundle?.cleanup());

/** A body that sends a first chunk, then nothing more until destroyed (an upload in progress). */
function stalledBody(first: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(first);
      }
    },
  });
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabases())("entry quotas on $name", (target) => {
  describe.skipIf(!target.available)("the app on 127.0.0.1", () => {
    let app: App;
    let db: Db;
    let dataDir: string;
    let origin: string;
    let now = new Date();
    let people = 0;

    const entrant = () => {
      const n = ++people;
      return signedInUploader(app, origin, `quota-${n}@example.com`, `10.1.0.${n}`);
    };
    const draft = (userId: string) => draftEntry(app, userId);

    const uploadFiles = (id: string) =>
      readdirSync(path.join(dataDir, "uploads")).filter((name) => name.startsWith(id));

    let server: ListeningApp | undefined;

    beforeAll(async () => {
      server = await startListeningApp(target, bundle, {
        dirPrefix: "vx-quotas-",
        clock: () => now,
      });
      ({ app, db, dataDir, origin } = server);
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    it("keeps one unfinished upload per field: 10 parallel 1 GiB videos leave one, the others are gone", async () => {
      const person = await entrant();
      const entryId = await draft(person.userId);
      const metadata = { entryId, field: "video", filename: "phim.mp4", filetype: "video/mp4" };
      const created = await Promise.all(
        Array.from({ length: 10 }, () => tusCreate(person, GIBIBYTE, metadata)),
      );
      for (const response of created) expect(response.status).toBe(201);
      expect(await app.uploads.inProgress(person.userId)).toHaveLength(1);
      const kept = (await app.uploads.inProgress(person.userId))[0]!;
      const heads = await Promise.all(created.map((r) => tusHead(person, r.location!)));
      const ids = created.map((r) => r.location!.split("/").pop()!);
      for (const [index, head] of heads.entries()) {
        if (ids[index] === kept) {
          expect(head.status).toBe(200);
        } else {
          // A HEAD has no body: its status says it; a PATCH gets the message too.
          expect(head.status).toBe(410);
          await until(() => uploadFiles(ids[index]!).length === 0, "a replaced upload's files");
        }
      }
    });

    it("answers a late PATCH of a replaced upload with 410 and a message, writing nothing", async () => {
      const person = await entrant();
      const entryId = await draft(person.userId);
      const metadata = { entryId, field: "video", filename: "phim.mp4", filetype: "video/mp4" };
      const older = await tusCreate(person, GIBIBYTE, metadata);
      expect((await tusCreate(person, GIBIBYTE, metadata)).status).toBe(201);
      const late = await tusPatch(person, older.location!, 0, MP4_HEAD, MP4_HEAD.length);
      expect(late.status).toBe(410);
      expect(refusalKey(late)).toBe("upload.replaced");
      expect(uploadFiles(older.location!.split("/").pop()!)).toEqual([]);
    });

    it("a re-picked file replaces the stalled upload of the field: its request is cut and the new one attaches", async () => {
      const person = await entrant();
      const entryId = await draft(person.userId);
      const video = Buffer.concat([MP4_HEAD, Buffer.alloc(256 * 1024, 7)]);
      const metadata = { entryId, field: "video", filename: "phim.mp4", filetype: "video/mp4" };

      // The first upload stalls mid-body (a connection that hangs), still open.
      const first = await tusCreate(person, GIBIBYTE, metadata);
      expect(first.status).toBe(201);
      const firstId = first.location!.split("/").pop()!;
      const stalled = tusPatch(
        person,
        first.location!,
        0,
        stalledBody(Buffer.concat([MP4_HEAD, Buffer.alloc(64 * 1024)])),
        GIBIBYTE,
      ).then(
        (response) => ({ cut: false, status: response.status }),
        () => ({ cut: true, status: 0 }),
      );
      await until(
        () => existsSync(path.join(dataDir, "uploads", firstId)) && uploadFiles(firstId).length > 0,
        "the first upload's bytes",
      );

      // The entrant chooses the file again: a new upload of the same field.
      const second = await tusCreate(person, video.length, metadata);
      expect(second.status).toBe(201);
      const outcome = await stalled;
      // The hanging request ends (cut, or answered with a refusal): it writes nothing more.
      expect(outcome.cut || outcome.status >= 400).toBe(true);
      await until(() => uploadFiles(firstId).length === 0, "the replaced upload's files");

      const done = await tusPatch(person, second.location!, 0, video, video.length);
      expect(done.status).toBe(204);
      expect(done.fileId).toBeTruthy();
      const entry = await app.services.entries.get(person.userId, entryId);
      expect(entry!.files.filter((f) => f.field === "video").map((f) => f.id)).toEqual([
        done.fileId,
      ]);
      expect(await app.uploads.inProgress(person.userId)).toEqual([]);
    });

    it("counts the unfinished uploads kept on the disk from before the count was in the database", async () => {
      const person = await entrant();
      const entryId = await draft(person.userId);
      const metadata = { entryId, field: "video", filename: "phim.mp4", filetype: "video/mp4" };
      const before = await tusCreate(person, GIBIBYTE, metadata);
      expect(before.status).toBe(201);
      const id = before.location!.split("/").pop()!;
      // After answering a creation, the server checks that the upload still counts (removing
      // it if a parallel creation replaced it meanwhile): a request answered after that check
      // began, before the row goes, keeps the check from seeing it gone.
      await tusHead(person, before.location!);
      // An upload stored by a version that counted in memory only: no row.
      await db.kysely.deleteFrom("live_uploads").where("id", "=", id).execute();
      expect(await app.uploads.inProgress(person.userId)).toEqual([]);
      // A second process on the same data directory (the server after a restart).
      const restarted = await createUploadService({
        dir: path.join(dataDir, "uploads"),
        db,
        expiryMs: 24 * 3_600_000,
        publicUrl: origin,
        entries: app.services.entries,
        media: { inspect: (file, options) => app.services.media.inspect(file, options) },
        storage: app.services.storage,
      });
      expect(await restarted.inProgress(person.userId)).toEqual([id]);
      expect(await app.uploads.inProgress(person.userId)).toEqual([id]);
    });

    it("lets the images upload several at a time, up to the entry's 12", async () => {
      const person = await entrant();
      const entryId = await draft(person.userId);
      const metadata = { entryId, field: "images", filename: "anh.png", filetype: "image/png" };
      const created: TusResponse[] = [];
      for (let i = 0; i < ENTRY_IMAGES_MAX + 2; i++) {
        created.push(await tusCreate(person, 1024 * 1024, metadata));
      }
      for (const response of created) expect(response.status).toBe(201);
      const live = await app.uploads.inProgress(person.userId);
      expect(live).toHaveLength(ENTRY_IMAGES_MAX);
      // The two oldest were replaced.
      const ids = created.map((r) => r.location!.split("/").pop()!);
      expect(live).toEqual(ids.slice(2));
      expect((await tusHead(person, created[0]!.location!)).status).toBe(410);
    });

    it.skipIf(target.name !== "postgres")(
      "queues an entrant's simultaneous new uploads in the process: one waits on the entrant's lock, holding one connection",
      async () => {
        const person = await entrant();
        const entryId = await draft(person.userId);
        const metadata = { entryId, field: "images", filename: "anh.png", filetype: "image/png" };
        const waitingOnLocks = async () =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                and wait_event = 'advisory'`.execute(db.kysely)
            ).rows[0]!.n,
          );
        // Another process is admitting one of the entrant's uploads: it holds the lock.
        let letGo!: () => void;
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        const holder = db.kysely.transaction().execute(async (trx) => {
          const key = advisoryKey(`upload-quota:${person.userId}`);
          await sql`select pg_advisory_xact_lock(${key}::bigint)`.execute(trx);
          holding();
          await new Promise<void>((resolve) => (letGo = resolve));
        });
        await held;
        const created = Promise.all(
          Array.from({ length: 6 }, () => tusCreate(person, 1024 * 1024, metadata)),
        );
        const deadline = Date.now() + 10_000;
        while ((await waitingOnLocks()) === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        // Time for the other five to reach the lock too, were they not queued.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const waiting = await waitingOnLocks();
        letGo();
        await holder;
        for (const response of await created) expect(response.status).toBe(201);
        expect(waiting).toBe(1);
        expect(await app.uploads.inProgress(person.userId)).toHaveLength(6);
      },
    );

    it("caps an entrant's unfinished uploads at 3 GiB declared, across entries", async () => {
      expect(ENTRANT_LIVE_UPLOAD_BYTES_MAX).toBe(3 * GIBIBYTE);
      const person = await entrant();
      const other = await entrant();
      const entries = [];
      for (let i = 0; i < 4; i++) entries.push(await draft(person.userId));
      const video = (entryId: string) => ({
        entryId,
        field: "video",
        filename: "phim.mp4",
        filetype: "video/mp4",
      });
      for (const entryId of entries.slice(0, 3)) {
        expect((await tusCreate(person, GIBIBYTE, video(entryId))).status).toBe(201);
      }
      const fourth = await tusCreate(person, GIBIBYTE, video(entries[3]!));
      expect(fourth.status).toBe(409);
      expect(refusalKey(fourth)).toBe("upload.tooMuchInProgress");
      expect(await app.uploads.inProgress(person.userId)).toHaveLength(3);
      // Replacing the video of an entry that has one in progress is not more: it is accepted.
      expect((await tusCreate(person, GIBIBYTE, video(entries[0]!))).status).toBe(201);
      expect(await app.uploads.inProgress(person.userId)).toHaveLength(3);
      // Another entrant's uploads are theirs.
      const theirs = await draft(other.userId);
      expect((await tusCreate(other, GIBIBYTE, video(theirs))).status).toBe(201);
    });

    it(`refuses the draft after ${ENTRY_DRAFTS_PER_SEASON_MAX} in a season with a clear message, also as a duplicate`, async () => {
      const person = await entrant();
      const ids: string[] = [];
      for (let i = 0; i < ENTRY_DRAFTS_PER_SEASON_MAX; i++) ids.push(await draft(person.userId));
      const refused = await app.services.entries.createDraft(person.userId);
      expect(refused).toMatchObject({ ok: false, formError: "entry.problems.tooManyDrafts" });
      const text = catalogText("vi", "entry.problems.tooManyDrafts");
      expect(text).toContain(String(ENTRY_DRAFTS_PER_SEASON_MAX));
      expect(catalogText("en", "entry.problems.tooManyDrafts")).toContain(
        String(ENTRY_DRAFTS_PER_SEASON_MAX),
      );
      const options = await app.services.entries.formOptions(person.userId);
      if (!options.ok) throw new Error(options.formError);
      // The categories offered are those open to this (individual) registrant.
      const category = options.options.tracks.flatMap((track) =>
        track.groups.flatMap((group) => group.categories),
      )[0];
      const duplicated = await app.services.entries.duplicate(person.userId, ids[0]!, {
        categoryId: category!.id,
      });
      expect(duplicated).toMatchObject({ ok: false, formError: "entry.problems.tooManyDrafts" });

      // The entry form's first autosave (a new draft) is answered with the reason to show.
      const save = await fetch(`${origin}/nop-bai-du-thi.data`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: person.cookie },
        body: JSON.stringify({ intent: "save", values: { brandName: "Vạn Xuân Trà" } }),
      });
      expect(save.status).toBe(422);
      expect(await save.text()).toContain("entry.problems.tooManyDrafts");

      // Withdrawing a draft makes room for a new one.
      const withdrawn = await app.services.entries.withdraw(person.userId, ids[0]!);
      expect(withdrawn.ok).toBe(true);
      expect((await app.services.entries.createDraft(person.userId)).ok).toBe(true);
    });

    it("gives a working thumbnail link when the draft is loaded 16 minutes after the image was uploaded", async () => {
      const person = await entrant();
      const entryId = await draft(person.userId);
      const png = await noisePng(320, 240);
      const created = await tusCreate(person, png.length, {
        entryId,
        field: "images",
        filename: "poster.png",
        filetype: "image/png",
      });
      expect(created.status).toBe(201);
      const done = await tusPatch(person, created.location!, 0, png, png.length);
      expect(done.status).toBe(204);

      const thumbnailOf = async () => {
        const entry = await app.services.entries.get(person.userId, entryId);
        const file = entry!.files.find((f) => f.id === done.fileId)!;
        const src = (file.variants as { src?: unknown }).src;
        expect(typeof src).toBe("string");
        return src as string;
      };
      const fetchImage = (src: string) => app.fastify.inject({ method: "GET", url: src });
      const fresh = await thumbnailOf();
      expect((await fetchImage(fresh)).statusCode).toBe(200);
      // What is stored is the media id, never a signed link that would expire.
      const stored = await db.kysely
        .selectFrom("entry_files")
        .select("variants")
        .where("id", "=", done.fileId!)
        .executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(stored.variants) as object)).toEqual(["mediaId"]);

      const uploadedAt = now;
      try {
        now = new Date(uploadedAt.getTime() + 16 * 60_000);
        // The link handed out at upload time has expired …
        expect((await fetchImage(fresh)).statusCode).toBe(410);
        // … but the draft loaded now carries a new one that works.
        const later = await thumbnailOf();
        expect(later).not.toBe(fresh);
        const image = await fetchImage(later);
        expect(image.statusCode).toBe(200);
        expect(image.headers["content-type"]).toMatch(/^image\//);
      } finally {
        now = uploadedAt;
      }
    });
  });
});
