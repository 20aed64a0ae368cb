import type {
  ContentPageInput,
  CriteriaDocumentInput,
  JuryMemberInput,
  WinnerInput,
} from "../../../core/content-admin";
import type { Db } from "../../db/database";
import type { Actor, AuditService } from "../audit/service";
import type { DocumentsService } from "../documents/service";
import type { SeasonsService } from "../seasons/service";
import { deleteDocument } from "./delete-document";
import { deleteJuror } from "./delete-juror";
import { deleteWinner } from "./delete-winner";
import {
  contentYears,
  listAdminWinners,
  listCriteriaDocuments,
  listJurors,
  listPages,
  winnerCategories,
} from "./listings";
import { loadJuror, loadWinner, type ContentContext } from "./load";
import { reorderJury } from "./reorder-jury";
import { saveDocument } from "./save-document";
import { saveJuror } from "./save-juror";
import { savePage } from "./save-page";
import { saveWinner } from "./save-winner";

export type { AdminJuryMember, AdminWinner } from "./load";
export type { AdminCategoryOption, AdminContentPage } from "./listings";
export { ADMIN_WINNERS_PAGE_SIZE } from "./listings";

/**
 * The back office of the public content (PRODUCT §7: pages and tracks, jury per year,
 * winners per year, criteria documents): the operations, each in its own file, bound to
 * their dependencies. Every write records its own audit entry and clears the HTML cache;
 * permissions are the callers' job (section `content`).
 */
export type ContentAdminService = ReturnType<typeof createContentAdminService>;

export function createContentAdminService(deps: {
  db: Db;
  audit: Pick<AuditService, "record">;
  documents: DocumentsService;
  seasons: Pick<SeasonsService, "current">;
  onChange: () => void;
  clock?: () => Date;
}) {
  const { documents } = deps;
  const ctx: ContentContext = {
    k: deps.db.kysely,
    audit: deps.audit,
    onChange: deps.onChange,
    clock: deps.clock ?? (() => new Date()),
  };
  const k = ctx.k;
  return {
    years: (kind: "jury" | "winners") => contentYears(k, kind),

    juryList: (year: number) => listJurors(k, year),
    juryGet: (id: number) => loadJuror(k, id),
    saveJuror: (actor: Actor, id: number | null, input: JuryMemberInput) =>
      saveJuror(ctx, actor, id, input),
    reorderJury: (actor: Actor, id: number, direction: "up" | "down") =>
      reorderJury(ctx, actor, id, direction),
    deleteJuror: (actor: Actor, id: number) => deleteJuror(ctx, actor, id),

    winnerCategories: (year: number) => winnerCategories(k, year),
    winnersList: (options: Parameters<typeof listAdminWinners>[1]) => listAdminWinners(k, options),
    winnerGet: (id: number) => loadWinner(k, id),
    saveWinner: (actor: Actor, id: number | null, input: WinnerInput) =>
      saveWinner(ctx, actor, id, input),
    deleteWinner: (actor: Actor, id: number) => deleteWinner(ctx, actor, id),

    /** The season whose pages the editor changes: the current one. */
    pagesSeason: async (): Promise<number | null> => (await deps.seasons.current())?.year ?? null,
    pages: (year: number) => listPages(k, year),
    savePage: (actor: Actor, year: number, input: ContentPageInput) =>
      savePage(ctx, actor, year, input),

    criteriaDocuments: () => listCriteriaDocuments(k, documents),
    saveDocument: (actor: Actor, input: CriteriaDocumentInput, data: Uint8Array) =>
      saveDocument(ctx, documents, actor, input, data),
    deleteDocument: (actor: Actor, id: number) => deleteDocument(ctx, documents, actor, id),
  };
}
