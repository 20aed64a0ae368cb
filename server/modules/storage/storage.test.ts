import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { finished } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { startS3Emulator, type S3Emulator } from "../../test-support/s3-emulator";
import { createDiskStorage } from "./disk";
import { createStorage } from "./index";
import { createS3Storage } from "./s3";
import { RangeNotSatisfiable, type StorageDriver } from "./types";

const collect = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const sha256 = async (body: Readable): Promise<string> => {
  const hash = createHash("sha256");
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest("hex");
};

/** Writes `mebibytes` of pseudo-random data in 1 MiB chunks; returns the file's sha256. */
async function generateFile(file: string, mebibytes: number): Promise<string> {
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  const block = randomBytes(1024 * 1024);
  for (let i = 0; i < mebibytes; i++) {
    block.writeUInt32BE(i, 0); // every chunk different, so a misplaced chunk changes the hash
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  out.end();
  await finished(out);
  return hash.digest("hex");
}

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/**
 * Runs `work` while sampling live memory (heap + buffers, after a collection) every 250 ms;
 * returns the highest rise above the start. A driver holding a 50 MB file shows ≥ 50 MB.
 */
async function peakMemoryRise(work: () => Promise<unknown>): Promise<number> {
  const used = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const start = used();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, used());
  }, 250);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, used());
  return peak - start;
}

let work: string;
let emulator: S3Emulator;
let diskRoot: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "vx-storage-test-"));
  diskRoot = path.join(work, "files");
  emulator = await startS3Emulator();
}, 30_000);

afterAll(async () => {
  await emulator?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

const drivers: { name: string; make: () => StorageDriver }[] = [
  { name: "disk", make: () => createDiskStorage(diskRoot) },
  { name: "s3", make: () => createS3Storage(emulator.options) },
];

describe.each(drivers)("storage driver $name", ({ make }) => {
  let storage: StorageDriver;
  beforeAll(() => {
    storage = make();
  });

  it("stores a buffer and reads it back with its type and size", async () => {
    const body = Buffer.from("xin chào, Vạn Xuân");
    const stat = await storage.put("test/hello.txt", body, { contentType: "text/plain" });
    expect(stat.size).toBe(body.length);
    const object = await storage.get("test/hello.txt");
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe("text/plain");
    expect(object!.size).toBe(body.length);
    expect(object!.range).toBeNull();
    expect((await collect(object!.body)).equals(body)).toBe(true);
  });

  it("stores a stream, with or without a declared size, and replaces an existing object", async () => {
    const first = randomBytes(200_000);
    await storage.put(
      "test/stream.bin",
      Readable.from([first.subarray(0, 1000), first.subarray(1000)]),
      {
        contentType: "application/octet-stream",
        size: first.length,
      },
    );
    expect((await collect((await storage.get("test/stream.bin"))!.body)).equals(first)).toBe(true);
    const second = randomBytes(70_000);
    await storage.put("test/stream.bin", Readable.from([second]), { contentType: "image/png" });
    const object = await storage.get("test/stream.bin");
    expect(object!.contentType).toBe("image/png");
    expect((await collect(object!.body)).equals(second)).toBe(true);
  });

  it("lists the keys of one folder, not of its sub-folders, and none of an empty folder", async () => {
    expect(await storage.list("listed")).toEqual([]);
    for (const key of ["listed/a.json", "listed/b-2.eml", "listed/deeper/c.txt", "listedx/d.txt"]) {
      await storage.put(key, Buffer.from(key), { contentType: "text/plain" });
    }
    expect((await storage.list("listed")).sort()).toEqual(["listed/a.json", "listed/b-2.eml"]);
    expect(await storage.list("listed/deeper")).toEqual(["listed/deeper/c.txt"]);
    await storage.delete("listed/a.json");
    expect(await storage.list("listed")).toEqual(["listed/b-2.eml"]);
    await expect(storage.list("../etc")).rejects.toThrow(/unsafe/);
    await expect(storage.list("listed/")).rejects.toThrow(/unsafe/);
  });

  it("refuses a body whose length differs from the declared size and stores nothing", async () => {
    await expect(
      storage.put("test/short.bin", Readable.from([Buffer.alloc(10)]), {
        contentType: "application/octet-stream",
        size: 20,
      }),
    ).rejects.toThrow();
    expect(await storage.stat("test/short.bin")).toBeNull();
  });

  it("reads byte ranges and refuses ranges past the end", async () => {
    const body = randomBytes(300_000);
    await storage.put("test/range.bin", body, { contentType: "video/mp4" });
    const middle = await storage.get("test/range.bin", { start: 65_536, end: 131_071 });
    expect(middle!.range).toEqual({ start: 65_536, end: 131_071 });
    expect(middle!.size).toBe(body.length);
    expect((await collect(middle!.body)).equals(body.subarray(65_536, 131_072))).toBe(true);
    // An end past the object is cut at its last byte.
    const tail = await storage.get("test/range.bin", {
      start: body.length - 10,
      end: body.length + 50,
    });
    expect(tail!.range).toEqual({ start: body.length - 10, end: body.length - 1 });
    expect((await collect(tail!.body)).equals(body.subarray(body.length - 10))).toBe(true);
    await expect(
      storage.get("test/range.bin", { start: body.length, end: body.length + 5 }),
    ).rejects.toBeInstanceOf(RangeNotSatisfiable);
  });

  it("answers null for a missing key and deletes idempotently", async () => {
    expect(await storage.get("test/missing.bin")).toBeNull();
    expect(await storage.get("test/missing.bin", { start: 0, end: 10 })).toBeNull();
    expect(await storage.stat("test/missing.bin")).toBeNull();
    await storage.put("test/doomed.txt", Buffer.from("bye"), { contentType: "text/plain" });
    expect((await storage.stat("test/doomed.txt"))?.size).toBe(3);
    await storage.delete("test/doomed.txt");
    expect(await storage.stat("test/doomed.txt")).toBeNull();
    await storage.delete("test/doomed.txt");
  });

  it("refuses keys that could leave its folder or carry odd characters", async () => {
    for (const key of [
      "../escape.txt",
      "/abs.txt",
      "a/../../b.txt",
      "a//b",
      "a b.txt",
      "x\\y",
      "a/./b",
      "",
      "é.txt",
    ]) {
      await expect(
        storage.put(key, Buffer.from("x"), { contentType: "text/plain" }),
      ).rejects.toThrow(/unsafe/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe/);
    }
  });

  it("streams a 50 MB file in and out with constant memory", { timeout: 120_000 }, async () => {
    const file = path.join(work, `big-${Math.random().toString(36).slice(2)}.bin`);
    const digest = await generateFile(file, 50);
    const rise = await peakMemoryRise(() =>
      storage.putFile("test/big.bin", file, { contentType: "video/mp4" }),
    );
    // The file is 50 MB: a driver that held it would rise by at least that much. Measured
    // rises are 1–20 MB (stream buffers, the in-process emulator, collector timing).
    expect(rise).toBeLessThan(40 * 1024 * 1024);
    const stat = await storage.stat("test/big.bin");
    expect(stat).toMatchObject({ size: 50 * 1024 * 1024, contentType: "video/mp4" });
    let readDigest = "";
    const readRise = await peakMemoryRise(async () => {
      readDigest = await sha256((await storage.get("test/big.bin"))!.body);
    });
    expect(readDigest).toBe(digest);
    expect(readRise).toBeLessThan(40 * 1024 * 1024);
    const lastMiB = await storage.get("test/big.bin", {
      start: 49 * 1024 * 1024,
      end: 50 * 1024 * 1024 - 1,
    });
    expect((await collect(lastMiB!.body)).readUInt32BE(0)).toBe(49);
    await storage.delete("test/big.bin");
    rmSync(file);
  });
});

describe("disk driver layout", () => {
  it("keeps objects under its root only, with no temp files left behind", async () => {
    const storage = createDiskStorage(diskRoot);
    await storage.put("layout/ab/cdef.jpg", Buffer.from("x"), { contentType: "image/jpeg" });
    expect(existsSync(path.join(diskRoot, "layout", "ab", "cdef.jpg"))).toBe(true);
    const names = readdirSync(path.join(diskRoot, "layout", "ab"));
    expect(names.sort()).toEqual(["cdef.jpg", "cdef.jpg~meta"]);
  });
});

describe("storage configuration", () => {
  it("uses the disk by default and an S3 bucket when told, refusing s3 without a bucket", () => {
    expect(loadConfig({ DATA_DIR: work }).storage).toEqual({ driver: "disk" });
    expect(
      loadConfig({
        DATA_DIR: work,
        STORAGE_DRIVER: "s3",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_BUCKET: "awards",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "false",
      }).storage,
    ).toEqual({
      driver: "s3",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "awards",
      accessKeyId: "id",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(() => loadConfig({ DATA_DIR: work, STORAGE_DRIVER: "s3" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: work, STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
  });

  it("createStorage loads the S3 driver on its first use and works through it", async () => {
    const storage = createStorage(
      { driver: "s3", ...emulator.options },
      { dataDir: work, secret: "s".repeat(32) },
    );
    expect(storage.driver).toBe("s3");
    const body = Buffer.from("chào từ S3");
    await storage.put("lazy/ab/hello.txt", body, { contentType: "text/plain" });
    expect((await storage.stat("lazy/ab/hello.txt"))?.size).toBe(body.length);
    const object = await storage.get("lazy/ab/hello.txt", { start: 0, end: 3 });
    expect((await collect(object!.body)).equals(body.subarray(0, 4))).toBe(true);
    await storage.delete("lazy/ab/hello.txt");
    expect(await storage.stat("lazy/ab/hello.txt")).toBeNull();
  });
});
