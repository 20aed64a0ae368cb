/** The seed's Vietnamese paths (seed §2); English pages live at the same path under `/en`. */
export const PATHS = {
  home: "/",
  registration: "/dang-ky-du-thi",
  submitEntry: "/nop-bai-du-thi",
  payment: "/nop-bai-du-thi/thanh-toan",
  library: "/bai-du-thi",
  entryDetail: "/bai-thi",
  news: "/tin-tuc-cuoc-thi",
  awardIntroduction: "/gioi-thieu-giai-thuong",
  jury: "/chuyen-gia-dong-hanh",
  winners: "/danh-sach-thang-giai",
  pdf: "/pdf",
} as const;

/** The three prize tracks and their routes (PRODUCT §2). */
export const TRACK_SLUGS = ["van-xuan", "van-xuan-classic", "van-xuan-stars"] as const;
export type TrackSlug = (typeof TRACK_SLUGS)[number];

export function isTrackSlug(value: unknown): value is TrackSlug {
  return typeof value === "string" && (TRACK_SLUGS as readonly string[]).includes(value);
}

/** A `?year=` value if it is one of the allowed years, otherwise null. */
export function parseListedYear(value: string | null, allowed: readonly number[]): number | null {
  if (value === null || !/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return allowed.includes(year) ? year : null;
}

/**
 * Where to go after signing in (`?next=`): only a path on this site, otherwise `fallback`.
 * Refused: absolute and protocol-relative URLs (`https://…`, `//evil`), backslashes (`/\evil`,
 * which browsers read as `//`), control characters and whitespace a browser strips (`/\t/evil`),
 * and the same hidden behind percent-encoding (`/%09/evil`, `/%2F/evil`, `/%5Cevil`, twice
 * encoded too). The answer is the parsed path, query and fragment, never the raw input.
 */
export function safeNextPath(value: string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  let decoded = value;
  for (let round = 0; round < 4; round += 1) {
    if (!isPlainPath(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!isPlainPath(decoded)) return fallback;
  const base = "http://next.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}

/**
 * One slash, then neither a second slash, a backslash nor a space of any kind (browsers drop
 * some of them, leaving `//host`); nowhere a backslash, control character or invisible mark.
 */
function isPlainPath(value: string): boolean {
  if (!value.startsWith("/")) return false;
  if (/^\/[/\\\s\u200b-\u200f\u2028-\u202f\u2060\ufeff]/.test(value)) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060\ufeff\\]/.test(value);
}
