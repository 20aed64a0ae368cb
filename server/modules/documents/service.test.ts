import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS_PREFIX } from "../../../core/pdf-document-url";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import {
  DEMO_DOCUMENT_YEARS,
  DEMO_PDF_PASSWORD,
  DEMO_SAMPLE_KINDS,
  seedDemoDocuments,
} from "../../demo/demo-documents";
import { createServices } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { createStorageDriver, diskStorageRoot, type StorageDriver } from "../storage";
import {
  createDocumentsService,
  DOCUMENT_MAX_BYTES,
  documentKey,
  DocumentRejected,
  type DocumentsService,
} from "./service";

/** The stored bytes of a document, or null. */
async function storedBytes(storage: StorageDriver, name: string): Promise<Buffer | null> {
  const object = await storage.get(documentKey(name));
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const NOW = new Date("2026-09-01T03:00:00.000Z");
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

describe.each(testDatabases())("documents on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let dataDir: string;
    let documents: DocumentsService;
    let storage: StorageDriver;
    let changes = 0;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      dataDir = mkdtempSync(path.join(tmpdir(), "vx-docs-"));
      storage = createStorageDriver({ driver: "disk" }, dataDir);
      documents = createDocumentsService(db, {
        storage,
        onChange: () => changes++,
        clock: () => NOW,
      });
    });
    afterAll(async () => {
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const seasonId = async (year: number) =>
      (
        await db.kysely
          .selectFrom("seasons")
          .select("id")
          .where("year", "=", year)
          .executeTakeFirstOrThrow()
      ).id;

    it("stores a PDF under a random name, never the one it came with", async () => {
      const before = changes;
      const stored = await documents.add({
        seasonId: await seasonId(2025),
        kind: "criteria",
        lang: "vi",
        title: "Tiêu chí 2025",
        data: pdf("one"),
      });
      expect(stored.storageName).toMatch(/^[a-f0-9]{32}\.pdf$/);
      expect(stored.url).toBe(`${DOCUMENTS_PREFIX}${stored.storageName}`);
      expect(stored.bytes).toBe(pdf("one").length);
      expect(stored.createdAt).toBe(NOW.toISOString());
      expect(await documents.byUrl(stored.url)).toEqual(stored);
      expect(await documents.byUrl(`${DOCUMENTS_PREFIX}${"0".repeat(32)}.pdf`)).toBeNull();
      expect(await documents.byUrl("/elsewhere/x.pdf")).toBeNull();
      expect(await storedBytes(storage, stored.storageName)).toEqual(pdf("one"));
      // Written completely, through storage: nothing half-written is left beside it.
      const folder = path.dirname(
        path.join(diskStorageRoot(dataDir), documentKey(stored.storageName)),
      );
      expect(readdirSync(folder).some((f) => f.includes("part"))).toBe(false);
      expect(changes).toBe(before + 1);
    });

    it("refuses what is not a PDF by its content, an empty file and one over 50 MB", async () => {
      const add = (data: Uint8Array) =>
        documents.add({ seasonId: null, kind: "x", lang: "vi", title: "x", data });
      await expect(add(Buffer.from("GIF89a…"))).rejects.toEqual(new DocumentRejected("notPdf"));
      await expect(add(new Uint8Array(0))).rejects.toEqual(new DocumentRejected("empty"));
      const huge = Buffer.alloc(DOCUMENT_MAX_BYTES + 1);
      huge.write("%PDF-1.7");
      await expect(add(huge)).rejects.toEqual(new DocumentRejected("tooLarge"));
    });

    it("gives each language the newest criteria, English falling back to Vietnamese", async () => {
      const id = await seasonId(2024);
      expect(await documents.criteriaUrls(2024)).toEqual({ vi: null, en: null });
      const vi = await documents.add({
        seasonId: id,
        kind: "criteria",
        lang: "vi",
        title: "vi",
        data: pdf("vi"),
      });
      expect(await documents.criteriaUrls(2024)).toEqual({ vi: vi.url, en: vi.url });
      const en = await documents.add({
        seasonId: id,
        kind: "criteria",
        lang: "en",
        title: "en",
        data: pdf("en"),
      });
      expect(await documents.criteriaUrls(2024)).toEqual({ vi: vi.url, en: en.url });
      // Another season's or another kind's documents do not count.
      await documents.add({ seasonId: id, kind: "rules", lang: "en", title: "r", data: pdf("r") });
      expect(await documents.criteriaUrls(2024)).toEqual({ vi: vi.url, en: en.url });
      expect(await documents.criteriaUrls(2023)).toEqual({ vi: null, en: null });
    });

    it("removes a document and its file", async () => {
      const stored = await documents.add({
        seasonId: null,
        kind: "x",
        lang: "en",
        title: "gone",
        data: pdf("gone"),
      });
      expect(await documents.remove(stored.id)).toBe(true);
      expect(await documents.find(stored.id)).toBeNull();
      expect(await storedBytes(storage, stored.storageName)).toBeNull();
      expect(await documents.remove(stored.id)).toBe(false);
    });
  });

  describe.skipIf(!target.available)("demo documents", () => {
    let db: Db;
    const config = testConfig();
    const storage = createStorageDriver(config.storage, config.dataDir);

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
    });
    afterAll(async () => {
      await target.cleanup();
      rmSync(config.dataDir, { recursive: true, force: true });
    });

    it("generates every season's criteria in both languages and the two samples, once", async () => {
      expect(await seedDemoDocuments(db, config)).toBe("loaded");
      const services = createServices(db, config, { onContentChange: () => {}, clock: () => NOW });
      for (const year of DEMO_DOCUMENT_YEARS) {
        const [vi, en] = await Promise.all([
          services.documents
            .ofSeason(year, "criteria")
            .then((d) => d.filter((x) => x.lang === "vi")),
          services.documents
            .ofSeason(year, "criteria")
            .then((d) => d.filter((x) => x.lang === "en")),
        ]);
        expect(vi, `${year} vi`).toHaveLength(1);
        expect(en, `${year} en`).toHaveLength(1);
        const file = (await storedBytes(storage, vi[0]!.storageName))!;
        expect(file.subarray(0, 5).toString()).toBe("%PDF-");
        expect(file.length).toBeGreaterThan(5_000);
      }
      // Each sample once per language, titled in that language.
      for (const kind of [DEMO_SAMPLE_KINDS.protected, DEMO_SAMPLE_KINDS.corrupt]) {
        const samples = await services.documents.unattached(kind);
        expect(samples.map((d) => d.lang).sort(), kind).toEqual(["en", "vi"]);
      }
      const titles = (await services.documents.unattached(DEMO_SAMPLE_KINDS.corrupt)).map((d) => [
        d.lang,
        d.title,
      ]);
      expect(Object.fromEntries(titles)).toEqual({
        vi: "Tài liệu mẫu bị hỏng",
        en: "Corrupt sample document",
      });

      // The chrome carries the current season's criteria per language.
      const chrome = await services.site.chrome();
      const criteria = await services.documents.ofSeason(2026, "criteria");
      expect(chrome.season?.criteriaUrl).toEqual({
        vi: criteria.find((d) => d.lang === "vi")?.url,
        en: criteria.find((d) => d.lang === "en")?.url,
      });
      // …and the password-protected sample the criteria window offers, in each language.
      const samples = await services.documents.unattached(DEMO_SAMPLE_KINDS.protected);
      const sample = (lang: string) => samples.find((d) => d.lang === lang)!;
      expect(chrome.sampleDocument).toEqual({
        vi: { title: sample("vi").title, url: sample("vi").url },
        en: { title: sample("en").title, url: sample("en").url },
      });
      expect(chrome.sampleDocument.vi?.title).toBe(
        `Tài liệu mẫu có mật khẩu (mật khẩu: ${DEMO_PDF_PASSWORD})`,
      );
      expect(chrome.sampleDocument.en?.title).toBe(
        `Password-protected sample document (password: ${DEMO_PDF_PASSWORD})`,
      );

      // A second run changes nothing…
      const count = async () =>
        (await db.kysely.selectFrom("documents").select("id").execute()).length;
      const before = await count();
      expect(await seedDemoDocuments(db, config)).toBe("already present");
      expect(await count()).toBe(before);

      // …except that a file which went missing is written again under its name.
      const lost = criteria[0]!.storageName;
      await storage.delete(documentKey(lost));
      expect(await seedDemoDocuments(db, config)).toBe("loaded");
      expect(await storedBytes(storage, lost)).not.toBeNull();
      expect(await count()).toBe(before);

      // An install seeded before the samples had English rows gets them at its next start.
      await db.kysely
        .deleteFrom("documents")
        .where("kind", "in", [DEMO_SAMPLE_KINDS.protected, DEMO_SAMPLE_KINDS.corrupt])
        .where("lang", "=", "en")
        .execute();
      expect(await seedDemoDocuments(db, config)).toBe("loaded");
      expect(await count()).toBe(before);
      const english = await services.documents.unattached(DEMO_SAMPLE_KINDS.protected);
      expect(english.find((d) => d.lang === "en")?.title).toContain("Password-protected");
    }, 30_000);
  });
});
