import type { Kysely, Selectable, Transaction } from "kysely";
import type {
  CategoryInput,
  GroupInput,
  TrackInput,
  TreeNodeKind,
} from "../../../core/admin-platform";
import type { Db } from "../../db/database";
import type { Database, SeasonTable } from "../../db/schema";

/**
 * The seasons section of the back office (admins): a season's dates and its category tree
 * (tracks → groups → categories) with bilingual names, slugs, fees, requirements,
 * eligibility and order. Every write calls `onChange` (the public pages show the tree and the
 * header button follows the submission window) — auditing is the caller's job.
 */
export type SeasonsAdminService = ReturnType<typeof createSeasonsAdminService>;

export interface SeasonDates {
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  submissionOpensAt: string | null;
  submissionClosesAt: string | null;
  earlyBirdDeadline: string | null;
  lateDeadline: string | null;
  ceremonyAt: string | null;
}

export interface AdminSeason extends SeasonDates {
  id: number;
  year: number;
  code: string;
  nameVi: string;
  nameEn: string;
}

export interface AdminCategory {
  id: number;
  slug: string;
  code: string;
  nameVi: string;
  nameEn: string;
  descriptionVi: string;
  descriptionEn: string;
  feeVnd: number;
  earlyBirdFeeVnd: number | null;
  lateFeeVnd: number | null;
  videoRequired: boolean;
  allowIndividual: boolean;
  allowEnterprise: boolean;
  entryCount: number;
}

export interface AdminGroup {
  id: number;
  slug: string;
  nameVi: string;
  nameEn: string;
  categories: AdminCategory[];
}

export interface AdminTrack {
  id: number;
  slug: string;
  code: string;
  nameVi: string;
  nameEn: string;
  taglineVi: string;
  taglineEn: string;
  groups: AdminGroup[];
}

export type TreeWrite =
  | { ok: true; id: number; seasonYear: number }
  | {
      ok: false;
      status: 400 | 404 | 409;
      formError?: string;
      fieldErrors?: Record<string, string>;
    };

const notFound: TreeWrite = { ok: false, status: 404, formError: "adminPlatform.errors.notFound" };

function toSeason(row: Selectable<SeasonTable>): AdminSeason {
  return {
    id: row.id,
    year: row.year,
    code: row.code,
    nameVi: row.name_vi,
    nameEn: row.name_en,
    registrationOpensAt: row.registration_opens_at,
    registrationClosesAt: row.registration_closes_at,
    submissionOpensAt: row.submission_opens_at,
    submissionClosesAt: row.submission_closes_at,
    earlyBirdDeadline: row.early_bird_deadline,
    lateDeadline: row.late_deadline,
    ceremonyAt: row.ceremony_at,
  };
}

const PARENT: Record<
  TreeNodeKind,
  { table: "tracks" | "category_groups" | "categories"; parent: string }
> = {
  track: { table: "tracks", parent: "season_id" },
  group: { table: "category_groups", parent: "track_id" },
  category: { table: "categories", parent: "group_id" },
};

export function createSeasonsAdminService(
  db: Db,
  onChange: () => void,
  clock: () => Date = () => new Date(),
) {
  const k = db.kysely;

  /** The season a node belongs to (its year), or null when the node does not exist. */
  async function seasonOf(
    q: Kysely<Database>,
    kind: TreeNodeKind,
    id: number,
  ): Promise<{ seasonId: number; year: number } | null> {
    let query;
    if (kind === "track") {
      query = q
        .selectFrom("tracks as t")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .where("t.id", "=", id);
    } else if (kind === "group") {
      query = q
        .selectFrom("category_groups as g")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .where("g.id", "=", id);
    } else {
      query = q
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .where("c.id", "=", id);
    }
    const row = await query.select(["s.id as seasonId", "s.year as year"]).executeTakeFirst();
    return row ?? null;
  }

  /** Categories of a season with this slug or code (other than `exceptId`). */
  async function categoryClash(
    q: Kysely<Database>,
    seasonId: number,
    input: { slug: string; code: string },
    exceptId: number | null,
  ): Promise<Record<string, string> | null> {
    let query = q
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .where("t.season_id", "=", seasonId)
      .where((eb) => eb.or([eb("c.slug", "=", input.slug), eb("c.code", "=", input.code)]))
      .select(["c.id", "c.slug", "c.code"]);
    if (exceptId !== null) query = query.where("c.id", "<>", exceptId);
    return clashErrors(await query.execute(), input);
  }

  async function groupClash(
    q: Kysely<Database>,
    seasonId: number,
    slug: string,
    exceptId: number | null,
  ): Promise<boolean> {
    let query = q
      .selectFrom("category_groups as g")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .where("t.season_id", "=", seasonId)
      .where("g.slug", "=", slug)
      .select("g.id");
    if (exceptId !== null) query = query.where("g.id", "<>", exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async function trackClash(
    q: Kysely<Database>,
    seasonId: number,
    input: { slug: string; code: string },
    exceptId: number | null,
  ): Promise<Record<string, string> | null> {
    let query = q
      .selectFrom("tracks")
      .where("season_id", "=", seasonId)
      .where((eb) => eb.or([eb("slug", "=", input.slug), eb("code", "=", input.code)]))
      .select(["id", "slug", "code"]);
    if (exceptId !== null) query = query.where("id", "<>", exceptId);
    return clashErrors(await query.execute(), input);
  }

  async function nextOrder(
    q: Transaction<Database>,
    kind: TreeNodeKind,
    parentId: number,
  ): Promise<number> {
    const { table, parent } = PARENT[kind];
    const row = await q
      .selectFrom(table)
      .select((eb) => eb.fn.max<number | null>("sort_order").as("top"))
      .where(parent as never, "=", parentId as never)
      .executeTakeFirst();
    return Number(row?.top ?? -1) + 1;
  }

  /** Entries filed under any category beneath a node (deleting it would lose them). */
  async function entriesBeneath(kind: TreeNodeKind, id: number): Promise<number> {
    let query = k.selectFrom("entries as e").innerJoin("categories as c", "c.id", "e.category_id");
    if (kind === "category") query = query.where("c.id", "=", id);
    else if (kind === "group") query = query.where("c.group_id", "=", id);
    else
      query = query
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .where("g.track_id", "=", id);
    const row = await query
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  function categoryValues(input: CategoryInput) {
    return {
      slug: input.slug,
      code: input.code,
      name_vi: input.nameVi,
      name_en: input.nameEn,
      description_vi: input.descriptionVi,
      description_en: input.descriptionEn,
      fee_vnd: input.feeVnd ?? 0,
      early_bird_fee_vnd: input.earlyBirdFeeVnd,
      late_fee_vnd: input.lateFeeVnd,
      video_required: input.videoRequired ? 1 : 0,
      allow_individual: input.allowIndividual ? 1 : 0,
      allow_enterprise: input.allowEnterprise ? 1 : 0,
    };
  }

  async function touchSeason(q: Kysely<Database>, seasonId: number) {
    await q
      .updateTable("seasons")
      .set({ updated_at: clock().toISOString() })
      .where("id", "=", seasonId)
      .execute();
  }

  return {
    async list(): Promise<AdminSeason[]> {
      const rows = await k.selectFrom("seasons").selectAll().orderBy("year", "desc").execute();
      return rows.map(toSeason);
    },

    async get(year: number): Promise<AdminSeason | null> {
      const row = await k
        .selectFrom("seasons")
        .selectAll()
        .where("year", "=", year)
        .executeTakeFirst();
      return row ? toSeason(row) : null;
    },

    /** Names and dates of a season (dates ISO UTC, already checked in order by the core schema). */
    async updateSeason(
      year: number,
      input: { nameVi: string; nameEn: string } & SeasonDates,
    ): Promise<{ before: AdminSeason; after: AdminSeason } | null> {
      const before = await this.get(year);
      if (!before) return null;
      await k
        .updateTable("seasons")
        .set({
          name_vi: input.nameVi,
          name_en: input.nameEn,
          registration_opens_at: input.registrationOpensAt,
          registration_closes_at: input.registrationClosesAt,
          submission_opens_at: input.submissionOpensAt,
          submission_closes_at: input.submissionClosesAt,
          early_bird_deadline: input.earlyBirdDeadline,
          late_deadline: input.lateDeadline,
          ceremony_at: input.ceremonyAt,
          updated_at: clock().toISOString(),
        })
        .where("year", "=", year)
        .execute();
      onChange();
      return { before, after: (await this.get(year))! };
    },

    /** The whole tree of a season with ids, in display order, and entry counts per category. */
    async tree(year: number): Promise<AdminTrack[]> {
      const season = await k
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", year)
        .executeTakeFirst();
      if (!season) return [];
      const tracks = await k
        .selectFrom("tracks")
        .selectAll()
        .where("season_id", "=", season.id)
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      const trackIds = tracks.map((t) => t.id);
      const groups = trackIds.length
        ? await k
            .selectFrom("category_groups")
            .selectAll()
            .where("track_id", "in", trackIds)
            .orderBy("sort_order")
            .orderBy("id")
            .execute()
        : [];
      const groupIds = groups.map((g) => g.id);
      const categories = groupIds.length
        ? await k
            .selectFrom("categories")
            .selectAll()
            .where("group_id", "in", groupIds)
            .orderBy("sort_order")
            .orderBy("id")
            .execute()
        : [];
      const counts = new Map<number, number>();
      const categoryIds = categories.map((c) => c.id);
      if (categoryIds.length) {
        const rows = await k
          .selectFrom("entries")
          .select(["category_id", (eb) => eb.fn.countAll<number | string>().as("n")])
          .where("category_id", "in", categoryIds)
          .groupBy("category_id")
          .execute();
        for (const row of rows)
          if (row.category_id !== null) counts.set(row.category_id, Number(row.n));
      }
      return tracks.map((t) => ({
        id: t.id,
        slug: t.slug,
        code: t.code,
        nameVi: t.name_vi,
        nameEn: t.name_en,
        taglineVi: t.tagline_vi,
        taglineEn: t.tagline_en,
        groups: groups
          .filter((g) => g.track_id === t.id)
          .map((g) => ({
            id: g.id,
            slug: g.slug,
            nameVi: g.name_vi,
            nameEn: g.name_en,
            categories: categories
              .filter((c) => c.group_id === g.id)
              .map((c) => ({
                id: c.id,
                slug: c.slug,
                code: c.code,
                nameVi: c.name_vi,
                nameEn: c.name_en,
                descriptionVi: c.description_vi,
                descriptionEn: c.description_en,
                feeVnd: Number(c.fee_vnd),
                earlyBirdFeeVnd:
                  c.early_bird_fee_vnd === null ? null : Number(c.early_bird_fee_vnd),
                lateFeeVnd: c.late_fee_vnd === null ? null : Number(c.late_fee_vnd),
                videoRequired: Boolean(c.video_required),
                allowIndividual: Boolean(c.allow_individual),
                allowEnterprise: Boolean(c.allow_enterprise),
                entryCount: counts.get(c.id) ?? 0,
              })),
          })),
      }));
    },

    async createTrack(year: number, input: TrackInput): Promise<TreeWrite> {
      const season = await k
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", year)
        .executeTakeFirst();
      if (!season) return notFound;
      const clash = await trackClash(k, season.id, input, null);
      if (clash) return { ok: false, status: 409, fieldErrors: clash };
      const id = await k.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("tracks")
          .values({
            season_id: season.id,
            slug: input.slug,
            code: input.code,
            name_vi: input.nameVi,
            name_en: input.nameEn,
            tagline_vi: input.taglineVi,
            tagline_en: input.taglineEn,
            sort_order: await nextOrder(trx, "track", season.id),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await touchSeason(trx, season.id);
        return row.id;
      });
      onChange();
      return { ok: true, id, seasonYear: year };
    },

    async updateTrack(id: number, input: TrackInput): Promise<TreeWrite> {
      const owner = await seasonOf(k, "track", id);
      if (!owner) return notFound;
      const clash = await trackClash(k, owner.seasonId, input, id);
      if (clash) return { ok: false, status: 409, fieldErrors: clash };
      await k
        .updateTable("tracks")
        .set({
          slug: input.slug,
          code: input.code,
          name_vi: input.nameVi,
          name_en: input.nameEn,
          tagline_vi: input.taglineVi,
          tagline_en: input.taglineEn,
        })
        .where("id", "=", id)
        .execute();
      await touchSeason(k, owner.seasonId);
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },

    async createGroup(trackId: number, input: GroupInput): Promise<TreeWrite> {
      const owner = await seasonOf(k, "track", trackId);
      if (!owner) return notFound;
      if (await groupClash(k, owner.seasonId, input.slug, null)) {
        return {
          ok: false,
          status: 409,
          fieldErrors: { slug: "adminPlatform.validation.slugTaken" },
        };
      }
      const id = await k.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("category_groups")
          .values({
            track_id: trackId,
            slug: input.slug,
            name_vi: input.nameVi,
            name_en: input.nameEn,
            sort_order: await nextOrder(trx, "group", trackId),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await touchSeason(trx, owner.seasonId);
        return row.id;
      });
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },

    async updateGroup(id: number, input: GroupInput): Promise<TreeWrite> {
      const owner = await seasonOf(k, "group", id);
      if (!owner) return notFound;
      if (await groupClash(k, owner.seasonId, input.slug, id)) {
        return {
          ok: false,
          status: 409,
          fieldErrors: { slug: "adminPlatform.validation.slugTaken" },
        };
      }
      await k
        .updateTable("category_groups")
        .set({ slug: input.slug, name_vi: input.nameVi, name_en: input.nameEn })
        .where("id", "=", id)
        .execute();
      await touchSeason(k, owner.seasonId);
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },

    async createCategory(groupId: number, input: CategoryInput): Promise<TreeWrite> {
      const owner = await seasonOf(k, "group", groupId);
      if (!owner) return notFound;
      const clash = await categoryClash(k, owner.seasonId, input, null);
      if (clash) return { ok: false, status: 409, fieldErrors: clash };
      const id = await k.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("categories")
          .values({
            group_id: groupId,
            ...categoryValues(input),
            sort_order: await nextOrder(trx, "category", groupId),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await touchSeason(trx, owner.seasonId);
        return row.id;
      });
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },

    async updateCategory(id: number, input: CategoryInput): Promise<TreeWrite> {
      const owner = await seasonOf(k, "category", id);
      if (!owner) return notFound;
      const clash = await categoryClash(k, owner.seasonId, input, id);
      if (clash) return { ok: false, status: 409, fieldErrors: clash };
      await k.updateTable("categories").set(categoryValues(input)).where("id", "=", id).execute();
      await touchSeason(k, owner.seasonId);
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },

    /** Refused while entries are filed under the node (they would lose their category). */
    async remove(kind: TreeNodeKind, id: number): Promise<TreeWrite> {
      const owner = await seasonOf(k, kind, id);
      if (!owner) return notFound;
      if ((await entriesBeneath(kind, id)) > 0) {
        return { ok: false, status: 409, formError: "adminPlatform.errors.hasEntries" };
      }
      await k.transaction().execute(async (trx) => {
        // Children first: PostgreSQL and SQLite both cascade, but explicit is clearer.
        if (kind === "track") {
          const groupIds = (
            await trx
              .selectFrom("category_groups")
              .select("id")
              .where("track_id", "=", id)
              .execute()
          ).map((g) => g.id);
          if (groupIds.length)
            await trx.deleteFrom("categories").where("group_id", "in", groupIds).execute();
          await trx.deleteFrom("category_groups").where("track_id", "=", id).execute();
          await trx.deleteFrom("tracks").where("id", "=", id).execute();
        } else if (kind === "group") {
          await trx.deleteFrom("categories").where("group_id", "=", id).execute();
          await trx.deleteFrom("category_groups").where("id", "=", id).execute();
        } else {
          await trx.deleteFrom("categories").where("id", "=", id).execute();
        }
        await touchSeason(trx, owner.seasonId);
      });
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },

    /** Moves a node one place up or down among its siblings (orders are renumbered 0…n). */
    async move(kind: TreeNodeKind, id: number, direction: "up" | "down"): Promise<TreeWrite> {
      const owner = await seasonOf(k, kind, id);
      if (!owner) return notFound;
      const { table, parent } = PARENT[kind];
      await k.transaction().execute(async (trx) => {
        const self = (await trx
          .selectFrom(table)
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirstOrThrow()) as unknown as Record<string, number>;
        const parentId = self[parent]!;
        const siblings = await trx
          .selectFrom(table)
          .select("id")
          .where(parent as never, "=", parentId as never)
          .orderBy("sort_order")
          .orderBy("id")
          .execute();
        const ids = siblings.map((s) => s.id);
        const at = ids.indexOf(id);
        const to = direction === "up" ? at - 1 : at + 1;
        if (at < 0 || to < 0 || to >= ids.length) return;
        [ids[at], ids[to]] = [ids[to]!, ids[at]!];
        for (const [order, siblingId] of ids.entries()) {
          await trx
            .updateTable(table)
            .set({ sort_order: order })
            .where("id", "=", siblingId)
            .execute();
        }
        await touchSeason(trx, owner.seasonId);
      });
      onChange();
      return { ok: true, id, seasonYear: owner.year };
    },
  };
}

/** Field errors for the rows of a season that already use the slug or the code; null if none. */
function clashErrors(
  rows: readonly { slug: string; code: string }[],
  input: { slug: string; code: string },
): Record<string, string> | null {
  if (rows.length === 0) return null;
  const errors: Record<string, string> = {};
  if (rows.some((r) => r.slug === input.slug)) errors.slug = "adminPlatform.validation.slugTaken";
  if (rows.some((r) => r.code === input.code)) errors.code = "adminPlatform.validation.codeTaken";
  return errors;
}
