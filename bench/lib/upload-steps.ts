import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { DEMO_ACCOUNTS } from "../../server/demo/demo-accounts";
import { diskStorageRoot } from "../../server/modules/storage/index";
import { createServices, type Services } from "../../server/services";
import {
  GeneratedFile,
  MP4_HEAD,
  tusCreate,
  tusHead,
  tusPatch,
  type UploadTarget,
} from "../../server/test-support/tus-client";
import { sleep, type RunningServer } from "./server";

// The steps of the upload benchmark (bench/upload.bench.ts): the server's memory, the demo
// entrant's drafts and stored files, one timed tus upload, one raw disk write, and the
// kill-and-resume check.

export const MIB = 1024 * 1024;

/** Peak and current resident memory (MB) of the largest process in a process group. */
export function groupMemory(pgid: number): { peakMb: number; rssMb: number } {
  let peak = 0;
  let rss = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      const now = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      peak = Math.max(peak, hwm);
      rss = Math.max(rss, now);
    } catch {
      // Ended meanwhile.
    }
  }
  return { peakMb: peak, rssMb: rss };
}

/** Runs `work` on the services of the server's database in `dataDir`, closed after. */
async function withServices<T>(
  dataDir: string,
  origin: string,
  work: (services: Services, db: ReturnType<typeof openDatabase>) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
    PUBLIC_URL: origin,
    LOG_LEVEL: "silent",
  });
  const db = openDatabase(config.database);
  try {
    return await work(createServices(db, config, { onContentChange: () => {} }), db);
  } finally {
    await db.close();
  }
}

/** A draft of the demo entrant, made through the entries service on the server's database. */
export function makeDraft(
  dataDir: string,
  origin: string,
): Promise<{ entryId: string; userId: string }> {
  return withServices(dataDir, origin, async (services, db) => {
    const user = await db.kysely
      .selectFrom("user")
      .select("id")
      .where("email", "=", DEMO_ACCOUNTS.entrant.email)
      .executeTakeFirstOrThrow();
    const created = await services.entries.createDraft(user.id);
    if (!created.ok) {
      throw new Error(`could not create a draft: ${created.formError ?? created.status}`);
    }
    return { entryId: created.entry.id, userId: user.id };
  });
}

/** Where the server stored the file `fileId` attached to the entry. */
export function storedFilePath(
  dataDir: string,
  origin: string,
  userId: string,
  entryId: string,
  fileId: string,
): Promise<string> {
  return withServices(dataDir, origin, async (services) => {
    const entry = await services.entries.get(userId, entryId);
    const file = entry?.files.find((candidate) => candidate.id === fileId);
    if (!file) throw new Error(`file ${fileId} is not attached to entry ${entryId}`);
    return path.join(diskStorageRoot(dataDir), ...file.storageKey.split("/"));
  });
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file, { highWaterMark: MIB }), hash);
  return hash.digest("hex");
}

export function expectStatus(what: string, status: number, expected: number[], body = ""): void {
  if (!expected.includes(status)) throw new Error(`${what}: HTTP ${status} ${body}`);
}

/** Uploads `file` in PATCHes of `chunk` bytes (0: one PATCH); returns seconds and the file id. */
export async function upload(
  target: UploadTarget,
  entryId: string,
  file: GeneratedFile,
  chunk: number,
): Promise<{ transferSeconds: number; totalSeconds: number; fileId: string }> {
  const created = await tusCreate(target, file.size, {
    entryId,
    field: "video",
    filename: "bench.mp4",
    filetype: "video/mp4",
  });
  expectStatus("create", created.status, [201], created.body);
  const location = created.location!;
  const started = performance.now();
  // Everything but the last byte, then the last byte alone: the second request's time is
  // the server's finishing work (content check, move into storage, attach).
  const last = file.size - 1;
  const step = chunk > 0 ? chunk : last;
  let offset = 0;
  while (offset < last) {
    const end = Math.min(offset + step, last);
    const response = await tusPatch(
      target,
      location,
      offset,
      file.stream(offset, end, MIB),
      end - offset,
    );
    expectStatus("patch", response.status, [204], response.body);
    offset = response.offset!;
  }
  const transferred = performance.now();
  const final = await tusPatch(target, location, offset, file.stream(offset, file.size), 1);
  expectStatus("final patch", final.status, [204], final.body);
  const finished = performance.now();
  if (!final.fileId) throw new Error("the final response named no file id");
  return {
    transferSeconds: (transferred - started) / 1000,
    totalSeconds: (finished - started) / 1000,
    fileId: final.fileId,
  };
}

/** The same bytes straight to a file on the same disk, as fast as Node writes them. */
export async function rawWrite(file: GeneratedFile, target: string): Promise<number> {
  const started = performance.now();
  await pipeline(file.stream(0, file.size, MIB), createWriteStream(target, { highWaterMark: MIB }));
  const seconds = (performance.now() - started) / 1000;
  rmSync(target, { force: true });
  return seconds;
}

/**
 * Kills the server (SIGKILL to its process group) in the middle of a `resumeMb` MiB upload to a
 * new draft, starts it again on the same data dir and finishes the upload from where the
 * server says it stands. Whether the stored file is byte-identical, and from which offset.
 */
export async function resumeAfterKill(options: {
  server: RunningServer;
  target: UploadTarget;
  dataDir: string;
  userId: string;
  resumeMb: number;
  restart: () => Promise<RunningServer>;
  log: (line: string) => void;
}): Promise<{ identical: boolean; resumedAt: number }> {
  const { dataDir, userId, resumeMb, log } = options;
  let { server, target } = options;
  // A new draft: the benchmark's first one holds a video now.
  const second = await makeDraft(dataDir, server.origin);
  const resumeFile = new GeneratedFile(resumeMb * MIB, MP4_HEAD, 11);
  const created = await tusCreate(target, resumeFile.size, {
    entryId: second.entryId,
    field: "video",
    filename: "resume.mp4",
    filetype: "video/mp4",
  });
  expectStatus("create (resume)", created.status, [201], created.body);
  const location = created.location!;
  const half = Math.floor(resumeFile.size / 2);
  const first = await tusPatch(target, location, 0, resumeFile.stream(0, half, MIB), half);
  expectStatus("first half", first.status, [204], first.body);
  // The second PATCH is cut off by the kill after a few more MiB.
  let sent = 0;
  const killAfter = Math.floor((resumeFile.size - half) / 2);
  const slow = resumeFile.stream(half, resumeFile.size, 256 * 1024);
  slow.on("data", (chunk: Buffer) => {
    sent += chunk.length;
    if (sent > killAfter) {
      slow.pause();
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  });
  await tusPatch(target, location, half, slow, resumeFile.size - half).catch(() => null);
  slow.destroy();
  while (!server.exited()) await sleep(50);
  log("server killed; starting it again on the same data dir…");
  server = await options.restart();
  target = { origin: server.origin, cookie: target.cookie };
  const head = await tusHead(target, location);
  expectStatus("HEAD after restart", head.status, [200], head.body);
  const resumedAt = head.offset!;
  const rest = await tusPatch(
    target,
    location,
    resumedAt,
    resumeFile.stream(resumedAt, resumeFile.size, MIB),
    resumeFile.size - resumedAt,
  );
  expectStatus("resumed PATCH", rest.status, [204], rest.body);
  const resumedPath = await storedFilePath(
    dataDir,
    server.origin,
    userId,
    second.entryId,
    rest.fileId!,
  );
  const identical = (await sha256File(resumedPath)) === resumeFile.sha256();
  await server.stop();
  return { identical, resumedAt };
}
