import { useMemo } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { categoryOptionLabel, fieldId, FieldError } from "./fields";
import type { EntryFormValues, TrackOption } from "./types";

/**
 * The award (track) as radio buttons and the category of the chosen award, grouped; a new
 * award clears the category of the old one.
 */
export function CatalogueFields({
  form,
  tracks,
  track,
  initial,
  readOnly,
  locked,
  errorOf,
}: {
  form: UseFormReturn<EntryFormValues>;
  tracks: TrackOption[];
  /** The chosen award, if any. */
  track: TrackOption | null;
  initial: EntryFormValues;
  readOnly: boolean;
  /**
   * The entry's award and category when they may no longer change (submitted once): shown,
   * not editable. Null while they may change.
   */
  locked: Pick<EntryFormValues, "trackId" | "categoryId"> | null;
  errorOf: (name: keyof EntryFormValues) => string | undefined;
}) {
  const { t } = useTranslation();
  // Keyed by slug, not by name: switching the page's language then renames the groups in
  // place, and the select keeps the category chosen (a new optgroup would drop it).
  const groups = useMemo(() => {
    const byGroup = new Map<string, TrackOption["categories"]>();
    for (const category of track?.categories ?? []) {
      byGroup.set(category.groupSlug, [...(byGroup.get(category.groupSlug) ?? []), category]);
    }
    return [...byGroup.entries()];
  }, [track]);
  const trackError = errorOf("trackId");
  const categoryError = errorOf("categoryId");
  const categoryId = fieldId("categoryId");
  const lockedId = "entry-catalogue-locked";
  // Said only where the rest of the entry can still change; a read-only entry says so above.
  const lockedNote = locked !== null && !readOnly;
  // Locking (a first submission on this page) puts new inputs in place of the registered ones:
  // React keeps an input controlled or uncontrolled for its whole life.
  const inputsKey = locked ? "locked" : "open";
  return (
    <>
      <fieldset
        className="segmented"
        id={fieldId("trackId")}
        aria-describedby={
          [lockedNote ? lockedId : null, trackError ? `${fieldId("trackId")}-error` : null]
            .filter(Boolean)
            .join(" ") || undefined
        }
      >
        <legend>
          {t("entry.fields.track.label")}
          <span aria-hidden="true"> *</span>
        </legend>
        {tracks.map((option, index) => (
          <label key={`${inputsKey}-${option.id}`}>
            <input
              id={`${fieldId("trackId")}-${index}`}
              type="radio"
              value={option.id}
              // Locked, the award is shown as it is and left out of react-hook-form, which
              // would read (and write back) a disabled radio group as empty.
              {...(locked
                ? {
                    name: "trackId",
                    disabled: true,
                    readOnly: true,
                    checked: locked.trackId === option.id,
                  }
                : {
                    defaultChecked: initial.trackId === option.id,
                    ...form.register("trackId", {
                      onChange: () => form.setValue("categoryId", "", { shouldDirty: true }),
                    }),
                  })}
            />
            {option.name}
          </label>
        ))}
        <FieldError id={`${fieldId("trackId")}-error`} message={trackError} />
        {lockedNote ? (
          <p id={lockedId} className="field__hint">
            {t("entryForm.catalogueLocked")}
          </p>
        ) : null}
      </fieldset>

      <div className={`field${categoryError ? " field--invalid" : ""}`}>
        <label htmlFor={categoryId} className="field__label">
          {t("entry.fields.category.label")}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          key={inputsKey}
          id={categoryId}
          className="field__input"
          disabled={locked !== null || !track}
          aria-required
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={`${categoryId}-hint${lockedNote ? ` ${lockedId}` : ""}${categoryError ? ` ${categoryId}-error` : ""}`}
          // Locked, the category stays out of react-hook-form, as the award does.
          {...(locked
            ? { name: "categoryId", value: locked.categoryId }
            : { defaultValue: initial.categoryId, ...form.register("categoryId") })}
        >
          <option value="">
            {track ? t("entryForm.chooseCategory") : t("entryForm.chooseTrackFirst")}
          </option>
          {groups.map(([groupSlug, categories]) => (
            <optgroup key={groupSlug} label={categories[0]!.groupName}>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryOptionLabel(category)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <p id={`${categoryId}-hint`} className="field__hint">
          {t("entryForm.categoryHint")}
        </p>
        <FieldError id={`${categoryId}-error`} message={categoryError} />
      </div>
    </>
  );
}
