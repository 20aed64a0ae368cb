import type { RefObject } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import {
  FILE_FIELD_OF_PATH,
  missingRequirements,
  type SubmissionOptions,
} from "../../../core/entry";
import type { EntryFileField } from "../../../core/entry-limits";
import { useHydrated } from "../../hydration/form-state";
import { fieldId } from "./fields";
import { TEXT_FIELDS, type EntryFormValues } from "./types";

/** The entry file field behind a form path (`videoFileId` → `video`): core's table. */
export const FILE_FIELD_BY_PATH: Readonly<Record<string, EntryFileField>> = FILE_FIELD_OF_PATH;

/** The i18n key naming the field a path points at, for a missing item to say which it is. */
const FIELD_NAME_KEYS: Readonly<Record<string, string>> = {
  trackId: "entry.missing.track",
  categoryId: "entry.missing.category",
  brandName: "entry.missing.brandName",
  campaignName: "entry.missing.campaignName",
  descriptionVi: "entry.missing.descriptionVi",
  descriptionEn: "entry.missing.descriptionEn",
  startMonth: "entry.missing.startMonth",
  startYear: "entry.missing.startYear",
  endMonth: "entry.fields.endMonth.label",
  endYear: "entry.fields.endYear.label",
  videoLink: "entry.fields.videoLink.label",
  imageIds: "entry.fields.images.label",
  videoFileId: "entry.missing.video",
  ideaArticleViFileId: "entry.missing.ideaArticleOrSlides",
  ideaArticleEnFileId: "entry.fields.ideaArticleEn.label",
  slidesViFileId: "entry.fields.slidesVi.label",
  slidesEnFileId: "entry.fields.slidesEn.label",
  legalCommitmentFileId: "entry.missing.legalCommitment",
  copyrightCommitmentFileId: "entry.missing.copyrightCommitment",
  credits: "entry.fields.credits.label",
};

/** The element a "missing item" link moves focus to. */
function targetOf(path: string): string {
  const fileField = FILE_FIELD_BY_PATH[path];
  if (fileField) return `${fileField}-input`;
  if (path === "trackId") return `${fieldId("trackId")}-0`;
  return fieldId(path);
}

function focusField(path: string) {
  const element = document.getElementById(targetOf(path));
  if (!element) return;
  element.scrollIntoView({ block: "center" });
  element.focus();
}

/**
 * What a refused submission still needs, each a link to its field; `standing`: what an entry
 * already submitted lacks now, shown as the page opens (not announced as an alert).
 */
export function MissingList({
  missing,
  listRef,
  standing = false,
}: {
  missing: { field: string; messageKey: string }[];
  listRef?: RefObject<HTMLDivElement | null>;
  standing?: boolean;
}) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <div
      ref={listRef}
      tabIndex={-1}
      className="form-alert form-alert--error entry-form__missing"
      role={standing ? undefined : "alert"}
      aria-labelledby={standing ? undefined : "entry-missing-title"}
    >
      <p id="entry-missing-title">
        {t(standing ? "entryForm.missing.standingTitle" : "entryForm.missing.title", {
          number: missing.length,
          count: missing.length,
        })}
      </p>
      <ul>
        {missing.map((item) => (
          <li key={item.field}>
            <a
              href={`#${targetOf(item.field)}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(item.field);
              }}
            >
              {t("entryForm.missing.item", {
                field: t(
                  FIELD_NAME_KEYS[item.field.split(".")[0] ?? ""] ?? "entryForm.missing.other",
                ),
                message: t(item.messageKey),
              })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What an entry already submitted lacks, as submission and the dashboard count it (core
 * `missingRequirements`, a film or document judges cannot receive counting for nothing):
 * from its files as loaded and the form's fields as typed, so an item goes as it is filled.
 * The values it reads come from `form`: only this list renders again as the entrant types.
 */
export function StandingMissingList({
  form,
  saved,
  serverValues,
  options,
}: {
  form: UseFormReturn<EntryFormValues>;
  /** The entry's values as loaded, its files' ids included (see `keepCompleteOf`). */
  saved: Record<string, unknown>;
  /** Until hydrated, the values the server rendered (the first render must match its HTML). */
  serverValues: EntryFormValues;
  options: SubmissionOptions;
}) {
  const hydrated = useHydrated();
  const watched = useWatch({ control: form.control });
  const values: Partial<Record<(typeof TEXT_FIELDS)[number], string | undefined>> = hydrated
    ? watched
    : serverValues;
  // What is typed fills a field; emptying one does not count, since such a save is refused
  // (the field is marked instead). The award and category are locked: as loaded.
  const typed = Object.fromEntries(
    TEXT_FIELDS.filter(
      (field) =>
        field !== "trackId" && field !== "categoryId" && (values[field] ?? "").trim() !== "",
    ).map((field) => [field, values[field]]),
  );
  const missing = missingRequirements({ ...saved, ...typed }, options);
  return <MissingList missing={missing} standing />;
}
