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
  errorOf,
}: {
  form: UseFormReturn<EntryFormValues>;
  tracks: TrackOption[];
  /** The chosen award, if any. */
  track: TrackOption | null;
  initial: EntryFormValues;
  readOnly: boolean;
  errorOf: (name: keyof EntryFormValues) => string | undefined;
}) {
  const { t } = useTranslation();
  const groups = useMemo(() => {
    const byGroup = new Map<string, TrackOption["categories"]>();
    for (const category of track?.categories ?? []) {
      byGroup.set(category.groupName, [...(byGroup.get(category.groupName) ?? []), category]);
    }
    return [...byGroup.entries()];
  }, [track]);
  const trackError = errorOf("trackId");
  const categoryError = errorOf("categoryId");
  const categoryId = fieldId("categoryId");
  return (
    <>
      <fieldset
        className="segmented"
        id={fieldId("trackId")}
        aria-describedby={trackError ? `${fieldId("trackId")}-error` : undefined}
      >
        <legend>
          {t("entry.fields.track.label")}
          <span aria-hidden="true"> *</span>
        </legend>
        {tracks.map((option, index) => (
          <label key={option.id}>
            <input
              id={`${fieldId("trackId")}-${index}`}
              type="radio"
              value={option.id}
              // Read-only, the award is shown as it is and left out of react-hook-form, which
              // would read (and write back) a disabled radio group as empty.
              {...(readOnly
                ? {
                    name: "trackId",
                    disabled: true,
                    readOnly: true,
                    checked: initial.trackId === option.id,
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
      </fieldset>

      <div className={`field${categoryError ? " field--invalid" : ""}`}>
        <label htmlFor={categoryId} className="field__label">
          {t("entry.fields.category.label")}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={categoryId}
          className="field__input"
          disabled={readOnly || !track}
          aria-required
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={`${categoryId}-hint${categoryError ? ` ${categoryId}-error` : ""}`}
          defaultValue={initial.categoryId}
          {...form.register("categoryId")}
        >
          <option value="">
            {track ? t("entryForm.chooseCategory") : t("entryForm.chooseTrackFirst")}
          </option>
          {groups.map(([groupName, categories]) => (
            <optgroup key={groupName} label={groupName}>
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
