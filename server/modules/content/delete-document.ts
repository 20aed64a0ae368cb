import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { DocumentsService } from "../documents/service";
import type { ContentContext } from "./load";

/** Removes a criteria PDF (404 for an unknown id or a document of another kind). */
export async function deleteDocument(
  ctx: ContentContext,
  documents: DocumentsService,
  actor: Actor,
  id: number,
): Promise<Outcome> {
  const doc = await documents.find(id);
  if (!doc || doc.kind !== "criteria") return refusal(404, "adminContent.errors.notFound");
  await documents.remove(id);
  await ctx.audit.record(
    actor,
    "document.delete",
    { type: "document", id },
    { lang: doc.lang, title: doc.title },
  );
  ctx.onChange();
  return { ok: true };
}
