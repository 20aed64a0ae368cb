import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@tus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Emulator, type S3Emulator } from "../../test-support/s3-emulator";
import { isTransientStoreFailure } from "./part-retry";
import { s3Partials, UPLOAD_PART_BYTES } from "./partials-s3";
import { sha256, streamToBuffer } from "./testbed";

/**
 * A store that drops a request now and then (a kept-alive connection closed just as it was
 * reused, a restart) must not fail an entrant's upload: partial uploads in S3, through a TCP
 * proxy in front of the emulator that closes the connection of chosen requests unanswered.
 */

interface DropProxy {
  endpoint: string;
  /** The request lines ("PUT /bucket/key?…") of every request dropped so far. */
  dropped: string[];
  /** Drops the next `times` requests whose method and target ("PUT /bucket/key?…") match. */
  drop(pattern: RegExp, times: number): void;
  close(): Promise<void>;
}

async function dropProxy(target: string): Promise<DropProxy> {
  const { hostname, port } = new URL(target);
  const rules: { pattern: RegExp; left: number }[] = [];
  const dropped: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.on("data", (chunk: Buffer) => {
      // A kept-alive connection carries one request after another: each begins a chunk.
      const line = /^(GET|HEAD|PUT|POST|DELETE) (\S+) HTTP\/1\.1\r\n/.exec(
        chunk.toString("latin1", 0, 512),
      );
      const rule = line && rules.find((r) => r.left > 0 && r.pattern.test(`${line[1]} ${line[2]}`));
      if (line && rule) {
        rule.left -= 1;
        dropped.push(`${line[1]} ${line[2]}`);
        close();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropped,
    drop: (pattern, times) => rules.push({ pattern, left: times }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("partial uploads in S3 when the store drops a request", () => {
  let s3: S3Emulator;
  let proxy: DropProxy;
  let tempDir: string;
  const warnings: { obj: object; msg: string }[] = [];
  const log = {
    info() {},
    warn: (obj: object, msg: string) => warnings.push({ obj, msg }),
    error() {},
  };

  beforeAll(async () => {
    s3 = await startS3Emulator();
    proxy = await dropProxy(s3.endpoint);
    tempDir = mkdtempSync(path.join(tmpdir(), "vx-part-retry-"));
  });

  afterAll(async () => {
    await proxy?.close();
    await s3?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  const partials = () => s3Partials({ ...s3.options, endpoint: proxy.endpoint }, tempDir, log);

  const begin = async (size: number) => {
    const id = randomBytes(16).toString("hex");
    await partials().datastore.create(new Upload({ id, size, offset: 0, metadata: {} }));
    return id;
  };

  const storedBytes = async (key: string) => {
    const client = new S3Client({
      region: s3.options.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: s3.options.bucket, Key: key }),
      );
      return await streamToBuffer(object.Body as NodeJS.ReadableStream);
    } finally {
      client.destroy();
    }
  };

  it("sends a dropped part and a dropped tail again, and the finished file is identical", async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 3 * 1024 * 1024);
    const firstRequest = UPLOAD_PART_BYTES + 1024 * 1024;
    const id = await begin(bytes.length);
    const uploadPart = (n: number) => new RegExp(`^PUT /.*/${id}\\?.*partNumber=${n}&`);
    proxy.drop(uploadPart(1), 1);
    proxy.drop(new RegExp(`^PUT /.*/${id}\\.part(\\?|$)`), 1);
    warnings.length = 0;

    // First request: part 1 (a whole part) and a 1 MiB tail, each dropped once on the way.
    const first = await partials().datastore.write(
      Readable.from([bytes.subarray(0, firstRequest)]),
      id,
      0,
    );
    expect(first).toBe(firstRequest);
    // Second request: the tail and the rest become the last part, dropped once too.
    proxy.drop(uploadPart(2), 1);
    const second = await partials().datastore.write(
      Readable.from([bytes.subarray(firstRequest)]),
      id,
      firstRequest,
    );
    expect(second).toBe(bytes.length);

    expect(proxy.dropped.filter((line) => line.includes(id))).toEqual([
      expect.stringMatching(/^PUT .*partNumber=1&/),
      expect.stringMatching(/^PUT .*\.part/),
      expect.stringMatching(/^PUT .*partNumber=2&/),
    ]);
    expect(warnings.map((w) => [w.msg, (w.obj as { part: unknown }).part])).toEqual([
      ["the store dropped a part upload; sending it again", 1],
      ["the store dropped a part upload; sending it again", "tail"],
      ["the store dropped a part upload; sending it again", 2],
    ]);
    expect(sha256(await storedBytes(id))).toBe(sha256(bytes));
  });

  it("gives up after three tries, and the upload goes on from what the store has", async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 1024);
    const id = await begin(bytes.length);
    proxy.drop(new RegExp(`^PUT /.*/${id}\\?.*partNumber=1&`), 3);
    warnings.length = 0;

    await expect(
      partials().datastore.write(Readable.from([bytes.subarray(0, UPLOAD_PART_BYTES)]), id, 0),
    ).rejects.toSatisfy(isTransientStoreFailure);
    expect(proxy.dropped.filter((line) => line.includes(id))).toHaveLength(3);
    expect(warnings).toHaveLength(2);

    // The entrant's client asks where the upload stands and sends the rest again.
    expect((await partials().datastore.getUpload(id)).offset).toBe(0);
    expect(await partials().datastore.write(Readable.from([bytes]), id, 0)).toBe(bytes.length);
    expect(sha256(await storedBytes(id))).toBe(sha256(bytes));
  });

  it("tries again after a dropped connection or a 5xx, never after a refusal", () => {
    const exception = (status: number, name: string) =>
      new S3ServiceException({
        name,
        $fault: status >= 500 ? "server" : "client",
        $metadata: { httpStatusCode: status },
      });
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(isTransientStoreFailure(reset)).toBe(true);
    expect(isTransientStoreFailure(exception(503, "SlowDown"))).toBe(true);
    expect(isTransientStoreFailure(exception(500, "InternalError"))).toBe(true);
    expect(isTransientStoreFailure(exception(404, "NoSuchUpload"))).toBe(false);
    expect(isTransientStoreFailure(exception(403, "AccessDenied"))).toBe(false);
    expect(isTransientStoreFailure(new Error("ENOSPC: no space left on device"))).toBe(false);
  });
});
