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
