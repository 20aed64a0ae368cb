import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { ENTRY_YEAR_MIN } from "../../../core/entry-limits";
import { Field } from "../../components/form/field";
import { fieldId } from "./fields";
import type { EntryFormValues } from "./types";

const PERIOD_FIELDS = ["startMonth", "startYear", "endMonth", "endYear"] as const;

/** When the campaign ran: start month and year required, end optional, checked together. */
export function PeriodFields({
  form,
  initial,
  readOnly,
  errorOf,
}: {
  form: UseFormReturn<EntryFormValues>;
  initial: EntryFormValues;
  readOnly: boolean;
  errorOf: (name: keyof EntryFormValues) => string | undefined;
}) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const years: number[] = [];
  for (let year = thisYear + 1; year >= ENTRY_YEAR_MIN; year -= 1) years.push(year);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  return (
    <fieldset className="entry-form__period">
      <legend>{t("entryForm.period")}</legend>
      <div className="entry-form__period-grid">
        {PERIOD_FIELDS.map((name) => {
          const isMonth = name.endsWith("Month");
          return (
            <Field
              key={name}
              id={fieldId(name)}
              label={t(`entry.fields.${name}.label`)}
              required={name.startsWith("start")}
              error={errorOf(name)}
            >
              {(control) => (
                <select
                  {...control}
                  disabled={readOnly}
                  defaultValue={initial[name]}
                  {...form.register(name, {
                    onChange: () => void form.trigger([...PERIOD_FIELDS]),
                  })}
                >
                  <option value="">{t("entryForm.choose")}</option>
                  {(isMonth ? months : years).map((value) => (
                    <option key={value} value={String(value)}>
                      {isMonth ? t(`entryForm.monthNames.${value}`) : value}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
