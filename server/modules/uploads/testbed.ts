import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/database";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import type { TestDatabase } from "../../test-support/databases";
import {
  draftEntry,
  signedInUploader,
  startListeningApp,
  type ListeningApp,
} from "../../test-support/listening-app";
import { noisePng as noisyPng } from "../../test-support/media-files";
import type { UploadTarget } from "../../test-support/tus-client";

/**
 * What the upload tests share: the whole app listening on 127.0.0.1 (a production build, a
 * real database, the real entries, media and storage services) and two signed-in entrants.
 */

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

export const noisePng = (width: number, height: number) =>
  noisyPng(width, height, { compressionLevel: 0 });

export async function streamToBuffer(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The production bundle, built (or taken from the run's shared build) once per test file. */
export function productionBundle(): { bundle?: ProductionBundle } {
  const built: { bundle?: ProductionBundle } = {};
  beforeAll(async () => {
    built.bundle = await buildProductionBundle();
  }, 240_000);
  afterAll(() => built.bundle?.cleanup());
  return built;
}

export interface UploadsBed {
  app: App;
  db: Db;
  dataDir: string;
  origin: string;
  alice: UploadTarget & { userId: string };
  bob: UploadTarget & { userId: string };
}

/** The app listening on `target`'s database, with Alice and Bob signed in, around the enclosing tests. */
export function uploadsTestbed(target: TestDatabase, built: { bundle?: ProductionBundle }) {
  const bed = {} as UploadsBed;
  let server: ListeningApp | undefined;

  beforeAll(async () => {
    server = await startListeningApp(target, built.bundle!, { dirPrefix: "vx-uploads-" });
    ({ app: bed.app, db: bed.db, dataDir: bed.dataDir, origin: bed.origin } = server);
    bed.alice = await signedInUploader(bed.app, bed.origin, "alice.uploads@example.com");
    bed.bob = await signedInUploader(bed.app, bed.origin, "bob.uploads@example.com");
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const draft = (userId: string) => draftEntry(bed.app, userId);
  const uploadsDir = () => path.join(bed.dataDir, "uploads");
  /** The files of unfinished uploads (a finished one leaves only its `.done` marker). */
  const partials = () =>
    existsSync(uploadsDir())
      ? readdirSync(uploadsDir()).filter((name) => !name.endsWith(".done"))
      : [];

  async function storedBytes(key: string): Promise<Buffer> {
    const object = await bed.app.services.storage.get(key);
    if (!object) throw new Error(`no object ${key}`);
    return streamToBuffer(object.body);
  }

  return { bed, draft, uploadsDir, partials, storedBytes };
}
