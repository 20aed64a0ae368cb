import { z } from "zod";
import { WINNER_PRIZES, type WinnerPrize } from "./content-admin";
import { JUDGED_FILE_FIELDS } from "./entry-limits";
import type { EntryStatus } from "./entry-status";
import type { ResponsiveImageData } from "./media-image";
import { foldForSearch } from "./search-text";

/**
 * The public entry library (`/bai-du-thi`, `/bai-thi/{id}`): which entries may be published,
 * the visitor's filter state as it lives in the URL, and the search terms a query becomes.
 */

/** Entries per library page. */
export const LIBRARY_PAGE_SIZE = 24;
/**
 * Search matches counted at most. A search matching more shows "more than" this number and
 * lists them in the default order (ranking and counting every match of a word found in most
 * entries would cost more than the page is worth); fewer matches are counted and ranked.
 */
export const LIBRARY_COUNT_MAX = 1_000;

/**
 * The list as JSON (`GET /api/library?<the page's query string>`): what the library page asks
 * for when the visitor refines it in the browser.
 */
export const LIBRARY_API_PATH = "/api/library";
/** Search words used at most; the rest of a long query is ignored. */
export const LIBRARY_SEARCH_TERMS_MAX = 8;
export const LIBRARY_QUERY_MAX = 200;
export const LIBRARY_CATEGORIES_MAX = 30;
/** Entries published or unpublished in one bulk action. */
export const LIBRARY_BULK_MAX = 500;

/** Statuses of entries that took part in the competition: only these may be published. */
export const PUBLISHABLE_STATUSES = [
  "accepted",
  "shortlisted",
  "finalist",
  "winner",
  "not_awarded",
] as const satisfies readonly EntryStatus[];

export function isPublishableStatus(status: string): boolean {
  return (PUBLISHABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * Files of a published entry a visitor may open: the work, as judges see it; commitments and
 * licences never.
 */
export const PUBLIC_ENTRY_FILE_FIELDS = JUDGED_FILE_FIELDS;

export function isPublicEntryFileField(field: string): boolean {
  return (PUBLIC_ENTRY_FILE_FIELDS as readonly string[]).includes(field);
}

/** The visitor's filter state: every part of it lives in the URL. */
export interface LibraryQuery {
  year: number | null;
  /** A track's code (stable across seasons). */
  track: string | null;
  /** A category group's slug within the track. */
  group: string | null;
  /** Category codes within the group ("sub-categories"), several at once. */
  categories: string[];
  prize: WinnerPrize | null;
  q: string;
  page: number;
}

const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const code = z
  .string()
  .trim()
  .regex(CODE)
  .transform((v) => v.toUpperCase());
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,80}$/);

const querySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).nullable().catch(null),
  track: code.nullable().catch(null),
  group: slug.nullable().catch(null),
  categories: z.array(z.string()).catch([]),
  prize: z.enum(WINNER_PRIZES).nullable().catch(null),
  q: z.string().catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function all(params: Params, name: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(name);
  const value = params[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * Reads the library's query string leniently: a malformed or unknown value means "no filter",
 * never an error page (links get shared and edited by hand). Categories only count with a group,
 * a group only with a track.
 */
export function parseLibraryQuery(params: Params): LibraryQuery {
  const first = (name: string) => all(params, name)[0] || null;
  const parsed = querySchema.parse({
    year: first("year"),
    track: first("track"),
    group: first("group"),
    categories: all(params, "category"),
    prize: first("prize"),
    q: first("q") ?? "",
    page: first("page") ?? 1,
  });
  const categories = [
    ...new Set(
      parsed.categories
        .map((c) => c.trim().toUpperCase())
        .filter((c) => CODE.test(c))
        .slice(0, LIBRARY_CATEGORIES_MAX),
    ),
  ];
  const track = parsed.track;
  const group = track ? parsed.group : null;
  return {
    year: parsed.year,
    track,
    group,
    categories: group ? categories : [],
    prize: parsed.prize,
    q: parsed.q.replace(/\s+/g, " ").trim().slice(0, LIBRARY_QUERY_MAX),
    page: parsed.page,
  };
}

/** The query string of a library state (canonical order, defaults left out, no leading `?`). */
export function libraryQueryString(query: Partial<LibraryQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.year) params.set("year", String(query.year));
  if (query.track) params.set("track", query.track);
  if (query.track && query.group) params.set("group", query.group);
  if (query.track && query.group)
    for (const c of query.categories ?? []) params.append("category", c);
  if (query.prize) params.set("prize", query.prize);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}

/** True when the visitor narrowed the library in any way (search or a filter). */
export function isFiltered(query: LibraryQuery): boolean {
  return Boolean(query.q || query.year || query.track || query.prize);
}

/**
 * The words of a search, folded like the index (case and Vietnamese marks ignored, `đ` as `d`)
 * and split where the index splits (anything not a letter or digit): "Quảng cáo" and
 * "quang  CAO" both give ["quang", "cao"]. All must match: whole words, the last one as a
 * prefix (the visitor may still be typing it).
 */
export function librarySearchTerms(q: string): string[] {
  const words = foldForSearch(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, 40));
  return [...new Set(words)].slice(0, LIBRARY_SEARCH_TERMS_MAX);
}

/** The publish and unpublish actions of the back office (one entry or a selection). */
export const publishEntriesSchema = z.object({
  intent: z.enum(["publish", "unpublish"], { message: "library.errors.intent" }),
  ids: z
    .array(z.string().uuid({ message: "library.errors.entry" }), {
      message: "library.errors.selection",
    })
    .min(1, { message: "library.errors.selection" })
    .max(LIBRARY_BULK_MAX, { message: "library.errors.tooMany" }),
});
export type PublishEntriesInput = z.output<typeof publishEntriesSchema>;

/** A label in both languages. */
export interface Bilingual {
  vi: string;
  en: string;
}

/** One card of the library list. */
export interface LibraryCard {
  id: string;
  code: string;
  title: string;
  brand: string;
  year: number;
  track: Bilingual & { code: string };
  category: Bilingual & { code: string };
  prize: WinnerPrize | null;
  image: ResponsiveImageData | null;
  hasVideo: boolean;
}

/** The choices the filter offers: years, and the category tree of the chosen year (or all). */
export interface LibraryFacets {
  years: number[];
  tracks: (Bilingual & {
    code: string;
    groups: (Bilingual & { slug: string; categories: (Bilingual & { code: string })[] })[];
  })[];
  prizes: WinnerPrize[];
}

export interface LibraryListPage {
  query: LibraryQuery;
  items: LibraryCard[];
  /** Entries matching the query (at most LIBRARY_COUNT_MAX for a search, see `totalCapped`). */
  total: number;
  /**
   * True when a search matched more than LIBRARY_COUNT_MAX entries: `total` is that number,
   * shown as "more than", and the items are in the default order rather than ranked.
   */
  totalCapped: boolean;
  /** The page shown (clamped into the existing pages). */
  page: number;
  pageSize: number;
  pageCount: number;
  /** Published entries in all, to tell "nothing published yet" from "no match". */
  published: number;
  facets: LibraryFacets;
}

export type LibraryVideo =
  | { kind: "file"; src: string; mime: string; poster: string | null }
  | { kind: "youtube" | "vimeo"; id: string; url: string };

/** A published entry as a visitor sees it: public fields and public files only. */
export interface LibraryEntry {
  id: string;
  code: string;
  title: string;
  brand: string;
  year: number;
  season: Bilingual;
  track: Bilingual & { code: string };
  group: Bilingual & { slug: string };
  category: Bilingual & { code: string };
  prize: WinnerPrize | null;
  descriptionVi: string;
  descriptionEn: string;
  period: {
    startMonth: number | null;
    startYear: number | null;
    endMonth: number | null;
    endYear: number | null;
  };
  credits: {
    companies: { name: string; role: string }[];
    people: { name: string; role: string }[];
  };
  images: ResponsiveImageData[];
  video: LibraryVideo | null;
  /** The idea article or slides, each in its language; PDFs open in the product's viewer. */
  documents: {
    field: string;
    lang: "vi" | "en";
    kind: "article" | "slides";
    url: string;
    mime: string;
  }[];
  /** A 1200×630 raster for link previews (absolute path on this site). */
  ogImage: string | null;
  publishedAt: string;
}

/**
 * A search document as the library indexes it: the texts folded and split exactly as
 * `librarySearchTerms` splits a query, joined by single spaces (both databases' tokenisers
 * then see the same words).
 */
export function librarySearchDocument(texts: readonly string[]): string {
  return texts
    .map((t) => foldForSearch(t))
    .join(" ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");
}

/** A public file of a published entry (video, idea article, slides), the same in both languages. */
export function libraryFilePath(entryId: string, fileId: string): string {
  return `/bai-thi/${entryId}/tep/${fileId}`;
}

/** The addresses `libraryFilePath` makes: `/bai-thi/<entry uuid>/tep/<file uuid>`. */
export const LIBRARY_FILE_PATH =
  /^\/bai-thi\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/tep\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An entry's documents in the order a reader wants them: the idea article before the slides,
 * each in the page's language first.
 */
export function inReadingOrder<T extends { lang: "vi" | "en"; kind: "article" | "slides" }>(
  documents: readonly T[],
  pageLang: "vi" | "en",
): T[] {
  const rank = (d: T) => (d.kind === "article" ? 0 : 2) + (d.lang === pageLang ? 0 : 1);
  return [...documents].sort((a, b) => rank(a) - rank(b));
}
