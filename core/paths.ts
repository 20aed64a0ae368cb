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
