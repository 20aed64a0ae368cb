import type { CategoryNode } from "./category-tree";
import { ENTRY_IMAGES_MAX } from "./entry-limits";
import type { RegistrantType } from "./registration";

/**
 * What may enter: a registrant into a category (PRODUCT §2), another file into a draft
 * (seed §5). Each answers with the i18n key of the reason it may not, or null; the form uses
 * them to offer only what is allowed, the server to refuse the rest.
 */

/**
 * Seed §5 "a video already present is rejected": the i18n key of the reason a new video
 * (upload or link) cannot be added to the draft, or null. The entrant removes the one
 * there first. Once the entry is submitted (`replaces`), a new upload replaces the video
 * there instead, film or link (attach-file.ts): removing it first could leave the entry
 * without the video its category requires, which a submitted entry may not (core/entry.ts
 * `newlyMissing`).
 */
export function videoAdditionProblem(
  draft: {
    videoFileId?: string | undefined;
    videoLink?: string | undefined;
  },
  options: { replaces?: boolean } = {},
): string | null {
  if (options.replaces) return null;
  const present = (value: string | undefined) => (value ?? "").trim() !== "";
  return present(draft.videoLink) || present(draft.videoFileId)
    ? "validation.entryVideoPresent"
    : null;
}

/** The i18n key of the reason another image cannot be added to the draft, or null. */
export function imageAdditionProblem(draft: {
  imageIds?: readonly string[] | undefined;
}): string | null {
  return (draft.imageIds?.length ?? 0) >= ENTRY_IMAGES_MAX ? "validation.entryImagesMax" : null;
}

/**
 * Whether a registrant of `type` may enter the category (PRODUCT §2: per category, whether
 * an individual or only an enterprise may enter). The form lists only those categories; the
 * server refuses the others with `validation.entryCategoryNotOpen`.
 */
export function categoryOpenTo(
  category: Pick<CategoryNode, "allowIndividual" | "allowEnterprise">,
  type: RegistrantType,
): boolean {
  return type === "individual" ? category.allowIndividual : category.allowEnterprise;
}

/** The i18n key of the reason a registrant may not enter the category, or null. */
export function categoryProblem(
  category: Pick<CategoryNode, "allowIndividual" | "allowEnterprise">,
  type: RegistrantType,
): string | null {
  return categoryOpenTo(category, type) ? null : "validation.entryCategoryNotOpen";
}
