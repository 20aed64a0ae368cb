import type { CriteriaDocumentInput } from "../../../core/content-admin";
import { fieldRefusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { DocumentRejected, type DocumentsService, type PublicDocument } from "../documents/service";
import { loadSeasonId, type ContentContext } from "./load";

/** Why the documents store refused a file, as the upload form's field error. */
const REJECTED: Record<DocumentRejected["reason"], string> = {
  empty: "adminContent.errors.documentEmpty",
  tooLarge: "adminContent.errors.documentTooLarge",
  notPdf: "adminContent.errors.documentNotPdf",
};

/**
 * Stores a season's criteria PDF in one language and retires the earlier ones of that
 * language (the criteria modal shows the new one). Refuses an unknown season and an empty,
 * oversized or non-PDF file; a refused file leaves the current one in place.
 */
export async function saveDocument(
  ctx: ContentContext,
  documents: DocumentsService,
  actor: Actor,
  input: CriteriaDocumentInput,
  data: Uint8Array,
): Promise<Outcome<{ document: PublicDocument }>> {
  const seasonId = await loadSeasonId(ctx.k, input.year);
  if (seasonId === null) return fieldRefusal({ year: "adminContent.errors.year" });
  const earlier = (await documents.ofSeason(input.year, "criteria")).filter(
    (d) => d.lang === input.lang,
  );
  const title =
    input.title ||
    (input.lang === "vi" ? `Tiêu chí giải thưởng ${input.year}` : `Award criteria ${input.year}`);
  let added: PublicDocument;
  try {
    added = await documents.add({ seasonId, kind: "criteria", lang: input.lang, title, data });
  } catch (error) {
    if (error instanceof DocumentRejected) return fieldRefusal({ file: REJECTED[error.reason] });
    throw error;
  }
  for (const old of earlier) await documents.remove(old.id);
  await ctx.audit.record(
    actor,
    earlier.length > 0 ? "document.replace" : "document.create",
    { type: "document", id: added.id },
    { year: input.year, lang: input.lang, bytes: added.bytes, replaced: earlier.length },
  );
  ctx.onChange();
  return { ok: true, document: added };
}
