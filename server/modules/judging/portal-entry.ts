import { extname } from "node:path";
import { JUDGED_FILE_FIELDS, judgedThroughCopy } from "../../../core/entry-limits";
import type { ResponsiveImageData } from "../../../core/media-image";
import { roundScoringState } from "../../../core/judging-rounds";
import type { JudgeCopyState } from "../media/judge-copies";
import type { JudgingContext } from "./context";
import { assignedEntries, loadRound } from "./queries";
import type { BlindEntry, BlindFile, JudgeIdentity, PortalRound } from "./types";

/** How long the file links of a scoring page work: every page load signs new ones. */
export const JUDGE_LINK_SECONDS = 30 * 60;

/**
 * One assigned entry for scoring, blind (PRODUCT §4): the code, category, title, brand, the
 * descriptions and the work. No owner, no credits, no original file names: every link is
 * named after the entry code. With the round, whether it takes scores today (open but outside
 * its dates, the sheet is shown read-only). Null when the entry is not the judge's to see.
 */
export async function portalEntry(
  ctx: JudgingContext,
  judge: JudgeIdentity,
  roundId: number,
  entryId: string,
): Promise<{
  round: PortalRound;
  entry: BlindEntry;
  neighbours: { previous: string | null; next: string | null };
} | null> {
  const q = ctx.db.kysely;
  const round = await loadRound(q, roundId);
  if (!round || round.seasonId !== judge.seasonId || round.state !== "open") return null;
  const list = await assignedEntries(q, round, judge.id);
  const index = list.findIndex((e) => e.id === entryId);
  if (index === -1) return null;
  const { ownerUserId: _owner, ...assigned } = list[index]!;
  const row = await q
    .selectFrom("entries as e")
    .leftJoin("tracks as t", "t.id", "e.track_id")
    .select([
      "e.description_vi",
      "e.description_en",
      "e.start_month",
      "e.start_year",
      "e.end_month",
      "e.end_year",
      "e.video_link",
      "t.name_vi as track_vi",
      "t.name_en as track_en",
    ])
    .where("e.id", "=", entryId)
    .executeTakeFirstOrThrow();
  const files = await q
    .selectFrom("entry_files")
    .select(["id", "field", "storage_key", "mime", "variants", "sort_order"])
    .where("entry_id", "=", entryId)
    .where("field", "in", JUDGED_FILE_FIELDS)
    .orderBy("field")
    .orderBy("sort_order")
    .execute();
  const blindFiles = await signFiles(ctx, assigned.code, files);
  return {
    round: { ...round, scoring: roundScoringState(round, ctx.today()) },
    entry: {
      ...assigned,
      descriptionVi: row.description_vi,
      descriptionEn: row.description_en,
      period: {
        startMonth: row.start_month,
        startYear: row.start_year,
        endMonth: row.end_month,
        endYear: row.end_year,
      },
      videoLink: row.video_link,
      files: blindFiles,
      track: row.track_vi !== null ? { vi: row.track_vi, en: row.track_en ?? "" } : null,
    },
    neighbours: {
      previous: index > 0 ? list[index - 1]!.id : null,
      next: index < list.length - 1 ? list[index + 1]!.id : null,
    },
  };
}

async function signFiles(
  ctx: JudgingContext,
  code: string,
  files: {
    id: string;
    field: string;
    storage_key: string;
    mime: string;
    variants: string;
  }[],
): Promise<BlindFile[]> {
  const mediaIds = files.map((f) => {
    try {
      const id = (JSON.parse(f.variants) as { mediaId?: unknown }).mediaId;
      return f.field === "images" && typeof id === "number" ? id : null;
    } catch {
      return null;
    }
  });
  const wanted = mediaIds.filter((id): id is number => id !== null);
  const resolved =
    ctx.deps.images && wanted.length > 0
      ? await ctx.deps.images.resolveMany(wanted.map((mediaId) => ({ mediaId })))
      : [];
  const images = new Map(wanted.map((id, i) => [id, resolved[i] ?? null]));
  const copiedKeys = files.filter((f) => judgedThroughCopy(f.field)).map((f) => f.storage_key);
  const copies =
    copiedKeys.length > 0 && ctx.deps.judgeCopies
      ? await ctx.deps.judgeCopies.statesOf(copiedKeys)
      : new Map<string, JudgeCopyState>();
  const counters = new Map<string, number>();
  return files.map((f, i) => {
    const n = (counters.get(f.field) ?? 0) + 1;
    counters.set(f.field, n);
    const ext = extname(f.storage_key)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, "");
    const name = `${code || "entry"}-${f.field}${f.field === "images" ? `-${n}` : ""}${ext}`;
    const mediaId = mediaIds[i];
    const resolvedImage = mediaId !== null && mediaId !== undefined ? images.get(mediaId) : null;
    const image: ResponsiveImageData | null = resolvedImage
      ? { ...resolvedImage, alt: null, sizes: "(min-width: 64rem) 30rem, 100vw" }
      : null;
    const sign = (key: string) =>
      ctx.deps.storage.signedUrl(key, {
        ttlSeconds: JUDGE_LINK_SECONDS,
        filename: name,
        disposition: "inline",
        contentType: f.mime,
      });
    // A picture goes to the judge re-encoded (its variants), never as the uploaded file: the
    // original keeps its camera and author metadata (EXIF), which can name the agency. One
    // with no variant to show (its record is missing) is withheld like a film without its copy.
    if (f.field === "images") {
      return resolvedImage?.src
        ? { id: f.id, field: f.field, url: resolvedImage.src, mime: f.mime, image, withheld: null }
        : { id: f.id, field: f.field, url: null, mime: f.mime, image: null, withheld: "failed" };
    }
    // The film and the documents likewise go as their judges' copies (no author, company,
    // editing history or place); while one is not made, or when it cannot be, the judge gets
    // no link at all.
    if (judgedThroughCopy(f.field)) {
      const copy = copies.get(f.storage_key) ?? { state: "pending" };
      return copy.state === "ready"
        ? { id: f.id, field: f.field, url: sign(copy.copyKey), mime: f.mime, image, withheld: null }
        : { id: f.id, field: f.field, url: null, mime: f.mime, image, withheld: copy.state };
    }
    return {
      id: f.id,
      field: f.field,
      url: sign(f.storage_key),
      mime: f.mime,
      image,
      withheld: null,
    };
  });
}
