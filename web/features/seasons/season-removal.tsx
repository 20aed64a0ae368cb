import { useId } from "react";
import { Form } from "react-router";
import {
  attachedKinds,
  correctSeasonSchema,
  type SeasonAttachments,
} from "../../../core/season-admin";
import { FormAlert } from "../../components/form/field";
import { SchemaForm, type FormResult } from "../../components/form/schema-form";
import { useTranslation } from "../../i18n/use-translation";
import { ConfirmButton } from "../back-office/confirm";
import { seasonIdFields } from "./season-id-fields";

/**
 * A season made by mistake: its year and code corrected, or the season deleted with its tree,
 * both only while nothing is tied to it (the server checks again and refuses otherwise). While
 * something is, the panel lists it and the delete button stays disabled, saying why; the
 * current season cannot be deleted either.
 */
export function SeasonRemoval({
  season,
  isCurrent,
  attachments,
  result,
}: {
  season: { year: number; code: string };
  isCurrent: boolean;
  attachments: SeasonAttachments;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const { year } = season;
  const attached = attachedKinds(attachments);
  const failed = result && !result.ok && result.formKey === "deleteSeason" ? result : undefined;
  const reason =
    attached.length > 0
      ? t("adminPlatform.seasons.remove.attached", {
          year,
          list: attached
            .map((kind) =>
              t(`adminPlatform.seasons.remove.counts.${kind}`, { count: attachments[kind] }),
            )
            .join(", "),
        })
      : isCurrent
        ? t("adminPlatform.seasons.remove.current", { year })
        : null;
  return (
    <section className="panel admin-panel" aria-labelledby="season-removal-heading">
      <h2 id="season-removal-heading">{t("adminPlatform.seasons.remove.heading", { year })}</h2>
      <p>{t("adminPlatform.seasons.remove.lead")}</p>
      {attached.length === 0 ? (
        <>
          <h3>{t("adminPlatform.seasons.correct.heading")}</h3>
          <p className="field__hint">{t("adminPlatform.seasons.correct.lead")}</p>
          <SchemaForm
            key={year}
            wide
            schema={correctSeasonSchema as never}
            formKey="correctSeason"
            intent="correctSeason"
            hidden={{ fromYear: String(year) }}
            defaults={{ year: String(year), code: season.code }}
            result={result}
            submitLabel={t("adminPlatform.seasons.correct.submit")}
            fields={seasonIdFields(t)}
          />
        </>
      ) : null}
      <Form method="post" className="season-removal__delete">
        <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
        <input type="hidden" name="intent" value="deleteSeason" />
        <input type="hidden" name="formKey" value="deleteSeason" />
        <input type="hidden" name="year" value={year} />
        {reason ? (
          <>
            <p id={reasonId}>{reason}</p>
            <button
              type="submit"
              className="button button--secondary"
              disabled
              aria-describedby={reasonId}
            >
              {t("adminPlatform.seasons.remove.submit", { year })}
            </button>
          </>
        ) : (
          <ConfirmButton message={t("adminPlatform.seasons.remove.confirm", { year })}>
            {t("adminPlatform.seasons.remove.submit", { year })}
          </ConfirmButton>
        )}
      </Form>
    </section>
  );
}
