import { useTranslation } from "../../i18n/use-translation";
import { SEASON_DATE_FIELDS, seasonDatesSchema } from "../../../core/season-admin";
import { SchemaForm, type FormFieldSpec, type FormResult } from "../../components/form/schema-form";

/** A season as its dates form shows it: names, and dates as `DD/MM/YYYY HH:mm` (Vietnam time). */
export interface SeasonDatesValues {
  year: number;
  nameVi: string;
  nameEn: string;
  dates: Record<(typeof SEASON_DATE_FIELDS)[number], string>;
}

/** The deadlines whose effect the label alone does not say: what each one changes. */
const DATE_HINTS: Partial<Record<(typeof SEASON_DATE_FIELDS)[number], string>> = {
  earlyBirdDeadline: "adminPlatform.seasons.hints.earlyBirdDeadline",
  lateDeadline: "adminPlatform.seasons.hints.lateDeadline",
};

/** Side by side: the window's opening and closing, and the two fee deadlines. */
const DATE_ROWS: Record<(typeof SEASON_DATE_FIELDS)[number], string | undefined> = {
  registrationOpensAt: "registration",
  registrationClosesAt: "registration",
  submissionOpensAt: "submission",
  submissionClosesAt: "submission",
  earlyBirdDeadline: "deadlines",
  lateDeadline: "deadlines",
  ceremonyAt: undefined,
};

export function SeasonDatesForm({
  season,
  result,
}: {
  season: SeasonDatesValues;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const dateFields = SEASON_DATE_FIELDS.map((name): FormFieldSpec => ({
    name,
    label: t(`adminPlatform.seasons.fields.${name}`),
    kind: "dateTime",
    ...(DATE_ROWS[name] ? { row: DATE_ROWS[name] } : {}),
    ...(DATE_HINTS[name] ? { hint: t(DATE_HINTS[name]) } : {}),
  }));
  return (
    <SchemaForm
      wide
      schema={seasonDatesSchema as never}
      formKey="dates"
      intent="dates"
      hidden={{ year: String(season.year) }}
      defaults={{ nameVi: season.nameVi, nameEn: season.nameEn, ...season.dates }}
      result={result}
      submitLabel={t("adminPlatform.save")}
      fields={[
        { name: "nameVi", label: t("adminPlatform.fields.nameVi"), required: true, row: "name" },
        { name: "nameEn", label: t("adminPlatform.fields.nameEn"), row: "name" },
        ...dateFields,
      ]}
    />
  );
}
