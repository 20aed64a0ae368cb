import type { FormFieldSpec } from "../../components/form/schema-form";
import type { useTranslation } from "../../i18n/use-translation";

/**
 * A season's year and code side by side, as the next season's form asks for them and the
 * correction of a season made by mistake asks again.
 */
export function seasonIdFields(t: ReturnType<typeof useTranslation>["t"]): FormFieldSpec[] {
  return [
    {
      name: "year",
      label: t("adminPlatform.seasons.next.year"),
      required: true,
      inputMode: "numeric",
      row: "id",
    },
    {
      name: "code",
      label: t("adminPlatform.seasons.next.code"),
      hint: t("adminPlatform.seasons.next.codeHint"),
      required: true,
      row: "id",
    },
  ];
}

/** A new season's year and code, then its names: the first season's form and the next one's. */
export function newSeasonFields(t: ReturnType<typeof useTranslation>["t"]): FormFieldSpec[] {
  return [
    ...seasonIdFields(t),
    { name: "nameVi", label: t("adminPlatform.fields.nameVi"), required: true, row: "name" },
    { name: "nameEn", label: t("adminPlatform.fields.nameEn"), row: "name" },
  ];
}

/** A new season's proposed year, code and names as the form's text fields take them. */
export function newSeasonValues(season: {
  year: number;
  code: string;
  nameVi: string;
  nameEn: string;
}): Record<string, string> {
  return {
    year: String(season.year),
    code: season.code,
    nameVi: season.nameVi,
    nameEn: season.nameEn,
  };
}
