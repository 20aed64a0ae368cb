import { useTranslation } from "../../i18n/use-translation";
import { firstSeasonSchema } from "../../../core/season-admin";
import { SchemaForm, type FormResult } from "../../components/form/schema-form";
import { newSeasonFields, newSeasonValues } from "./season-id-fields";
import "./seasons.css";

/**
 * "Create the first season", on the seasons page of an install that has none (a real
 * deployment starts without the demo data): its year, code and names. It starts with no dates
 * and no categories, which its page then sets, and becomes the current season.
 */
export function FirstSeasonForm({
  defaults,
  result,
}: {
  defaults: { year: number; code: string; nameVi: string; nameEn: string };
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel admin-panel" aria-labelledby="first-season-heading">
      <h2 id="first-season-heading">{t("adminPlatform.seasons.first.heading")}</h2>
      <p>{t("adminPlatform.seasons.first.lead")}</p>
      <SchemaForm
        wide
        schema={firstSeasonSchema as never}
        formKey="first"
        intent="createFirst"
        defaults={newSeasonValues(defaults)}
        result={result}
        submitLabel={t("adminPlatform.seasons.first.submit")}
        fields={newSeasonFields(t)}
      />
    </section>
  );
}
