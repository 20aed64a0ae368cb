import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import type { TestDatabase } from "../../test-support/databases";
import { createDiskStorage } from "../storage/disk";
import { withSignedLinks, type Storage } from "../storage";
import { createMediaService, MediaRejected, type MediaService } from "./service";

/** What the media tests share: a work folder, and a media service on a database and a disk store. */

export const NOW = new Date("2026-09-01T03:00:00.000Z");

/** A temp folder for the files a test writes, for the tests of the enclosing `describe`. */
export function workDir(): { dir: string } {
  const work = { dir: "" };
  beforeAll(() => {
    work.dir = mkdtempSync(path.join(tmpdir(), "vx-media-"));
  });
  afterAll(() => {
    rmSync(work.dir, { recursive: true, force: true });
  });
  return work;
}

/** The i18n key `promise` was refused with. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaRejected) return error.messageKey;
    throw error;
  }
  throw new Error("not refused");
}

export interface MediaBed {
  db: Db;
  storage: Storage;
  media: MediaService;
  storeRoot: string;
}

/** A migrated database and a media service storing on a temp disk, around the enclosing tests. */
export function mediaTestbed(target: TestDatabase) {
  const bed = {} as MediaBed;
  beforeAll(async () => {
    bed.db = await target.open();
    await migrateToLatest(bed.db);
    bed.storeRoot = mkdtempSync(path.join(tmpdir(), "vx-media-store-"));
    bed.storage = withSignedLinks(createDiskStorage(bed.storeRoot), "x".repeat(32), () => NOW);
    bed.media = createMediaService({ storage: bed.storage, db: bed.db, clock: () => NOW });
  });
  afterAll(async () => {
    await target.cleanup();
    rmSync(bed.storeRoot, { recursive: true, force: true });
  });

  /** How many files the public media folder holds. */
  const storedFiles = () => {
    const root = path.join(bed.storeRoot, "media");
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        .length;
    } catch {
      return 0;
    }
  };
  return { bed, storedFiles };
}
