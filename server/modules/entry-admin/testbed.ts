import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database";
import { insertSeason } from "../../test-support/seasons";

/**
 * A small world of entries for the entries-table tests, written straight into a migrated
 * database: seasons 2030 (one entry), 2031 (the table under test) and 2032 (25 entries for
 * paging), three registrants, every payment state and a spread of completeness. Its own
 * seasons keep it apart from whatever demo data a database holds.
 */

export const SEASON = 2031;
export const OLD_SEASON = 2030;
export const PAGING_SEASON = 2032;

const AT = "2031-09-01T03:00:00.000Z";
const FILE_FIELDS = [
  "images",
  "video",
  "ideaArticleVi",
  "legalCommitment",
  "copyrightCommitment",
] as const;

export interface EntryAdminWorld {
  ids: Record<"e1" | "e2" | "e3" | "e4" | "e5" | "e6" | "old", string>;
  tracks: Record<"creative" | "green", number>;
  groups: Record<"screen" | "community", number>;
  categories: Record<"tvc" | "print" | "community", number>;
  users: Record<"dawn" | "hoa" | "sunrise", string>;
}

async function season(db: Db, year: number) {
  return insertSeason(db.kysely, year, { created_at: AT, updated_at: AT });
}

async function catalogue(
  db: Db,
  seasonId: number,
  track: { slug: string; code: string; vi: string; en: string; order: number },
  group: { slug: string; vi: string; en: string },
  category: { slug: string; code: string; vi: string; en: string; video: boolean },
) {
  const t = await db.kysely
    .insertInto("tracks")
    .values({
      season_id: seasonId,
      slug: track.slug,
      code: track.code,
      name_vi: track.vi,
      name_en: track.en,
      tagline_vi: "",
      tagline_en: "",
      sort_order: track.order,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const g = await db.kysely
    .insertInto("category_groups")
    .values({
      track_id: t.id,
      slug: group.slug,
      name_vi: group.vi,
      name_en: group.en,
      sort_order: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const c = await db.kysely
    .insertInto("categories")
    .values({
      group_id: g.id,
      slug: category.slug,
      code: category.code,
      name_vi: category.vi,
      name_en: category.en,
      description_vi: "",
      description_en: "",
      fee_vnd: 2_000_000,
      video_required: category.video ? 1 : 0,
      allow_individual: 1,
      allow_enterprise: 1,
      sort_order: 1,
      early_bird_fee_vnd: null,
      late_fee_vnd: null,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return { track: Number(t.id), group: Number(g.id), category: Number(c.id) };
}

async function registrant(
  db: Db,
  email: string,
  profile: {
    type: "individual" | "enterprise";
    fullName: string;
    companyName?: string;
    taxCode?: string;
  },
) {
  const id = randomUUID();
  const yes = db.kind === "sqlite" ? 1 : true;
  await db.kysely
    .insertInto("user")
    .values({
      id,
      name: profile.fullName,
      email,
      emailVerified: yes,
      image: null,
      createdAt: AT,
      updatedAt: AT,
      role: "entrant",
      lang: "vi",
      active: yes,
    })
    .execute();
  await db.kysely
    .insertInto("registrants")
    .values({
      user_id: id,
      type: profile.type,
      full_name: profile.fullName,
      phone: "+84901234567",
      address: "12 Lý Thường Kiệt, Hà Nội",
      personal_id: null,
      company_name: profile.companyName ?? null,
      business_registration_number: profile.taxCode ?? null,
      tax_code: profile.taxCode ?? null,
      licence_file_id: null,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  return id;
}

interface EntrySeed {
  owner: string;
  seasonId: number;
  trackId?: number | null;
  categoryId?: number | null;
  code?: string | null;
  status: string;
  title?: string;
  brand?: string;
  text?: boolean;
  files?: readonly string[];
  paid?: boolean;
  submittedAt?: string | null;
  updatedAt?: string;
}

export async function insertEntry(db: Db, seed: EntrySeed): Promise<string> {
  const id = randomUUID();
  const text = seed.text ?? true;
  await db.kysely
    .insertInto("entries")
    .values({
      id,
      owner_user_id: seed.owner,
      season_id: seed.seasonId,
      track_id: seed.trackId ?? null,
      category_id: seed.categoryId ?? null,
      code: seed.code ?? null,
      status: seed.status,
      brand_name: seed.brand ?? "",
      campaign_name: seed.title ?? "",
      description_vi: text ? "Mô tả chiến dịch bằng tiếng Việt." : "",
      description_en: text ? "The campaign in English." : "",
      start_month: text ? 1 : null,
      start_year: text ? 2031 : null,
      end_month: null,
      end_year: null,
      video_link: "",
      credits: '{"companies":[],"people":[]}',
      version: 1,
      created_at: AT,
      updated_at: seed.updatedAt ?? AT,
      submitted_at: seed.submittedAt ?? null,
      withdrawn_at: null,
      changes_due_at: null,
    })
    .execute();
  for (const [i, field] of (seed.files ?? []).entries()) {
    await db.kysely
      .insertInto("entry_files")
      .values({
        id: randomUUID(),
        entry_id: id,
        field,
        storage_key: `entries/${id}-${field}`,
        original_name: `${field}.bin`,
        mime:
          field === "images" ? "image/jpeg" : field === "video" ? "video/mp4" : "application/pdf",
        bytes: 1000,
        width: null,
        height: null,
        duration_seconds: null,
        variants: "null",
        sort_order: i,
        created_at: AT,
      } as never)
      .execute();
  }
  if (seed.paid) {
    await db.kysely
      .insertInto("entry_status_history")
      .values({
        entry_id: id,
        from_status: "submitted",
        to_status: "paid",
        actor_user_id: null,
        actor_role: "system",
        changes_due_at: null,
        created_at: AT,
      })
      .execute();
  }
  return id;
}

const day = (d: number) => `2031-09-${String(d).padStart(2, "0")}T03:00:00.000Z`;

export async function seedEntryAdminWorld(db: Db): Promise<EntryAdminWorld> {
  const s2031 = await season(db, SEASON);
  const s2030 = await season(db, OLD_SEASON);
  const s2032 = await season(db, PAGING_SEASON);
  const creative = await catalogue(
    db,
    s2031,
    { slug: "sang-tao", code: "ST", vi: "Sáng tạo", en: "Creative", order: 1 },
    { slug: "man-anh", vi: "Màn ảnh", en: "Screen" },
    { slug: "tvc", code: "TVC", vi: "Phim quảng cáo", en: "TV commercial", video: true },
  );
  const print = await db.kysely
    .insertInto("categories")
    .values({
      group_id: creative.group,
      slug: "bao-in",
      code: "IN",
      name_vi: "Báo in",
      name_en: "Print",
      description_vi: "",
      description_en: "",
      fee_vnd: 1_000_000,
      video_required: 0,
      allow_individual: 1,
      allow_enterprise: 1,
      sort_order: 2,
      early_bird_fee_vnd: null,
      late_fee_vnd: null,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const green = await catalogue(
    db,
    s2031,
    { slug: "ben-vung", code: "BV", vi: "Bền vững", en: "Sustainability", order: 2 },
    { slug: "cong-dong", vi: "Cộng đồng", en: "Community" },
    { slug: "vi-cong-dong", code: "CD", vi: "Vì cộng đồng", en: "For the community", video: false },
  );
  const old = await catalogue(
    db,
    s2030,
    { slug: "sang-tao", code: "ST", vi: "Sáng tạo 2030", en: "Creative 2030", order: 1 },
    { slug: "man-anh", vi: "Màn ảnh", en: "Screen" },
    { slug: "tvc", code: "TVC", vi: "Phim quảng cáo", en: "TV commercial", video: true },
  );
  const dawn = await registrant(db, "anh.duong@example.vn", {
    type: "enterprise",
    fullName: "Trần Văn Bình",
    companyName: "Công ty Quảng Cáo Ánh Dương",
    taxCode: "0312345678",
  });
  const hoa = await registrant(db, "hoa@example.vn", {
    type: "individual",
    fullName: "Lê Thị Hoa",
  });
  const sunrise = await registrant(db, "sunrise@example.com", {
    type: "enterprise",
    fullName: "Mai Anh",
    companyName: "Sunrise Media",
    taxCode: "0109999999",
  });
  const tvc = { seasonId: s2031, trackId: creative.track, categoryId: creative.category };
  const ids = {
    e1: await insertEntry(db, {
      ...tvc,
      owner: dawn,
      code: "VX31-TVC-0001",
      status: "submitted",
      title: "Tết sum vầy",
      brand: "Trà Xanh",
      files: FILE_FIELDS,
      submittedAt: day(2),
      updatedAt: day(2),
    }),
    e2: await insertEntry(db, {
      ...tvc,
      owner: hoa,
      code: "VX31-TVC-0002",
      status: "paid",
      paid: true,
      title: "Quảng cáo mùa hè",
      brand: "Kem Mát",
      files: ["images", "ideaArticleVi", "legalCommitment", "copyrightCommitment"],
      submittedAt: day(3),
      updatedAt: day(5),
    }),
    e3: await insertEntry(db, {
      seasonId: s2031,
      trackId: creative.track,
      categoryId: Number(print.id),
      owner: sunrise,
      code: "VX31-IN-0001",
      status: "accepted",
      paid: true,
      title: "Summer Ride",
      brand: "Xe Đạp Việt",
      submittedAt: day(4),
      updatedAt: day(8),
    }),
    e4: await insertEntry(db, {
      seasonId: s2031,
      trackId: green.track,
      categoryId: green.category,
      owner: dawn,
      code: "VX31-CD-0001",
      status: "withdrawn",
      title: "Đường về nhà",
      brand: "Ánh Dương",
      files: ["images"],
      submittedAt: day(5),
      updatedAt: day(9),
    }),
    e5: await insertEntry(db, {
      seasonId: s2031,
      owner: hoa,
      status: "draft",
      text: false,
      updatedAt: day(10),
    }),
    e6: await insertEntry(db, {
      seasonId: s2031,
      trackId: green.track,
      categoryId: green.category,
      owner: sunrise,
      code: "VX31-CD-0002",
      status: "needs_changes",
      paid: true,
      title: "Cây xanh cho phố",
      brand: "Pho Viet",
      files: ["images", "slidesVi", "legalCommitment", "copyrightCommitment"],
      submittedAt: day(6),
      updatedAt: day(7),
    }),
    old: await insertEntry(db, {
      seasonId: s2030,
      trackId: old.track,
      categoryId: old.category,
      owner: hoa,
      code: "VX30-TVC-0001",
      status: "submitted",
      title: "Mùa cũ",
      brand: "Kem Mát",
      submittedAt: "2030-09-01T03:00:00.000Z",
      updatedAt: "2030-09-01T03:00:00.000Z",
    }),
  };
  for (let i = 1; i <= 25; i++) {
    await insertEntry(db, {
      seasonId: s2032,
      owner: sunrise,
      code: `VX32-X-${String(i).padStart(4, "0")}`,
      status: "submitted",
      title: `Bài ${i}`,
      submittedAt: AT,
    });
  }
  return {
    ids,
    tracks: { creative: creative.track, green: green.track },
    groups: { screen: creative.group, community: green.group },
    categories: { tvc: creative.category, print: Number(print.id), community: green.category },
    users: { dawn, hoa, sunrise },
  };
}
