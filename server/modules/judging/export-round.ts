import { qualifiedCategoryName } from "../../../core/category-tree";
import { pickLang, type Lang } from "../../../core/languages";
import { catalogueText as text } from "../exports/catalogue-text";
import {
  exportFileName,
  SHEET_CONTENT_TYPES,
  writeSheet,
  type SheetColumn,
  type SheetFormat,
} from "../exports/spreadsheet";
import type { Actor } from "../audit/service";
import { exportSummary } from "../exports/export-summary";
import type { JudgingContext } from "./context";
import { inRound, loadRound, scoreCounts } from "./queries";
import { roundResults, type ResultRow } from "./round-results";

export type RoundExportKind = "scores" | "ranking";

const round2 = (n: number | undefined) => (n === undefined ? null : Math.round(n * 1000) / 1000);

/**
 * A round's export (PRODUCT §4): `scores` — one line per entry, judge and criterion — or
 * `ranking` — the aggregated figures per entry, ranked per category by the round's method.
 * CSV (UTF-8 with BOM) or XLSX, headings in the reader's language. Null when no such round.
 */
export async function exportRound(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  kind: RoundExportKind,
  format: SheetFormat,
  lang: Lang,
) {
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return null;
  const h = (key: string) => text(lang, `judgingAdmin.export.columns.${key}`);
  // The season in the name: a file of last year's rounds is not taken for this year's.
  const season = await ctx.db.kysely
    .selectFrom("seasons")
    .select("year")
    .where("id", "=", round.seasonId)
    .executeTakeFirst();
  const stem = `cham-giai-${season ? `${season.year}-` : ""}vong-${round.position}-${kind === "scores" ? "diem" : "xep-hang"}`;
  if (kind === "ranking") {
    const results = (await roundResults(ctx, roundId))!;
    type Line = ResultRow & { category: string };
    const rows: Line[] = results.categories.flatMap((c) =>
      c.rows.map((r) => ({ ...r, category: c.category ? pickLang(c.category, lang) : "" })),
    );
    const columns: SheetColumn<Line>[] = [
      { header: h("category"), width: 28, value: (r) => r.category },
      { header: h("rank"), width: 8, value: (r) => r.rank ?? null },
      { header: h("tied"), width: 8, value: (r) => (r.tied ? "✓" : "") },
      { header: h("code"), width: 16, value: (r) => r.code },
      { header: h("title"), width: 34, value: (r) => r.title },
      { header: h("brand"), width: 20, value: (r) => r.brand },
      { header: h("count"), width: 8, value: (r) => r.count },
      { header: h("mean"), width: 10, value: (r) => round2(r.mean) },
      { header: h("trimmedMean"), width: 12, value: (r) => round2(r.trimmedMean) },
      { header: h("normalised"), width: 12, value: (r) => round2(r.normalised) },
      { header: h("spread"), width: 10, value: (r) => round2(r.spread) },
      {
        header: h("prize"),
        width: 14,
        value: (r) => (r.prize ? text(lang, `winners.prize.${r.prize}`) : ""),
      },
    ];
    const body = await writeSheet(format, pickLang(round.name, lang), columns, rows);
    await recordExport(ctx, actor, roundId, kind, format, rows.length);
    return {
      fileName: exportFileName(stem, format, ctx.clock()),
      contentType: SHEET_CONTENT_TYPES[format],
      body,
    };
  }
  const scores = await ctx.db.kysely
    .selectFrom("scores as s")
    .innerJoin("entries as e", "e.id", "s.entry_id")
    .innerJoin("judges as j", "j.id", "s.judge_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .select([
      "e.code",
      "e.campaign_name",
      "c.code as category_code",
      "c.name_vi",
      "c.name_en",
      "j.name",
      "s.scores",
      "s.comment",
      "s.total",
      "s.updated_at",
    ])
    .where("s.round_id", "=", roundId)
    .where(inRound(round))
    // As in the results: a judge's score on an entry they declared a conflict on does not count.
    .where(scoreCounts)
    .orderBy("e.code")
    .orderBy("j.name")
    .execute();
  type Line = {
    code: string;
    title: string;
    category: string;
    judge: string;
    criterion: string;
    weight: number;
    score: number | null;
    total: number;
    comment: string;
    at: string;
  };
  const rows: Line[] = scores.flatMap((s) => {
    const values = JSON.parse(s.scores) as Record<string, number>;
    return round.criteria.map((c) => ({
      code: s.code ?? "",
      title: s.campaign_name,
      category:
        s.name_vi !== null
          ? pickLang(
              qualifiedCategoryName(s.category_code ?? "", { vi: s.name_vi, en: s.name_en ?? "" }),
              lang,
            )
          : "",
      judge: s.name,
      criterion: pickLang(c.name, lang),
      weight: c.weight,
      score: values[c.key] ?? null,
      total: Number(s.total),
      comment: s.comment,
      at: s.updated_at,
    }));
  });
  const columns: SheetColumn<Line>[] = [
    { header: h("code"), width: 16, value: (r) => r.code },
    { header: h("title"), width: 30, value: (r) => r.title },
    { header: h("category"), width: 24, value: (r) => r.category },
    { header: h("judge"), width: 24, value: (r) => r.judge },
    { header: h("criterion"), width: 36, value: (r) => r.criterion },
    { header: h("weight"), width: 8, value: (r) => r.weight },
    { header: h("score"), width: 8, value: (r) => r.score },
    { header: h("total"), width: 10, value: (r) => r.total },
    { header: h("comment"), width: 40, value: (r) => r.comment },
  ];
  const body = await writeSheet(format, pickLang(round.name, lang), columns, rows);
  await recordExport(ctx, actor, roundId, kind, format, rows.length);
  return {
    fileName: exportFileName(stem, format, ctx.clock()),
    contentType: SHEET_CONTENT_TYPES[format],
    body,
  };
}

/** Every download of a round's scores or ranking is audited: who, which, how many rows. */
async function recordExport(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  kind: RoundExportKind,
  format: SheetFormat,
  rows: number,
) {
  await ctx.deps.audit?.record(
    actor,
    "round.export",
    { type: "round", id: roundId },
    exportSummary(format, rows, {}, { kind }),
  );
}
