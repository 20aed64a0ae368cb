import { z } from "zod";

/**
 * The query string of a back-office table (`?q=&sort=&dir=&page=&pageSize=` plus named
 * filters), read the same way by every list: anything unknown or malformed falls back to the
 * list's defaults, sort columns and filter values come from the list's own allow-list, pages
 * count from 1.
 */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export type SortDir = "asc" | "desc";

export interface ListSpec<S extends string, F extends string = never> {
  /** Column keys a visitor may sort by (the first is the default unless `defaultSort`). */
  sorts: readonly S[];
  defaultSort?: S;
  defaultDir?: SortDir;
  defaultPageSize?: number;
  /** Allowed values of each filter parameter; any other value means "no filter". */
  filters?: Record<F, readonly string[]>;
}

export interface ListQuery<S extends string = string, F extends string = string> {
  q: string;
  sort: S;
  dir: SortDir;
  page: number;
  pageSize: number;
  filters: Partial<Record<F, string>>;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  /** The page shown, from 1, clamped into the existing pages. */
  page: number;
  pageSize: number;
  pageCount: number;
}

const raw = z.object({
  q: z.string().trim().max(200).catch(""),
  sort: z.string().max(64).optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().optional().catch(undefined),
});

type Params = URLSearchParams | Record<string, string | undefined>;

const get = (params: Params, name: string): string | undefined =>
  params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];

export function parseListQuery<S extends string, F extends string = never>(
  params: Params,
  spec: ListSpec<S, F>,
): ListQuery<S, F> {
  const parsed = raw.parse({
    q: get(params, "q") ?? "",
    sort: get(params, "sort"),
    dir: get(params, "dir"),
    page: get(params, "page") ?? 1,
    pageSize: get(params, "pageSize"),
  });
  const sort =
    parsed.sort && (spec.sorts as readonly string[]).includes(parsed.sort)
      ? (parsed.sort as S)
      : (spec.defaultSort ?? spec.sorts[0]!);
  const fallbackSize = spec.defaultPageSize ?? 25;
  const pageSize = (LIST_PAGE_SIZES as readonly number[]).includes(parsed.pageSize ?? -1)
    ? parsed.pageSize!
    : fallbackSize;
  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(spec.filters ?? {}) as [F, readonly string[]][]) {
    const value = get(params, name);
    if (value !== undefined && allowed.includes(value)) filters[name] = value;
  }
  return {
    q: parsed.q,
    sort,
    dir: parsed.dir ?? spec.defaultDir ?? "asc",
    page: parsed.page,
    pageSize,
    filters,
  };
}

/** Page count and the page actually shown (a page past the end shows the last one). */
export function clampPage(requested: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/** A LIKE pattern matching `text` anywhere, with `%`, `_` and `\` taken literally (ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
