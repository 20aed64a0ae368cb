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
 * category, so a back-office list mixing groups names each with its code ("TVC · Chiến dịch").
 */
export function qualifiedCategoryName(code: string, name: Bilingual): Bilingual {
  const join = (a: string, b: string) => (a === "" ? b : `${a} · ${b}`);
  return { vi: join(code, name.vi), en: join(code, name.en || name.vi) };
}

/**
 * A category as entrants read it, after its group ("Truyền hình – Chiến dịch"), as the entry
 * form and the dashboard show it; the bare name when the group is not known.
 */
export function categoryInGroup(
  group: { vi: string | null; en: string | null },
  name: { vi: string; en: string | null },
): Bilingual {
  const en = name.en || name.vi;
  return group.vi
    ? { vi: `${group.vi} – ${name.vi}`, en: `${group.en || group.vi} – ${en}` }
    : { vi: name.vi, en };
}
