/**
 * The rule for links an admin enters and the site renders as `href`. Its own module, free of
 * zod, because the public pages' footer checks stored links with it in the browser.
 */

/** The schemes a link the site renders may have; `javascript:`, `data:` and the rest never. */
const LINK_SCHEME = /^(https?:\/\/|mailto:)/i;
const CONTROL_OR_SPACE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

export type LinkProblem = "url" | "scheme";

/**
 * What is wrong with a link an admin enters for the site to render (`href`), or null. Only
 * `http(s)://` and `mailto:` links pass, spelled out at the very start: browsers drop tabs,
 * newlines and leading control characters from an address, so any whitespace or control
 * character at all is refused rather than cleaned (`java\tscript:` must not become a link).
 */
export function linkProblem(value: string): LinkProblem | null {
  // What a browser would make of it: without whitespace and control characters.
  const squeezed = value.replace(new RegExp(CONTROL_OR_SPACE.source, "g"), "");
  const otherScheme = /^[a-z][a-z0-9+.-]*:/i.test(squeezed) && !LINK_SCHEME.test(squeezed);
  if (otherScheme) return "scheme";
  if (CONTROL_OR_SPACE.test(value) || !LINK_SCHEME.test(value)) return "url";
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return "url";
  }
  if (!["http:", "https:", "mailto:"].includes(parsed.protocol)) return "scheme";
  if (parsed.protocol !== "mailto:" && parsed.hostname === "") return "url";
  if (parsed.protocol === "mailto:" && parsed.pathname === "") return "url";
  return null;
}

/** Whether a stored link may be rendered as a link (values saved before the rule was stricter). */
export function isSafeLink(value: string): boolean {
  return linkProblem(value) === null;
}
