import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import type { TestDatabase } from "../../test-support/databases";
import { writeImage } from "../../test-support/media-files";
import { insertSeason } from "../../test-support/seasons";
import { createAuditService } from "../audit/service";
import { createMediaService, type MediaService } from "../media/service";
import { withSignedLinks, type Storage } from "../storage";
import { createDiskStorage } from "../storage/disk";
import { createLibraryService, type LibraryService } from "./service";

/**
 * The library tests' world: a migrated database with two seasons (2024, 2025) of one track
 * ("TVC" and "DIG" in group "phim"), a registrant, disk storage and the media, audit and
 * library services. Entries are written straight into the tables (the entry form is not what
 * these tests are about).
 */
export const NOW = new Date("2026-02-01T03:00:00.000Z");
export const STAFF = { id: "staff-1", email: "staff@example.vn", ip: "127.0.0.1" };

export interface LibraryBed {
  db: Db;
  storage: Storage;
  media: MediaService;
  library: LibraryService;
  changes: number;
  dir: string;
  owner: string;
  /** Category ids by `<year>/<code>`. */
  categories: Map<string, number>;
}

export interface EntrySeed {
  year?: number;
  /** A category code of the year in `bed.categories` ("TVC", "DIG" or one a test adds). */
  category?: string;
  status?: string;
  title: string;
  brand?: string;
  code?: string;
  descriptionVi?: string;
  descriptionEn?: string;
  credits?: {
    companies: { name: string; role: string }[];
    people: { name: string; role: string }[];
  };
  videoLink?: string;
}

export function libraryTestbed(target: TestDatabase) {
  const bed = { changes: 0, categories: new Map() } as LibraryBed;
  let codeNumber = 0;
  beforeAll(async () => {
    bed.db = await target.open();
    await migrateToLatest(bed.db);
    bed.dir = mkdtempSync(path.join(tmpdir(), "vx-library-"));
    bed.storage = withSignedLinks(createDiskStorage(bed.dir), "x".repeat(32), () => NOW);
    bed.media = createMediaService({ storage: bed.storage, db: bed.db, clock: () => NOW });
    bed.library = createLibraryService(bed.db, {
      audit: createAuditService(bed.db, () => NOW),
      images: bed.media,
      storage: bed.storage,
      onContentChange: () => {
        bed.changes += 1;
      },
      clock: () => NOW,
    });
    const q = bed.db.kysely;
    const at = NOW.toISOString();
    bed.owner = randomUUID();
    const pg = bed.db.kind === "postgres";
    await q
      .insertInto("user")
      .values({
        id: bed.owner,
        name: "Nguyễn Thị Chủ",
        email: "chu@example.vn",
        emailVerified: pg ? true : 1,
        image: null,
        createdAt: pg ? NOW : at,
        updatedAt: pg ? NOW : at,
        role: "registrant",
        lang: "vi",
        active: pg ? true : 1,
      })
      .execute();
    for (const year of [2024, 2025]) {
      const seasonId = await insertSeason(q, year, {
        name_vi: `Giải thưởng ${year}`,
        name_en: `Awards ${year}`,
        created_at: at,
        updated_at: at,
      });
      const track = await q
        .insertInto("tracks")
        .values({
          season_id: seasonId,
          slug: "chuyen-nghiep",
          code: "VX",
          name_vi: "Chuyên nghiệp",
          name_en: "Professional",
          tagline_vi: "",
          tagline_en: "",
          sort_order: 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const group = await q
        .insertInto("category_groups")
        .values({
          track_id: track.id,
          slug: "phim",
          name_vi: "Phim",
          name_en: "Film",
          sort_order: 1,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [i, code, vi, en] of [
        [1, "TVC", "Phim quảng cáo", "TV commercial"],
        [2, "DIG", "Quảng cáo số", "Digital"],
      ] as const) {
        const category = await q
          .insertInto("categories")
          .values({
            group_id: group.id,
            slug: code.toLowerCase(),
            code,
            name_vi: vi,
            name_en: en,
            description_vi: "",
            description_en: "",
            fee_vnd: 1_000_000,
            video_required: 0,
            allow_individual: 1,
            allow_enterprise: 1,
            sort_order: i,
            early_bird_fee_vnd: null,
            late_fee_vnd: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        bed.categories.set(`${year}/${code}`, Number(category.id));
      }
    }
  });
  afterAll(async () => {
    await target.cleanup();
    rmSync(bed.dir, { recursive: true, force: true });
  });

  /** An entry with the given texts, accepted unless told otherwise; its id. */
  async function entry(seed: EntrySeed): Promise<string> {
    const year = seed.year ?? 2025;
    const category = seed.category ?? "TVC";
    const id = randomUUID();
    const at = NOW.toISOString();
    codeNumber += 1;
    const season = await bed.db.kysely
      .selectFrom("seasons")
      .select("id")
      .where("year", "=", year)
      .executeTakeFirstOrThrow();
    const track = await bed.db.kysely
      .selectFrom("tracks")
      .select("id")
      .where("season_id", "=", season.id)
      .executeTakeFirstOrThrow();
    await bed.db.kysely
      .insertInto("entries")
      .values({
        id,
        owner_user_id: bed.owner,
        season_id: season.id,
        track_id: track.id,
        category_id: bed.categories.get(`${year}/${category}`)!,
        code: seed.code ?? `VX${year % 100}-${category}-${String(codeNumber).padStart(3, "0")}`,
        status: seed.status ?? "accepted",
        brand_name: seed.brand ?? "Thương hiệu",
        campaign_name: seed.title,
        description_vi: seed.descriptionVi ?? "",
        description_en: seed.descriptionEn ?? "",
        start_month: 1,
        start_year: year,
        end_month: 3,
        end_year: year,
        video_link: seed.videoLink ?? "",
        credits: JSON.stringify(seed.credits ?? { companies: [], people: [] }),
        version: 1,
        created_at: at,
        updated_at: at,
        submitted_at: at,
        withdrawn_at: null,
      })
      .execute();
    return id;
  }

  /** A stored file of an entry (an image goes through the media service, private). */
  async function attach(
    entryId: string,
    field: string,
    body: Buffer | null,
    mime: string,
    sortOrder = 0,
  ): Promise<{ fileId: string; key: string; mediaId: number | null }> {
    const fileId = randomUUID();
    let key = `entries/${randomUUID()}.bin`;
    let variants = "null";
    let mediaId: number | null = null;
    let bytes = body?.length ?? 0;
    if (field === "images") {
      const source = await writeImage(bed.dir, `${fileId}.jpg`, {
        width: 640,
        height: 360,
        format: "jpeg",
      });
      const image = await bed.media.storeImage(source, { purpose: "entry" });
      mediaId = image.id;
      variants = JSON.stringify({ mediaId });
      key = `entries/${fileId}.jpg`;
      bytes = 1000;
    } else {
      await bed.storage.put(key, body!, { contentType: mime });
    }
    await bed.db.kysely
      .insertInto("entry_files")
      .values({
        id: fileId,
        entry_id: entryId,
        field,
        storage_key: key,
        original_name: `bi-mat-${field}.bin`,
        mime,
        bytes,
        width: null,
        height: null,
        duration_seconds: null,
        variants,
        sort_order: sortOrder,
        created_at: NOW.toISOString(),
      })
      .execute();
    return { fileId, key, mediaId };
  }

  return { bed, entry, attach };
}
