import type { RefObject } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { EntryFileField } from "../../../core/entry-limits";
import { fieldId } from "./fields";
import { FILE_FIELD_PATHS } from "./types";

export const FILE_FIELD_BY_PATH = Object.fromEntries(
  Object.entries(FILE_FIELD_PATHS).map(([field, path]) => [path, field]),
) as Record<string, EntryFileField>;

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

/** What a refused submission still needs, each a link to its field. */
export function MissingList({
  missing,
  listRef,
}: {
  missing: { field: string; messageKey: string }[];
  listRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <div
      ref={listRef}
      tabIndex={-1}
      className="form-alert form-alert--error entry-form__missing"
      role="alert"
      aria-labelledby="entry-missing-title"
    >
      <p id="entry-missing-title">
        {t("entryForm.missing.title", { number: missing.length, count: missing.length })}
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
