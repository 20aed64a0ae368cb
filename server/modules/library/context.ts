import type { Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AuditService } from "../audit/service";
import type { MediaService } from "../media/service";
import type { Storage } from "../storage";
import { createFacetMemo, type FacetMemo } from "./facet-memo";

export interface LibraryDeps {
  audit?: Pick<AuditService, "record">;
  /** Entry images' variants (public once their entry is published). */
  images?: Pick<MediaService, "resolveMany">;
  /** The entries' files, for the public file route. */
  storage?: Storage;
  /** Called when what visitors see changes (clears the anonymous HTML cache). */
  onContentChange?: () => void;
  clock?: () => Date;
}

/** A query runner: the database or the transaction an operation runs in. */
export type Q = Kysely<Database>;

export interface LibraryContext {
  db: Db;
  deps: LibraryDeps;
  /** What the filters offer, kept per library version (list-library.ts). */
  facets: FacetMemo;
  clock: () => Date;
  now: () => string;
}

export function libraryContext(db: Db, deps: LibraryDeps): LibraryContext {
  const clock = deps.clock ?? (() => new Date());
  return { db, deps, clock, now: () => clock().toISOString(), facets: createFacetMemo() };
}
