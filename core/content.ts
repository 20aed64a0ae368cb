import type { Lang } from "./languages";
import type { ResponsiveImageData } from "./media-image";
import type { Block } from "./rich-text";

/** Public content as pages receive it (one language, English already falling back to Vietnamese). */
export interface Paged<T> {
  items: T[];
  /** The page shown, from 1 (clamped into the existing pages). */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * The fields of a record an English page shows in Vietnamese, since they have no English text:
 * pages mark them `lang="vi"` so screen readers pronounce them as Vietnamese.
 */
export type InVietnamese<F extends string> = Partial<Record<F, true>>;

/**
 * `inVi` for a record read in `lang`: each field whose English text is missing (`true` in
 * `missingEn`) when the page is English. Nothing at all when none falls back, so pages in
 * Vietnamese and fully translated ones carry no extra data.
 */
export function vietnameseFallbacks<F extends string>(
  lang: Lang,
  missingEn: Record<F, boolean>,
): { inVi?: InVietnamese<F> } {
  if (lang !== "en") return {};
  const fields = (Object.keys(missingEn) as F[]).filter((field) => missingEn[field]);
  if (fields.length === 0) return {};
  return { inVi: Object.fromEntries(fields.map((field) => [field, true])) as InVietnamese<F> };
}

export interface NewsSummary {
  id: number;
  slug: string;
  title: string;
  summary: string;
  coverImage: string | null;
  /** The cover with its responsive variants when it is in the media library (else null). */
  coverImageData?: ResponsiveImageData | null;
  publishedAt: string;
  inVi?: InVietnamese<"title" | "summary">;
}

export interface NewsArticle extends Omit<NewsSummary, "inVi"> {
  inVi?: InVietnamese<"title" | "summary" | "body">;
  /** og:image: the article's 1200×630 JPEG preview (`/og/tin-tuc/…`, core/social-image.ts). */
  shareImage: string | null;
  body: Block[];
  updatedAt: string;
  /** The slug of each language, for the language switcher and hreflang. */
  slugs: Record<Lang, string>;
}

export interface JuryMember {
  id: number;
  name: string;
  title: string;
  organisation: string;
  bio: string;
  photo: string | null;
  /** The photo with its responsive variants when it is in the media library (else null). */
  photoImage?: ResponsiveImageData | null;
  isChair: boolean;
  inVi?: InVietnamese<"title" | "bio">;
}

export interface Winner {
  id: number;
  title: string;
  brand: string;
  agency: string;
  category: string;
  /**
   * The category's group (`Truyền hình` for `Chiến dịch`): several groups have a category of
   * the same name. Empty when the winner has its own label; left out where cards are compact.
   */
  group?: string;
  categoryCode: string | null;
  prize: string;
  image: string | null;
  /** The image with its responsive variants when it is in the media library (else null). */
  imageData?: ResponsiveImageData | null;
  videoUrl: string | null;
  entryId: string | null;
  /** `category`: the category line (its group and name). */
  inVi?: InVietnamese<"category">;
}

export interface WinnerCategoryOption {
  code: string;
  name: string;
  group: string;
}

export interface ContentPage {
  title: string;
  summary: string;
  body: Block[];
  inVi?: InVietnamese<"title" | "summary" | "body">;
}
