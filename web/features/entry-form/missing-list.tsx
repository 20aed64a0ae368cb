import type { RefObject } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { EntryFileField } from "../../../core/entry-limits";
import { fieldId } from "./fields";
import { FILE_FIELD_PATHS } from "./types";

export const FILE_FIELD_BY_PATH = Object.fromEntries(
  Object.entries(FILE_FIELD_PATHS).map(([field, path]) => [path, field]),
) as Record<string, EntryFileField>;

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
              {t(item.messageKey)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
