import type { Bilingual } from "./languages";

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

/**
 * A category's name that tells it apart from its namesakes: several groups have a "Campaigns"
 * category, so a list mixing groups names each one with what precedes it — its code in the
 * back office ("TVC · Chiến dịch"), its group's name on public pages ("Truyền hình · Chiến dịch").
 */
export function qualifiedCategoryName(prefix: Bilingual | string, name: Bilingual): Bilingual {
  const before = typeof prefix === "string" ? { vi: prefix, en: prefix } : prefix;
  const join = (a: string, b: string) => (a === "" ? b : `${a} · ${b}`);
  return { vi: join(before.vi, name.vi), en: join(before.en || before.vi, name.en || name.vi) };
}
