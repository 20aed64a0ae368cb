import type { Lang } from "./languages";

/** A bilingual text as stored: English falls back to Vietnamese when empty (PRODUCT §6). */
export interface Bilingual {
  vi: string;
  en: string;
}

export function pickLang(text: Bilingual, lang: Lang): string {
  return lang === "en" && text.en.trim() !== "" ? text.en : text.vi;
}

export interface CategoryNode {
  slug: string;
  code: string;
  name: Bilingual;
  description: Bilingual;
  feeVnd: number;
  videoRequired: boolean;
  allowIndividual: boolean;
  allowEnterprise: boolean;
}

export interface CategoryGroupNode {
  slug: string;
  name: Bilingual;
  categories: CategoryNode[];
}

export interface TrackNode {
  slug: string;
  code: string;
  name: Bilingual;
  tagline: Bilingual;
  groups: CategoryGroupNode[];
}
