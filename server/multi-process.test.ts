import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEBIBYTE } from "../core/upload-rules";
import { DEMO_ACCOUNTS, readDemoCredentials } from "./demo/demo-accounts";
import { createS3Storage } from "./modules/storage/s3";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import {
  clusterUnavailable,
  servedBy,
  startCluster,
  UPLOAD_NICE,
  type Cluster,
} from "./test-support/cluster";
import { sessionCookieOf, signInOverHttp } from "./test-support/sign-in";
import { GeneratedFile, MP4_HEAD, tusCreate, tusHead, tusPatch } from "./test-support/tus-client";

// Several processes, one truth: five production processes on one PostgreSQL database and one
// S3 bucket, behind nginx running deploy/nginx.conf, started together on an empty database:
// three take pages, data and forms, two (at a lower CPU priority) take the resumable uploads.
// Whichever process a request reaches, the visitor sees the same site.

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`multi-process test skipped: ${unavailable}`);

let bundle: ProductionBundle | undefined;
let cluster: Cluster;
let db: pg.Client;

beforeAll(async () => {
  if (unavailable) return;
  bundle = await buildProductionBundle();
  cluster = await startCluster(bundle);
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
}, 600_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await cluster?.stop();
  bundle?.cleanup();
}, 60_000);

const count = async (query: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(query, params)).rows[0]?.n);

/** `fetch` through the load balancer, as a browser on the site's address sends it. */
function visit(path: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie, ...rest } = init;
  return fetch(`${cluster.baseUrl}${path}`, {
    redirect: "manual",
    ...rest,
    headers: {
      origin: cluster.baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
}

describe.skipIf(Boolean(unavailable))("five processes behind nginx on PostgreSQL and S3", () => {
  it("started together on an empty database, they migrated and loaded the demo data once", async () => {
    expect(cluster.processes).toHaveLength(5);
    expect(cluster.uploadProcesses).toHaveLength(2);
    expect(
      await count(`select count(*) as n from "user" where email like '%@vanxuan-awards.example'`),
    ).toBe(Object.keys(DEMO_ACCOUNTS).length);
    expect(await count("select count(*) - count(distinct year) as n from seasons")).toBe(0);
    expect(
      await count(
        "select count(*) - count(distinct code) as n from entries where code is not null",
      ),
    ).toBe(0);
    // One process made the demo passwords; the others made none that would replace them.
    expect(cluster.dataDirs.filter((dir) => readDemoCredentials(dir)).length).toBe(1);
    const answered = new Set<string>();
    for (let i = 0; i < 6; i += 1) answered.add(servedBy(await visit("/healthz")));
    expect([...answered].sort()).toEqual(["app-1", "app-2", "app-3"]);
  });

  it("the upload processes run at the priority deploy/uploads-priority.conf gives them", () => {
    const conf = readFileSync(
      path.join(import.meta.dirname, "..", "deploy", "uploads-priority.conf"),
      "utf8",
    );
    expect(conf).toMatch(new RegExp(`^Nice=${UPLOAD_NICE}$`, "m"));
    /** A process's nice value: field 19 of /proc/<pid>/stat, counted after the command's ")". */
    const niceOf = (pid: number) => {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    for (const server of cluster.uploadProcesses)
      expect(niceOf(server.child.pid!)).toBe(UPLOAD_NICE);
    for (const server of cluster.processes.slice(0, 3)) expect(niceOf(server.child.pid!)).toBe(0);
  });

  it("a session made on one process is valid on every process, and drafts save on any", async () => {
    const { entrant } = cluster.credentials;
    const cookie = await signInOverHttp(cluster.baseUrl, entrant.email, entrant.password);
    const dashboards = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const page = await visit("/tai-khoan", { cookie });
      expect(page.status).toBe(200);
      dashboards.add(servedBy(page));
    }
    expect(dashboards.size).toBe(3);

    const { rows } = await db.query<{ category_id: number; track_id: number }>(
      `select c.id as category_id, t.id as track_id from categories c
         join category_groups g on g.id = c.group_id join tracks t on t.id = g.track_id
         join seasons s on s.id = t.season_id
       where c.allow_individual = 1 and c.video_required = 0
       order by s.year desc, t.sort_order, g.sort_order, c.sort_order limit 1`,
    );
    const place = rows[0]!;
    let entryId: string | null = null;
    let version: number | null = null;
    const savers = new Set<string>();
    for (let i = 1; i <= 6; i += 1) {
      const response = await visit("/nop-bai-du-thi.data", {
        method: "POST",
        cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          intent: "save",
          entryId,
          version,
          values: {
            trackId: String(place.track_id),
            categoryId: String(place.category_id),
            brandName: `Trà Sen Tây Hồ ${i}`,
          },
        }),
      });
      const decoded = (await decodeViaTurboStream(response.body!, globalThis)).value as {
        data?: { ok: boolean; entryId: string; version: number; formError?: string };
      };
      const result = decoded.data ?? (decoded as { ok: boolean; entryId: string; version: number });
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
      entryId = result.entryId;
      version = result.version;
      savers.add(servedBy(response));
    }
    expect(savers.size).toBe(3);
    const saved = await db.query<{ brand_name: string; version: number }>(
      "select brand_name, version from entries where id = $1",
      [entryId],
    );
    expect(saved.rows[0]).toEqual({ brand_name: "Trà Sen Tây Hồ 6", version });
  });

  it("news published through one process is on every process's page at once", async () => {
    const { admin } = cluster.credentials;
    // Every process has the news list in its anonymous HTML cache.
    for (const server of cluster.processes) {
      await fetch(`${server.baseUrl}/tin-tuc-cuoc-thi`);
      const warm = await fetch(`${server.baseUrl}/tin-tuc-cuoc-thi`);
      expect(warm.headers.get("x-html-cache")).toMatch(/hit/i);
    }
    const cookie = await signInOverHttp(
      cluster.baseUrl,
      admin.email,
      admin.password,
      "/quan-tri/dang-nhap",
    );
    const title = "Ba tiến trình, một sự thật";
    const created = await visit("/quan-tri/noi-dung/tin-tuc/moi", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        titleVi: title,
        slugVi: "ba-tien-trinh-mot-su-that",
        intent: "publish",
      }).toString(),
    });
    expect(created.status, await created.text()).toBe(302);
    await Promise.all(
      cluster.processes.map(async (server) => {
        // The clear travels by NOTIFY: wait for the signal rather than a fixed time.
        for (let tries = 0; ; tries += 1) {
          const page = await fetch(`${server.baseUrl}/tin-tuc-cuoc-thi`);
          const html = await page.text();
          if (html.includes(title)) break;
          if (tries > 50) throw new Error(`${servedBy(page)} still serves the old news list`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
  });

  it("an email filed through one process is in the outbox every process shows", async () => {
    const { admin, entrant } = cluster.credentials;
    const requested = await visit("/quen-mat-khau", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: entrant.email }).toString(),
    });
    expect(requested.status, await requested.text()).toBe(200);
    const cookie = await signInOverHttp(
      cluster.baseUrl,
      admin.email,
      admin.password,
      "/quan-tri/dang-nhap",
    );
    // The reset email is filed just after the answer: each process's outbox is read until it
    // lists it (a bounded wait).
    for (const server of cluster.processes) {
      for (let tries = 0; ; tries += 1) {
        const outbox = await fetch(`${server.baseUrl}/quan-tri/hop-thu`, { headers: { cookie } });
        const html = await outbox.text();
        expect(outbox.status, html).toBe(200);
        if (html.includes(entrant.email)) break;
        if (tries > 100) throw new Error(`the outbox of ${servedBy(outbox)} lists no reset email`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // Filed in the shared bucket, on no process's disk.
    const keys = await createS3Storage(cluster.s3.options).list("outbox");
    expect(keys.filter((key) => key.endsWith(".eml")).length).toBeGreaterThan(0);
    for (const dataDir of cluster.dataDirs)
      expect(existsSync(path.join(dataDir, "outbox"))).toBe(false);
  });

  it("nginx's access log keeps paths without query strings or the tokens in links", async () => {
    const secret = `kept-out-${Date.now()}`;
    for (const path of [
      `/dat-lai-mat-khau?token=${secret}-1`,
      `/api/auth/verify-email?token=${secret}-2&callbackURL=%2F`,
      `/api/auth/reset-password/${secret}-3?callbackURL=%2Fdat-lai-mat-khau`,
      `/tep/${secret}-4`,
    ]) {
      await (await visit(path)).arrayBuffer();
    }
    const lines = cluster
      .nginxLog()
      .split("\n")
      .filter((line) => /dat-lai-mat-khau|verify-email|reset-password|\/tep\//.test(line));
    expect(lines.join("\n")).toContain('"GET /dat-lai-mat-khau HTTP/1.1"');
    expect(lines.join("\n")).toContain('"GET /api/auth/reset-password/[redacted] HTTP/1.1"');
    expect(lines.join("\n")).toContain('"GET /tep/[redacted] HTTP/1.1"');
    expect(cluster.nginxLog()).not.toContain(secret);
  });

  it("an upload whose requests nginx spreads over the upload processes attaches the identical file", async () => {
    const { entrant } = cluster.credentials;
    const cookie = await signInOverHttp(cluster.baseUrl, entrant.email, entrant.password);
    const saved = await visit("/nop-bai-du-thi.data", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        intent: "save",
        entryId: null,
        version: null,
        values: { brandName: "Phim Tết ba tiến trình" },
      }),
    });
    const decoded = (await decodeViaTurboStream(saved.body!, globalThis)).value as {
      data?: { entryId: string };
      entryId?: string;
    };
    const entryId = decoded.data?.entryId ?? decoded.entryId!;
    const target = { origin: cluster.baseUrl, cookie };
    const video = new GeneratedFile(12 * MEBIBYTE, MP4_HEAD, 18);
    const created = await tusCreate(target, video.size, {
      entryId,
      field: "video",
      filename: "phim-tet.mp4",
      filetype: "video/mp4",
    });
    expect(created.status, created.body).toBe(201);
    const location = created.location!;
    // A HEAD and a 4 MiB PATCH at a time, as a resuming browser sends them: six requests in turn.
    const chunk = 4 * MEBIBYTE;
    let last = created;
    for (let offset = 0; offset < video.size; offset += chunk) {
      const head = await tusHead(target, location);
      expect(head.offset).toBe(offset);
      const end = Math.min(video.size, offset + chunk);
      last = await tusPatch(target, location, offset, video.stream(offset, end), end - offset);
      expect(last.status, last.body).toBe(204);
    }
    expect(last.fileId).toBeTruthy();
    const id = location.split("/").pop()!;
    const upstreams = new Set(
      cluster
        .nginxLog()
        .split("\n")
        .filter((line) => line.includes(`/api/uploads/${id}`))
        .map((line) => /upstream=(\S+)/.exec(line)?.[1]),
    );
    // Both upload processes took part; no page process did.
    expect([...upstreams].sort()).toEqual(
      cluster.uploadProcesses.map((server) => new URL(server.baseUrl).host).sort(),
    );
    const { rows } = await db.query<{ storage_key: string }>(
      "select storage_key from entry_files where entry_id = $1 and field = 'video'",
      [entryId],
    );
    const object = await createS3Storage(cluster.s3.options).get(rows[0]!.storage_key);
    const hash = createHash("sha256");
    for await (const piece of object!.body) hash.update(piece as Buffer);
    expect(hash.digest("hex")).toBe(video.sha256());
  });

  it("counts failed sign-ins across processes: the limit holds whichever process is asked", async () => {
    const { entrant } = cluster.credentials;
    const attempt = (password: string) =>
      visit("/dang-nhap", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: entrant.email, password }).toString(),
      });
    const refusedBy = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const response = await attempt(`wrong-password-${i}`);
      expect(sessionCookieOf(response)).toBe("");
      refusedBy.add(servedBy(response));
    }
    expect(refusedBy.size).toBe(3);
    // Locked out now, even with the right password, on each process in turn.
    for (let i = 0; i < 3; i += 1) {
      const response = await attempt(entrant.password);
      expect(sessionCookieOf(response)).toBe("");
      expect(response.status).toBe(429);
    }
  });
});
