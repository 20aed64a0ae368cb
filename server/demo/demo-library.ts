import type { Insertable, Kysely, Transaction } from "kysely";
import type { WinnerPrize } from "../../core/content-admin";
import { entryCodePrefix, formatEntryCode } from "../../core/entry-code";
import { isPrize } from "../../core/judging-prizes";
import type { EntryStatus } from "../../core/entry-status";
import { PUBLISHABLE_STATUSES } from "../../core/library";
import type { Db } from "../db/database";
import type { Database, EntryFileTable, EntryStatusHistoryTable } from "../db/schema";
import { indexEntries } from "../modules/library/index-entry";
import { insertChunks, routeTo, saveCodeCounters } from "./demo-entries";
import {
  DEMO_IMAGE_PREFIX,
  fileRow,
  picturesOf,
  storeDemoPictures,
  youtubeId,
  type DemoFileDeps,
  type DemoPictures,
  type SharedFile,
} from "./demo-entry-files";
import { demoDocumentPdf, type DemoDocumentName } from "./demo-documents-pdf";
import {
  demoCredits,
  demoEntryText,
  demoEntryTitles,
  demoNamedEntryText,
} from "./demo-entry-texts";
import { demoUuid, seededRandom, type Random } from "./demo-registrants";
import { DEMO_VIDEO_KEY, DEMO_VIDEO_MIME, isDemoFilm, makeDemoVideo } from "./demo-video";
import { seedOnce } from "./seed-once";

/**
 * The demo's entry library (PRODUCT §6): the finished seasons 2023 and 2024 get their entries
 * with final outcomes and prizes (2025's come from the demo entries and its judging), and every
 * entry of 2023–2025 that took part is published, so `/bai-du-thi` looks like years of work on a
 * fresh start. The winners of 2023 and 2024 are the entries of those years' winners list (demo
 * content): each listed winner becomes an entry with its title, brand, category and prize, and
 * the list links to it, so the list and the library's prize badges name the same entries. Each
 * season's entries are published on its ceremony day. Pictures, film and PDFs are the demo's
 * shared objects. Loaded once (marker `demo.library.loaded`), after the demo entries and judging.
 */
const MARKER = "demo.library.loaded";
export const DEMO_LIBRARY_YEARS = [2023, 2024, 2025] as const;

/**
 * Entries of each outcome made for the older finished seasons, besides one winner for each
 * entry on the year's winners list.
 */
export const DEMO_LIBRARY_COUNTS: Readonly<
  Record<2023 | 2024, Partial<Record<EntryStatus, number>>>
> = {
  2023: { finalist: 18, not_awarded: 78 },
  2024: { finalist: 20, not_awarded: 94 },
};

/** The older finished seasons, whose entries the library makes. */
const OLDER_YEARS = [2023, 2024] as const;

/**
 * Titles a searcher may type without marks ("quang cao", "dong", "giam khao"): mixed into the
 * older seasons' entries beside the usual generated titles.
 */
const SEARCHABLE_TITLES = [
  "Quảng cáo không lời",
  "Mùa Đông không lạnh",
  "Khi giám khảo là khách hàng",
  "Phương Đông kể chuyện",
  "Quảng cáo của những người mẹ",
  "Đông Du ký – bản 2024",
  "Giám khảo nhí",
  "Chợ phiên ngày Đông",
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Loads the library demo once; does nothing until the demo entries' registrants exist. */
export async function seedDemoLibrary(
  db: Db,
  deps: DemoFileDeps,
  now = new Date(),
): Promise<"loaded" | "already present" | "nothing to publish"> {
  const q = db.kysely;
  const done = await q
    .selectFrom("site_settings")
    .select("key")
    .where("key", "=", MARKER)
    .executeTakeFirst();
  if (done) return "already present";
  const owners = await q
    .selectFrom("registrants")
    .select(["user_id", "type", "full_name", "company_name"])
    .orderBy("user_id")
    .execute();
  if (owners.length === 0) return "nothing to publish";
  // Stored before the transaction: the media module writes its own rows. Pictures are drawn
  // for every title an entry of the older seasons can have, the listed winners' included.
  const listed = await listedWinners(q);
  const titles = [
    ...demoEntryTitles(OLDER_YEARS),
    ...SEARCHABLE_TITLES,
    ...listed.map((w) => w.title),
  ];
  const files = await demoLibraryFiles(db, deps, titles);
  return seedOnce(db, MARKER, now, (trx) => insertAll(trx, files, owners, now));
}

/**
 * The older seasons' winners on their winners list that no entry backs yet (the demo
 * content's), in the list's order.
 */
function listedWinners(q: Kysely<Database>) {
  return q
    .selectFrom("winners")
    .select(["id", "year", "category_id", "title", "brand", "agency", "prize"])
    .where("year", "in", [...OLDER_YEARS])
    .where("entry_id", "is", null)
    .where("category_id", "is not", null)
    .orderBy("year")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

type ListedWinner = Awaited<ReturnType<typeof listedWinners>>[number];

interface LibraryFiles {
  images: DemoPictures;
  video: SharedFile;
  ideaVi: SharedFile;
  ideaEn: SharedFile;
  /** Private: never shown in the library. */
  legal: SharedFile;
  copyright: SharedFile;
}

/**
 * The shared objects the library's entries use: the pictures of each title (the ones the demo
 * entries stored are used again, the others stored here), the film (made again if the stored
 * one is the old placeholder) and the idea articles.
 */
async function demoLibraryFiles(
  db: Db,
  deps: DemoFileDeps,
  titles: readonly string[],
): Promise<LibraryFiles> {
  const stored = await db.kysely
    .selectFrom("entry_files")
    .select(["storage_key", "original_name", "mime", "bytes", "width", "height", "variants"])
    .distinct()
    .where("field", "=", "images")
    .where("storage_key", "like", `entries/demo/${DEMO_IMAGE_PREFIX}%`)
    .orderBy("storage_key")
    .execute();
  const byKey = new Map<string, SharedFile>();
  for (const row of stored) {
    const mediaId = (JSON.parse(row.variants) as { mediaId?: number } | null)?.mediaId;
    byKey.set(row.storage_key, {
      key: row.storage_key,
      name: row.original_name,
      mime: row.mime,
      bytes: Number(row.bytes),
      ...(row.width === null ? {} : { width: Number(row.width) }),
      ...(row.height === null ? {} : { height: Number(row.height) }),
      ...(typeof mediaId === "number" ? { mediaId } : {}),
    });
  }
  const images = await storeDemoPictures(deps, titles, byKey);

  const head = await deps.storage.get(DEMO_VIDEO_KEY, { start: 0, end: 63 });
  let headBytes = Buffer.alloc(0);
  if (head)
    for await (const chunk of head.body) headBytes = Buffer.concat([headBytes, chunk as Buffer]);
  let videoBytes = (await deps.storage.stat(DEMO_VIDEO_KEY))?.size ?? 0;
  let duration = 4;
  if (!isDemoFilm(headBytes)) {
    const film = await makeDemoVideo();
    await deps.storage.put(DEMO_VIDEO_KEY, film.data, { contentType: DEMO_VIDEO_MIME });
    videoBytes = film.data.length;
    duration = Math.round(film.duration);
  }
  const pdf = async (name: string, document: DemoDocumentName): Promise<SharedFile> => {
    const key = `entries/demo/${name}`;
    const existing = await deps.storage.stat(key);
    if (existing) return { key, name, mime: "application/pdf", bytes: existing.size };
    const data = await demoDocumentPdf(document);
    await deps.storage.put(key, data, { contentType: "application/pdf" });
    return { key, name, mime: "application/pdf", bytes: data.length };
  };
  return {
    images,
    video: {
      key: DEMO_VIDEO_KEY,
      name: "phim-quang-cao.mp4",
      mime: DEMO_VIDEO_MIME,
      bytes: videoBytes,
      width: 640,
      height: 360,
      duration,
    },
    ideaVi: await pdf("bai-viet-y-tuong.pdf", "ideaVi"),
    ideaEn: await pdf("idea-article.pdf", "ideaEn"),
    legal: await pdf("cam-ket-phap-ly.pdf", "legalCommitment"),
    copyright: await pdf("cam-ket-ban-quyen.pdf", "copyrightCommitment"),
  };
}

type Owner = { user_id: string; type: string; full_name: string; company_name: string | null };

async function insertAll(
  trx: Transaction<Database>,
  files: LibraryFiles,
  owners: Owner[],
  now: Date,
): Promise<void> {
  const random = seededRandom(2023);
  const when = (ms: number) =>
    new Date(Math.floor(Math.min(ms, now.getTime()) / 1000) * 1000).toISOString();
  const seasons = await trx
    .selectFrom("seasons")
    .select(["id", "year", "submission_opens_at", "submission_closes_at", "ceremony_at"])
    .where("year", "in", [...DEMO_LIBRARY_YEARS])
    .execute();
  const categories = await trx
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .select([
      "c.id",
      "c.code",
      "c.video_required",
      "c.allow_individual",
      "c.allow_enterprise",
      "t.id as track_id",
      "t.code as track_code",
      "t.season_id",
    ])
    .where(
      "t.season_id",
      "in",
      seasons.map((s) => s.id),
    )
    .execute();
  const sequences = await trx.selectFrom("entry_code_sequences").selectAll().execute();
  const lastNumber = new Map(sequences.map((s) => [`${s.season_id}:${s.prefix}`, s.last_number]));

  const entries: Insertable<Database["entries"]>[] = [];
  const rows: Insertable<EntryFileTable>[] = [];
  const history: Insertable<EntryStatusHistoryTable>[] = [];
  const prizes: Insertable<Database["prizes"]>[] = [];

  const listed = await listedWinners(trx);
  const links: { winnerId: number; entryId: string }[] = [];

  for (const year of OLDER_YEARS) {
    const season = seasons.find((s) => s.year === year);
    if (!season) continue;
    const seasonCategories = categories.filter((c) => c.season_id === season.id);
    if (seasonCategories.length === 0) continue;
    const opens = Date.parse(season.submission_opens_at ?? `${year}-08-01`);
    const closes = Date.parse(season.submission_closes_at ?? `${year}-10-30`);
    const ceremony = Date.parse(season.ceremony_at ?? `${year}-12-20`);
    // Each listed winner (with a prize and a category of the season) first, then the others.
    const planned: { status: EntryStatus; winner?: ListedWinner & { prize: WinnerPrize } }[] = [
      ...listed
        .filter((w) => Number(w.year) === year && isPrize(w.prize))
        .filter((w) => seasonCategories.some((c) => Number(c.id) === Number(w.category_id)))
        .map((w) => ({
          status: "winner" as const,
          winner: { ...w, prize: w.prize as WinnerPrize },
        })),
      ...Object.entries(DEMO_LIBRARY_COUNTS[year]).flatMap(([status, n]) =>
        Array.from({ length: n }, () => ({ status: status as EntryStatus })),
      ),
    ];
    const fits = (o: Owner, c: (typeof seasonCategories)[number]) =>
      o.type === "individual" ? c.allow_individual : c.allow_enterprise;
    for (const { status, winner } of planned) {
      const listedCategory = winner
        ? seasonCategories.find((c) => Number(c.id) === Number(winner.category_id))
        : undefined;
      const fitting = listedCategory ? owners.filter((o) => fits(o, listedCategory)) : [];
      const owner = random.pick(fitting.length > 0 ? fitting : owners);
      const allowed = seasonCategories.filter((c) => fits(owner, c));
      const category =
        listedCategory ?? random.pick(allowed.length > 0 ? allowed : seasonCategories);
      const prefix = entryCodePrefix({
        trackCode: category.track_code,
        seasonYear: year,
        categoryCode: category.code,
      });
      const counter = `${season.id}:${prefix}`;
      const sequence = (lastNumber.get(counter) ?? 0) + 1;
      lastNumber.set(counter, sequence);
      const id = demoUuid(random);
      const text = winner
        ? demoNamedEntryText(random, category.track_code, year, winner)
        : demoEntryText(random, category.track_code, year);
      const title =
        !winner && category.track_code === "VX" && random.chance(0.2)
          ? random.pick(SEARCHABLE_TITLES)
          : text.title;
      const submittedAt = opens + random.next() * (closes - opens);
      const createdAt = submittedAt - random.int(1, 10) * DAY;
      let at = submittedAt;
      let from: EntryStatus = "draft";
      const route = routeTo(status, random);
      for (const [index, [to, actor]] of route.entries()) {
        if (index > 0) at += Math.min(random.int(2, 120) * HOUR, (ceremony - at) * 0.3);
        history.push({
          entry_id: id,
          from_status: from,
          to_status: to,
          actor_user_id: actor === "entrant" ? owner.user_id : null,
          actor_role: actor === "entrant" ? "entrant" : "system",
          actor_name: actor === "entrant" ? owner.full_name : "",
          reason: "",
          changes_due_at: null,
          created_at: when(at),
        });
        from = to;
      }
      entries.push({
        id,
        owner_user_id: owner.user_id,
        season_id: season.id,
        track_id: category.track_id,
        category_id: category.id,
        code: formatEntryCode({
          trackCode: category.track_code,
          seasonYear: year,
          categoryCode: category.code,
          sequence,
        }),
        status,
        brand_name: text.brand,
        campaign_name: title,
        description_vi: text.descriptionVi,
        description_en: text.descriptionEn,
        start_month: random.int(1, 6),
        start_year: year,
        end_month: random.int(7, 12),
        end_year: year,
        video_link: "",
        // A listed winner's agency made it; a nominated person is named as its maker.
        credits: JSON.stringify(
          demoCredits(
            random,
            winner?.agency || owner.company_name,
            winner && category.track_code === "VXS" ? winner.title : owner.full_name,
          ),
        ),
        version: route.length + random.int(2, 9),
        created_at: when(createdAt),
        updated_at: when(at),
        submitted_at: when(submittedAt),
        withdrawn_at: null,
        status_version: route.length + 1,
        changes_due_at: null,
      });
      const hasVideo = Boolean(category.video_required) || random.chance(0.25);
      rows.push(...fileRows(random, files, id, { title, hasVideo, createdAt: when(createdAt) }));
      if (!hasVideo && random.chance(0.5)) {
        entries.at(-1)!.video_link = random.chance(0.7)
          ? `https://www.youtube.com/watch?v=${youtubeId(random)}`
          : `https://vimeo.com/${random.int(100_000_000, 999_999_999)}`;
      }
      if (winner) {
        prizes.push({
          season_id: season.id,
          entry_id: id,
          prize: winner.prize,
          created_at: when(ceremony - 7 * DAY),
          published_at: when(ceremony),
        });
        links.push({ winnerId: Number(winner.id), entryId: id });
      }
    }
  }

  await insertChunks(entries, (c) => trx.insertInto("entries").values(c).execute());
  await insertChunks(rows, (c) => trx.insertInto("entry_files").values(c).execute());
  await insertChunks(history, (c) => trx.insertInto("entry_status_history").values(c).execute());
  await insertChunks(prizes, (c) => trx.insertInto("prizes").values(c).execute());
  await saveCodeCounters(trx, lastNumber);
  // The winners list shows each winner through its entry from now on.
  for (const { winnerId, entryId } of links) {
    await trx
      .updateTable("winners")
      .set({ entry_id: entryId })
      .where("id", "=", winnerId)
      .execute();
  }

  // Every entry of the finished seasons that took part, 2025's judged ones included, published
  // on its season's ceremony day (2025's winners already are, by their publication).
  for (const season of seasons) {
    const published = await trx
      .selectFrom("entries")
      .select("id")
      .where("season_id", "=", season.id)
      .where("status", "in", [...PUBLISHABLE_STATUSES])
      .where("category_id", "is not", null)
      .orderBy("id")
      .execute();
    const ceremony = Date.parse(season.ceremony_at ?? `${season.year}-12-20T12:00:00Z`);
    await indexEntries(
      trx,
      published.map((e) => e.id),
      { at: when(ceremony), publishedBy: null },
    );
  }
}

/** A finished entry's files: its title's pictures, maybe the film and idea articles, the commitments. */
function fileRows(
  random: Random,
  files: LibraryFiles,
  entryId: string,
  options: { title: string; hasVideo: boolean; createdAt: string },
): Insertable<EntryFileTable>[] {
  const out: Insertable<EntryFileTable>[] = [];
  const row = (field: string, file: SharedFile, sortOrder = 0) =>
    out.push(fileRow(random, entryId, field, file, sortOrder, options.createdAt));
  picturesOf(files.images, options.title, entryId, random.int(1, 4)).forEach((image, i) =>
    row("images", image, i),
  );
  if (options.hasVideo) row("video", files.video);
  if (random.chance(0.7)) row("ideaArticleVi", files.ideaVi);
  if (random.chance(0.5)) row("ideaArticleEn", files.ideaEn);
  row("legalCommitment", files.legal);
  row("copyrightCommitment", files.copyright);
  return out;
}
