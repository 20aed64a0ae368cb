import { blocksToText, type Block } from "./rich-text";

/** About this many characters of a page's description show in search results and link previews. */
export const DESCRIPTION_MAX = 160;

/** Tags that end a block of text: a space keeps the words on either side apart. */
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th)\b[^>]*>/gi;
/** Any other tag (inline markup): dropped. A lone "<" in prose is not a tag and stays. */
const OTHER_TAG = /<\/?[a-z][^>]*>/gi;
/** What a description should not end on before its "…". */
const TRAILING = /[\s,;:–—-]+$/u;

/**
 * A description from the start of a text: tags stripped, whitespace collapsed, and when longer
 * than `max`, cut after the last whole word that fits with the "…" that follows it (a word
 * longer than half of `max` is cut where it must be).
 */
export function excerpt(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(BLOCK_TAG, " ").replace(OTHER_TAG, "").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const space = flat[max - 1] === " " ? room.length : room.lastIndexOf(" ");
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(TRAILING, "")}…`;
}

/** A description from the start of a rich-text body, for a page without a summary of its own. */
export function bodyDescription(blocks: Block[], max = DESCRIPTION_MAX): string {
  return excerpt(blocksToText(blocks), max);
}
