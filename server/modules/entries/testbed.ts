import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { EntryFileField } from "../../../core/entry-limits";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { closeAndSettle, type TestDatabase } from "../../test-support/databases";
import type { RegistrantProfile } from "../identity/types";
import { createDiskStorage } from "../storage/disk";
import type { StorageDriver } from "../storage";
import { createEntriesService, type AttachFileInput, type EntriesService } from "./service";

/**
 * The world the entries tests run in: a fresh database with the demo season 2026, four
 * accounts (two enterprises, one of them English-speaking, an individual and a staff member),
 * a clock the test moves, and helpers for drafts and files. One per test file.
 */

/** Inside the demo 2026 window (opens 01/08/2026, early bird until 15/09/2026 in Vietnam). */
export const NOW = new Date("2026-09-01T03:00:00.000Z");
export const STANDARD_TIME = new Date("2026-10-01T03:00:00.000Z");
/** The demo 2026 season closes at the end of 31/12/2026 in Vietnam. */
export const CLOSES = "2026-12-31T16:59:59.000Z";
export const AFTER_CLOSE = new Date("2027-01-01T00:00:00.000Z");

export const enterprise = (name: string): RegistrantProfile => ({
  type: "enterprise",
  fullName: name,
  phone: "+84901234567",
  address: "12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội",
  personalId: null,
  companyName: "Công ty TNHH Sáng Tạo Việt",
  businessRegistrationNumber: "0101234567",
  taxCode: "0101234567",
  licenceFileId: null,
});
export const individual = (name: string): RegistrantProfile => ({
  type: "individual",
  fullName: name,
  phone: "+84912345678",
  address: "5 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
  personalId: null,
  companyName: null,
  businessRegistrationNumber: null,
  taxCode: null,
  licenceFileId: null,
});

export const COMPLETE_TEXT = {
  brandName: "  Trà  Xanh Không Độ ",
  campaignName: "Tết sum vầy",
  descriptionVi: "Chiến dịch kể câu chuyện đoàn viên ngày Tết.",
  descriptionEn: "A campaign about families reuniting for Tết.",
  startMonth: "1",
  startYear: 2026,
  endMonth: 3,
  endYear: "2026",
  credits: {
    companies: [{ name: "Sáng Tạo Việt", role: "Agency" }],
    people: [{ name: "Nguyễn Văn An", role: "Creative Director" }],
  },
};

export function file(overrides: Partial<AttachFileInput> = {}): AttachFileInput {
  return {
    key: `entries/${randomBytes(16).toString("hex")}.bin`,
    name: "anh-chien-dich.jpg",
    mime: "image/jpeg",
    bytes: 100_000,
    width: 1600,
    height: 900,
    ...overrides,
  };
}

export const PDF = { name: "cam-ket.pdf", mime: "application/pdf", bytes: 50_000 };

/**
 * The files that complete an entry of the TVC category (pictures, the film, the documents),
 * each with a storage key of its own.
 */
export function completeFiles() {
  return [
    ["images", file()],
    ["video", file({ name: "phim.mp4", mime: "video/mp4", bytes: 200_000_000 })],
    ["ideaArticleVi", file(PDF)],
    ["legalCommitment", file(PDF)],
    ["copyrightCommitment", file(PDF)],
  ] as const;
}

export interface EntriesTestbed {
  readonly config: ReturnType<typeof testConfig>;
  db: Db;
  services: Services;
  entries: EntriesService;
  /** The services' clock: set it to move time. */
  now: Date;
  /** Enterprise. */
  alice: string;
  /** Enterprise, English. */
  bob: string;
  /** Individual. */
  chi: string;
  staff: string;
  /** The demo 2026 category with the code, and its track. */
  cat(code: string): { id: string; trackId: string };
  draft(
    userId?: string,
    input?: Parameters<EntriesService["createDraft"]>[1],
  ): Promise<Extract<Awaited<ReturnType<EntriesService["createDraft"]>>, { ok: true }>["entry"]>;
  attach(
    entryId: string,
    field: EntryFileField,
    input?: AttachFileInput,
    userId?: string,
  ): ReturnType<EntriesService["attachFile"]>;
  /** A draft with every field and file a TVC campaign needs (`files` replaces some of them). */
  completeDraft(
    userId?: string,
    files?: Partial<Record<EntryFileField, AttachFileInput>>,
  ): Promise<Extract<Awaited<ReturnType<EntriesService["createDraft"]>>, { ok: true }>["entry"]>;
}

/** Registers the hooks that open, seed and close the database; call inside a describe. */
export function entriesTestbed(target: TestDatabase): EntriesTestbed {
  let categories = new Map<string, { id: string; trackId: string }>();
  const t = {
    config: testConfig(),
    now: NOW,
    cat: (code: string) => categories.get(code)!,
    async draft(userId = t.alice, input: Parameters<EntriesService["createDraft"]>[1] = {}) {
      const result = await t.entries.createDraft(userId, input);
      if (!result.ok) throw new Error(`createDraft refused: ${JSON.stringify(result)}`);
      return result.entry;
    },
    attach(entryId: string, field: EntryFileField, input = file(), userId = t.alice) {
      return t.entries.attachFile(userId, entryId, field, input);
    },
    async completeDraft(userId = t.alice, files = {}) {
      const tvc = t.cat("TVC");
      const entry = await t.draft(userId, {
        ...COMPLETE_TEXT,
        trackId: tvc.trackId,
        categoryId: tvc.id,
      });
      for (const [field, facts] of completeFiles()) {
        const result = await t.attach(entry.id, field, files[field] ?? facts, userId);
        expect(result.ok, `${field}: ${JSON.stringify(result)}`).toBe(true);
      }
      return entry;
    },
  } as EntriesTestbed;

  /** Ends the mail run the last test's services started, if one is going. */
  const endMailRun = async () => {
    t.services?.mail.close();
    await t.services?.mail.idle();
  };
  const servicesNow = () =>
    createServices(t.db, t.config, { onContentChange: () => {}, clock: () => t.now });

  beforeAll(async () => {
    t.db = await target.open();
    await migrateToLatest(t.db);
    await seedDemoData(t.db, NOW);
    t.now = NOW;
    t.services = servicesNow();
    const { identity } = t.services;
    const password = "mat-khau-rat-dai-2026";
    t.alice = await identity.createEntrant({
      email: "alice@example.vn",
      password,
      profile: enterprise("Trần Thị Ánh"),
    });
    t.bob = await identity.createEntrant({
      email: "bob@example.com",
      password,
      profile: enterprise("Bob Stone"),
    });
    await t.db.kysely.updateTable("user").set({ lang: "en" }).where("id", "=", t.bob).execute();
    t.chi = await identity.createEntrant({
      email: "chi@example.vn",
      password,
      profile: individual("Lê Minh Chi"),
    });
    t.staff = await identity.createStaff({
      email: "staff@example.vn",
      name: "Staff",
      password,
      role: "admin",
    });
    const rows = await t.db.kysely
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .select(["c.id", "c.code", "t.id as track_id"])
      .where("s.year", "=", 2026)
      .execute();
    categories = new Map(
      rows.map((r) => [r.code, { id: String(r.id), trackId: String(r.track_id) }]),
    );
  }, 60_000);
  beforeEach(async () => {
    t.now = NOW;
    // Two mail runs in one process could send a message twice.
    await endMailRun();
    t.services = servicesNow();
    t.entries = t.services.entries;
  });
  afterAll(async () => {
    // Before the database and the outbox go.
    await endMailRun();
    await closeAndSettle(t.db);
    await target.cleanup();
    rmSync(t.config.dataDir, { recursive: true, force: true });
  });
  return t;
}

/**
 * Runs `use` with the testbed's entries service on a disk store of its own (a temporary
 * folder, removed afterwards), for tests that check what becomes of stored objects.
 */
export async function withDiskStorage(
  t: EntriesTestbed,
  use: (entries: EntriesService, storage: StorageDriver) => Promise<void>,
): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), "vx-entries-storage-"));
  try {
    const storage = createDiskStorage(root);
    const entries = createEntriesService(t.db, {
      seasons: t.services.seasons,
      mail: t.services.mail,
      storage,
      clock: () => t.now,
    });
    await use(entries, storage);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
