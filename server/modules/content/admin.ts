import { sql } from "kysely";
import type {
  ContentPageInput,
  ContentPageKey,
  CriteriaDocumentInput,
  JuryMemberInput,
  WinnerInput,
} from "../../../core/content-admin";
import { CONTENT_PAGE_KEYS } from "../../../core/content-admin";
import { parseStoredBlocks, type Block } from "../../../core/rich-text";
import type { Db } from "../../db/database";
import type { Actor, AuditService } from "../audit/service";
import type { DocumentsService, PublicDocument } from "../documents/service";
import { findSeasonByYear, listSeasons } from "../seasons/queries";
import type { SeasonsService } from "../seasons/service";

/**
 * The back office of the public content (PRODUCT §7: pages and tracks, jury per year,
 * winners per year, criteria documents). Every write records an audit row for the acting
 * staff member and calls `onChange` (which clears the HTML cache), so the public page shows
 * the change on the next request. Permissions are the routes' job (section `content`).
 */

export interface AdminJuryMember {
  id: number;
  year: number;
  name: string;
  titleVi: string;
  titleEn: string;
  organisation: string;
  bioVi: string;
  bioEn: string;
  photo: string | null;
  photoMediaId: number | null;
  isChair: boolean;
  sortOrder: number;
}

export interface AdminWinner {
  id: number;
  year: number;
  entryId: string | null;
  title: string;
  brand: string;
  agency: string;
  categoryId: number | null;
  categoryCode: string | null;
  categoryName: { vi: string; en: string } | null;
  categoryLabelVi: string;
  categoryLabelEn: string;
  prize: string;
  image: string | null;
  imageMediaId: number | null;
  videoUrl: string | null;
  sortOrder: number;
}

export interface AdminCategoryOption {
  id: number;
  code: string;
  name: { vi: string; en: string };
  group: { vi: string; en: string };
  track: { vi: string; en: string };
}

export interface AdminContentPage {
  key: ContentPageKey;
  /** True when the season has no version of its own yet (the shared one is shown). */
  inherited: boolean;
  exists: boolean;
  titleVi: string;
  titleEn: string;
  summaryVi: string;
  summaryEn: string;
  bodyVi: Block[];
  bodyEn: Block[];
  updatedAt: string | null;
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;

export class ContentAdminError extends Error {
  constructor(
    readonly field: string,
    readonly messageKey: string,
  ) {
    super(`${field}: ${messageKey}`);
  }
}

export const ADMIN_WINNERS_PAGE_SIZE = 25;

export function createContentAdminService(deps: {
  db: Db;
  audit: Pick<AuditService, "record">;
  documents: DocumentsService;
  seasons: Pick<SeasonsService, "current">;
  onChange: () => void;
  clock?: () => Date;
}) {
  const { db, audit, documents, onChange } = deps;
  const k = db.kysely;
  const now = () => (deps.clock ?? (() => new Date()))().toISOString();

  const juror = (r: {
    id: number;
    year: number;
    name: string;
    title_vi: string;
    title_en: string;
    organisation: string;
    bio_vi: string;
    bio_en: string;
    photo: string | null;
    photo_media_id: number | null;
    is_chair: number;
    sort_order: number;
  }): AdminJuryMember => ({
    id: Number(r.id),
    year: Number(r.year),
    name: r.name,
    titleVi: r.title_vi,
    titleEn: r.title_en,
    organisation: r.organisation,
    bioVi: r.bio_vi,
    bioEn: r.bio_en,
    photo: r.photo,
    photoMediaId: r.photo_media_id === null ? null : Number(r.photo_media_id),
    isChair: Boolean(r.is_chair),
    sortOrder: Number(r.sort_order),
  });

  const juryRow = (input: JuryMemberInput) => ({
    year: input.year,
    name: input.name,
    title_vi: input.titleVi,
    title_en: input.titleEn,
    organisation: input.organisation,
    bio_vi: input.bioVi,
    bio_en: input.bioEn,
    photo: input.photo || null,
    photo_media_id: input.photoMediaId,
    is_chair: input.isChair ? 1 : 0,
  });

  /** The year's jurors in the order the public page shows them. */
  const juryOf = (year: number) =>
    k
      .selectFrom("jury_members")
      .selectAll()
      .where("year", "=", year)
      .orderBy("is_chair", "desc")
      .orderBy("sort_order")
      .orderBy("id")
      .execute();

  const nextOrder = async (table: "jury_members" | "winners", year: number) => {
    const row = await k
      .selectFrom(table)
      .select((eb) => eb.fn.max("sort_order").as("m"))
      .where("year", "=", year)
      .executeTakeFirst();
    return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
  };

  const winnerSelect = () =>
    k
      .selectFrom("winners as w")
      .leftJoin("categories as c", "c.id", "w.category_id")
      .select([
        "w.id",
        "w.year",
        "w.entry_id",
        "w.title",
        "w.brand",
        "w.agency",
        "w.category_id",
        "w.category_label_vi",
        "w.category_label_en",
        "w.prize",
        "w.image",
        "w.image_media_id",
        "w.video_url",
        "w.sort_order",
        "c.code as category_code",
        "c.name_vi as category_name_vi",
        "c.name_en as category_name_en",
      ]);

  type WinnerRow = Awaited<ReturnType<ReturnType<typeof winnerSelect>["executeTakeFirstOrThrow"]>>;
  const winner = (r: WinnerRow): AdminWinner => ({
    id: Number(r.id),
    year: Number(r.year),
    entryId: r.entry_id,
    title: r.title,
    brand: r.brand,
    agency: r.agency,
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryCode: r.category_code ?? null,
    categoryName:
      r.category_name_vi === null ? null : { vi: r.category_name_vi, en: r.category_name_en ?? "" },
    categoryLabelVi: r.category_label_vi,
    categoryLabelEn: r.category_label_en,
    prize: r.prize,
    image: r.image,
    imageMediaId: r.image_media_id === null ? null : Number(r.image_media_id),
    videoUrl: r.video_url,
    sortOrder: Number(r.sort_order),
  });

  /** The category must belong to the winner's season; an entry reference must name an entry. */
  async function checkWinner(input: WinnerInput): Promise<{ entryId: string | null }> {
    if (input.categoryId !== null) {
      const category = await k
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .select("c.id")
        .where("c.id", "=", input.categoryId)
        .where("s.year", "=", input.year)
        .executeTakeFirst();
      if (!category) throw new ContentAdminError("categoryId", "adminContent.errors.category");
    }
    if (input.entryRef === "") return { entryId: null };
    const entryId = await findEntryId(input.entryRef);
    if (entryId === undefined) return { entryId: input.entryRef }; // no entries table yet
    if (entryId === null) throw new ContentAdminError("entryRef", "adminContent.errors.entryRef");
    return { entryId };
  }

  /** The id of the entry with this id or code; null when none; undefined without an entries table. */
  async function findEntryId(ref: string): Promise<string | null | undefined> {
    const tables = await db.kysely.introspection.getTables();
    if (!tables.some((t) => t.name === "entries")) return undefined;
    const result = await sql<{ id: string }>`
      select id from entries where id = ${ref} or code = ${ref} limit 1`.execute(k);
    return result.rows[0] ? String(result.rows[0].id) : null;
  }

  const winnerRow = (input: WinnerInput, entryId: string | null) => ({
    year: input.year,
    entry_id: entryId,
    title: input.title,
    brand: input.brand,
    agency: input.agency,
    category_id: input.categoryId,
    category_label_vi: input.categoryLabelVi,
    category_label_en: input.categoryLabelEn,
    prize: input.prize,
    image: input.image || null,
    image_media_id: input.imageMediaId,
    video_url: input.videoUrl,
  });

  const seasonIdOf = async (year: number) => {
    const season = await findSeasonByYear(k, year);
    if (!season) throw new ContentAdminError("year", "adminContent.errors.year");
    return season.id;
  };

  async function juryGet(id: number): Promise<AdminJuryMember | null> {
    const row = await k
      .selectFrom("jury_members")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? juror(row) : null;
  }

  async function winnerGet(id: number): Promise<AdminWinner | null> {
    const row = await winnerSelect().where("w.id", "=", id).executeTakeFirst();
    return row ? winner(row) : null;
  }

  return {
    // ── Years ──────────────────────────────────────────────────────────────────────────
    /** Years an editor can pick: the seasons and any year with content. */
    async years(kind: "jury" | "winners"): Promise<number[]> {
      const seasons = (await listSeasons(k)).map((s) => Number(s.year));
      const table = kind === "jury" ? "jury_members" : "winners";
      const used = (await k.selectFrom(table).select("year").distinct().execute()).map((r) =>
        Number(r.year),
      );
      return [...new Set([...seasons, ...used])].sort((a, b) => b - a);
    },

    // ── Jury ───────────────────────────────────────────────────────────────────────────
    async juryList(year: number): Promise<AdminJuryMember[]> {
      return (await juryOf(year)).map(juror);
    },

    juryGet,

    async juryCreate(actor: Actor, input: JuryMemberInput): Promise<AdminJuryMember> {
      const at = now();
      const sortOrder = input.sortOrder ?? (await nextOrder("jury_members", input.year));
      const row = await k
        .insertInto("jury_members")
        .values({ ...juryRow(input), sort_order: sortOrder, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit.record(
        actor,
        "jury.create",
        { type: "jury_member", id: row.id },
        {
          year: input.year,
          name: input.name,
        },
      );
      onChange();
      return juror(row);
    },

    async juryUpdate(
      actor: Actor,
      id: number,
      input: JuryMemberInput,
    ): Promise<AdminJuryMember | null> {
      const before = await juryGet(id);
      if (!before) return null;
      const row = await k
        .updateTable("jury_members")
        .set({
          ...juryRow(input),
          sort_order: input.sortOrder ?? before.sortOrder,
          updated_at: now(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit.record(
        actor,
        "jury.update",
        { type: "jury_member", id },
        {
          year: input.year,
          name: input.name,
        },
      );
      onChange();
      return juror(row);
    },

    /**
     * Moves a juror one place up or down among the year's jurors (the chair stays first:
     * a move never crosses between chair and members). False when there is nowhere to go.
     */
    async juryMove(actor: Actor, id: number, direction: "up" | "down"): Promise<boolean> {
      const member = await juryGet(id);
      if (!member) return false;
      const list = (await juryOf(member.year)).map(juror);
      const index = list.findIndex((m) => m.id === id);
      const otherIndex = direction === "up" ? index - 1 : index + 1;
      const other = list[otherIndex];
      if (!other || other.isChair !== member.isChair) return false;
      [list[index], list[otherIndex]] = [other, member];
      // Renumber the whole year so equal or sparse numbers never make a move a no-op.
      await k.transaction().execute(async (trx) => {
        for (const [position, m] of list.entries()) {
          if (m.sortOrder !== position) {
            await trx
              .updateTable("jury_members")
              .set({ sort_order: position })
              .where("id", "=", m.id)
              .execute();
          }
        }
      });
      await audit.record(
        actor,
        "jury.reorder",
        { type: "jury_member", id },
        {
          year: member.year,
          direction,
        },
      );
      onChange();
      return true;
    },

    async juryDelete(actor: Actor, id: number): Promise<boolean> {
      const member = await juryGet(id);
      if (!member) return false;
      await k.deleteFrom("jury_members").where("id", "=", id).execute();
      await audit.record(
        actor,
        "jury.delete",
        { type: "jury_member", id },
        {
          year: member.year,
          name: member.name,
        },
      );
      onChange();
      return true;
    },

    // ── Winners ────────────────────────────────────────────────────────────────────────
    /** The categories of a year's season, for the winner form and the list filter. */
    async winnerCategories(year: number): Promise<AdminCategoryOption[]> {
      const rows = await k
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .select([
          "c.id",
          "c.code",
          "c.name_vi",
          "c.name_en",
          "g.name_vi as group_vi",
          "g.name_en as group_en",
          "t.name_vi as track_vi",
          "t.name_en as track_en",
        ])
        .where("s.year", "=", year)
        .orderBy("t.sort_order")
        .orderBy("g.sort_order")
        .orderBy("c.sort_order")
        .orderBy("c.id")
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        code: r.code,
        name: { vi: r.name_vi, en: r.name_en },
        group: { vi: r.group_vi, en: r.group_en },
        track: { vi: r.track_vi, en: r.track_en },
      }));
    },

    /** A year's winners, optionally of one category, a page at a time (server paging). */
    async winnersList(options: {
      year: number;
      categoryId?: number | null;
      page?: number;
      pageSize?: number;
    }): Promise<{
      items: AdminWinner[];
      total: number;
      page: number;
      pageCount: number;
      pageSize: number;
    }> {
      const pageSize = options.pageSize ?? ADMIN_WINNERS_PAGE_SIZE;
      let base = k.selectFrom("winners").where("year", "=", options.year);
      if (options.categoryId) base = base.where("category_id", "=", options.categoryId);
      const counted = await base
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      const total = Number(counted.n);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pageCount);
      let query = winnerSelect().where("w.year", "=", options.year);
      if (options.categoryId) query = query.where("w.category_id", "=", options.categoryId);
      const rows = await query
        .orderBy("w.sort_order")
        .orderBy("w.id")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(winner), total, page, pageCount, pageSize };
    },

    winnerGet,

    /** Throws ContentAdminError (field + i18n key) for a category of another season or an unknown entry. */
    async winnerCreate(actor: Actor, input: WinnerInput): Promise<AdminWinner> {
      const { entryId } = await checkWinner(input);
      const at = now();
      const sortOrder = input.sortOrder ?? (await nextOrder("winners", input.year));
      const row = await k
        .insertInto("winners")
        .values({
          ...winnerRow(input, entryId),
          sort_order: sortOrder,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit.record(
        actor,
        "winner.create",
        { type: "winner", id: row.id },
        {
          year: input.year,
          title: input.title,
          prize: input.prize,
        },
      );
      onChange();
      return (await winnerGet(Number(row.id)))!;
    },

    async winnerUpdate(actor: Actor, id: number, input: WinnerInput): Promise<AdminWinner | null> {
      const before = await winnerGet(id);
      if (!before) return null;
      const { entryId } = await checkWinner(input);
      await k
        .updateTable("winners")
        .set({
          ...winnerRow(input, entryId),
          sort_order: input.sortOrder ?? before.sortOrder,
          updated_at: now(),
        })
        .where("id", "=", id)
        .execute();
      await audit.record(
        actor,
        "winner.update",
        { type: "winner", id },
        {
          year: input.year,
          title: input.title,
          prize: input.prize,
        },
      );
      onChange();
      return winnerGet(id);
    },

    async winnerDelete(actor: Actor, id: number): Promise<boolean> {
      const before = await winnerGet(id);
      if (!before) return false;
      await k.deleteFrom("winners").where("id", "=", id).execute();
      await audit.record(
        actor,
        "winner.delete",
        { type: "winner", id },
        {
          year: before.year,
          title: before.title,
        },
      );
      onChange();
      return true;
    },

    // ── Pages and track content ──────────────────────────────────────────────────────────
    /** The season whose pages the editor changes: the current one. */
    async pagesSeason(): Promise<number | null> {
      return (await deps.seasons.current())?.year ?? null;
    },

    /** Every editable page as the season shows it (its own version, else the shared one). */
    async pages(year: number): Promise<AdminContentPage[]> {
      const seasonId = (await findSeasonByYear(k, year))?.id ?? null;
      const rows = await k
        .selectFrom("content_pages")
        .selectAll()
        .where("key", "in", [...CONTENT_PAGE_KEYS])
        .orderBy("id", "desc")
        .execute();
      return CONTENT_PAGE_KEYS.map((key) => {
        const own =
          seasonId === null
            ? undefined
            : rows.find((r) => r.key === key && r.season_id === seasonId);
        const shared = rows.find((r) => r.key === key && r.season_id === null);
        const row = own ?? shared;
        return {
          key,
          inherited: !own,
          exists: Boolean(row),
          titleVi: row?.title_vi ?? "",
          titleEn: row?.title_en ?? "",
          summaryVi: row?.summary_vi ?? "",
          summaryEn: row?.summary_en ?? "",
          bodyVi: parseStoredBlocks(row?.body_vi),
          bodyEn: parseStoredBlocks(row?.body_en),
          updatedAt: row?.updated_at ?? null,
        };
      });
    },

    /** Saves the season's own version of a page (the public page shows it from the next request). */
    async pageSave(actor: Actor, year: number, input: ContentPageInput): Promise<void> {
      const seasonId = await seasonIdOf(year);
      const values = {
        title_vi: input.titleVi,
        title_en: input.titleEn,
        summary_vi: input.summaryVi,
        summary_en: input.summaryEn,
        // Sanitised by the schema already; once more here, whoever calls.
        body_vi: JSON.stringify(parseStoredBlocks(JSON.stringify(input.bodyVi))),
        body_en: JSON.stringify(parseStoredBlocks(JSON.stringify(input.bodyEn))),
        updated_at: now(),
      };
      await k.transaction().execute(async (trx) => {
        const own = await trx
          .selectFrom("content_pages")
          .select("id")
          .where("key", "=", input.key)
          .where("season_id", "=", seasonId)
          .orderBy("id", "desc")
          .executeTakeFirst();
        if (own) {
          await trx.updateTable("content_pages").set(values).where("id", "=", own.id).execute();
        } else {
          await trx
            .insertInto("content_pages")
            .values({ key: input.key, season_id: seasonId, ...values })
            .execute();
        }
      });
      await audit.record(
        actor,
        "page.update",
        { type: "content_page", id: `${input.key}@${year}` },
        {
          key: input.key,
          year,
        },
      );
      onChange();
    },

    // ── Documents ──────────────────────────────────────────────────────────────────────
    /** Seasons with their criteria PDFs (newest first per language). */
    async criteriaDocuments(): Promise<{ year: number; documents: PublicDocument[] }[]> {
      const seasons = (await listSeasons(k)).map((s) => Number(s.year)).sort((a, b) => b - a);
      const out: { year: number; documents: PublicDocument[] }[] = [];
      for (const year of seasons) {
        out.push({ year, documents: await documents.ofSeason(year, "criteria") });
      }
      return out;
    },

    /**
     * Stores a season's criteria PDF in one language and retires the earlier ones of that
     * language (the criteria modal shows the new one). Throws DocumentRejected for an
     * empty, oversized or non-PDF file.
     */
    async criteriaUpload(
      actor: Actor,
      input: CriteriaDocumentInput,
      data: Uint8Array,
    ): Promise<PublicDocument> {
      const seasonId = await seasonIdOf(input.year);
      const earlier = (await documents.ofSeason(input.year, "criteria")).filter(
        (d) => d.lang === input.lang,
      );
      const title =
        input.title ||
        (input.lang === "vi"
          ? `Tiêu chí giải thưởng ${input.year}`
          : `Award criteria ${input.year}`);
      const added = await documents.add({
        seasonId,
        kind: "criteria",
        lang: input.lang,
        title,
        data,
      });
      for (const old of earlier) await documents.remove(old.id);
      await audit.record(
        actor,
        earlier.length > 0 ? "document.replace" : "document.create",
        { type: "document", id: added.id },
        { year: input.year, lang: input.lang, bytes: added.bytes, replaced: earlier.length },
      );
      onChange();
      return added;
    },

    async documentDelete(actor: Actor, id: number): Promise<boolean> {
      const doc = await documents.find(id);
      if (!doc || doc.kind !== "criteria") return false;
      await documents.remove(id);
      await audit.record(
        actor,
        "document.delete",
        { type: "document", id },
        { lang: doc.lang, title: doc.title },
      );
      onChange();
      return true;
    },
  };
}
