/**
 * A readable ASCII slug: Vietnamese letters lose their marks (đ → d), words join with `-`.
 * A slug longer than `maxLength` ends at the last whole word that fits ("…-can-biet", never
 * "…-can-b"); a single word longer than that is cut.
 */
export function slugify(text: string, maxLength = 80): string {
  const full = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (full.length <= maxLength) return full;
  const wordEnd = full.lastIndexOf("-", maxLength);
  return (wordEnd > 0 ? full.slice(0, wordEnd) : full.slice(0, maxLength)).replace(/-+$/g, "");
}

/** The path segment of an article: `{slug}-{id}`; the id decides, the slug is for people. */
export function articleSegment(slug: string, id: number): string {
  return slug ? `${slug}-${id}` : String(id);
}

/** The id at the end of `{slug}-{id}` (or a bare id), or null. */
export function parseArticleSegment(segment: string): { slug: string; id: number } | null {
  const match = /^(?:(.*)-)?(\d{1,9})$/.exec(segment);
  if (!match) return null;
  const id = Number(match[2]);
  return id > 0 ? { slug: match[1] ?? "", id } : null;
}
