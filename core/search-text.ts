/**
 * Text as search compares it: lower case, Vietnamese (and other Latin) marks removed, `đ` as
 * `d`, runs of white space as one space. "Quảng Cáo ĐÔNG" and "quang cao dong" fold the same,
 * so a search typed without diacritics finds text written with them, and the other way round.
 * The database applies the same function (`vx_fold`, see server/db/database.ts) to columns.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A LIKE pattern matching `text` anywhere in a folded column (`%`, `_` and `\` escaped). */
export function foldedLikePattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The column side of a folded search: `foldForSearch` without the white-space handling, so
 * the SQL function gives the same answer on SQLite (this function) and PostgreSQL (the
 * `vx_fold` that migration 0011 writes from `VIETNAMESE_FOLD_PAIRS`).
 */
export function foldColumnText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d")
    .toLowerCase();
}

/**
 * A key that orders text in Vietnamese alphabetical order when compared byte by byte:
 * a ă â b c d đ e ê … o ô ơ … u ư …, case ignored, tone marks left to the tie-break (the
 * text itself). Decomposed, the tone marks are dropped; the marks that make a letter of their
 * own stay right after it, so "an" < "az" < "ăn" < "ân" < "b": the breve (U+0306) keeps its
 * place, the circumflex becomes U+0307 to sort after it, the horn (U+031B) after both, and
 * đ is d followed by U+0307. The database applies the same function (`vx_sort`) to columns.
 */
export function vietnameseSortKey(text: string): string {
  return text
    .normalize("NFD")
    .toLowerCase()
    .replace(/[\u0300\u0301\u0303\u0309\u0323]/g, "")
    .replace(/\u0302/g, "\u0307")
    .replace(/[đĐ]/g, "d\u0307");
}
