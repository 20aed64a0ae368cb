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
