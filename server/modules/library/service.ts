import type { Lang } from "../../../core/languages";
import type { LibraryQuery, PublishEntriesInput } from "../../../core/library";
import type { Db } from "../../db/database";
import type { Actor } from "../audit/service";
import { libraryContext, type LibraryDeps } from "./context";
import { getLibraryEntry } from "./get-library-entry";
import { indexEntries } from "./index-entry";
import { listLibrary } from "./list-library";
import { publicEntryFile } from "./public-file";
import { publishEntries } from "./publish-entries";
import { removeFromLibrary } from "./remove-from-library";
import { sitemapEntries } from "./sitemap-entries";

export type LibraryService = ReturnType<typeof createLibraryService>;
export type { LibraryDeps } from "./context";

/**
 * The public entry library (PRODUCT §6): the visitors' list and entry pages, the public files
 * of published entries, and the staff's publishing. Each operation lives in its own file.
 */
export function createLibraryService(db: Db, deps: LibraryDeps) {
  const ctx = libraryContext(db, deps);
  return {
    list: (query: LibraryQuery, _lang?: Lang) => listLibrary(ctx, query),
    entry: (id: string, lang: Lang) => getLibraryEntry(ctx, id, lang),
    file: (entryId: string, fileId: string) => publicEntryFile(ctx, entryId, fileId),
    publish: (actor: Actor, input: PublishEntriesInput) => publishEntries(ctx, actor, input),
    /** Published entries for the sitemap, newest first (bounded by the protocol's size). */
    sitemapEntries: () => sitemapEntries(ctx),
    /** Since when an entry is in the library (ISO), or null. */
    async publishedAt(entryId: string): Promise<string | null> {
      const row = await db.kysely
        .selectFrom("library_entries")
        .select("published_at")
        .where("entry_id", "=", entryId)
        .executeTakeFirst();
      return row?.published_at ?? null;
    },
    /** Puts entries in the library without checks or audit (demo data, the bench). */
    index: (ids: readonly string[], publishedBy: string | null = null) =>
      indexEntries(db.kysely, ids, { at: ctx.now(), publishedBy }),
    unindex: (ids: readonly string[]) => removeFromLibrary(db.kysely, ids),
    /** Content changed somewhere (a season's categories): read the filter offers again. */
    forgetKept: () => ctx.facets.clear(),
  };
}
