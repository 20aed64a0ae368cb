import { useTranslation } from "../../i18n/use-translation";
import { Form } from "react-router";
import { nextSeasonSchema } from "../../../core/season-admin";
import { FormAlert } from "../../components/form/field";
import { useConfirmedSubmit } from "../../components/confirm-dialog";
import { SchemaForm, type FormResult } from "../../components/form/schema-form";
import { ConfirmButton } from "../back-office/confirm";

/** What the next-season form proposes (the year after, its names and code moved on). */
export interface NextSeasonValues {
  year: number;
  code: string;
  nameVi: string;
  nameEn: string;
}

/**
 * "Create the next season from this one": the tree, fees and rules are copied and the dates
 * shifted one year; the criteria PDFs are not (a notice says to upload the new ones). The
 * page asks for confirmation before the form is sent.
 */
export function NextSeasonForm({
  fromYear,
  defaults,
  result,
}: {
  fromYear: number;
  defaults: NextSeasonValues;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const message = t("adminPlatform.seasons.next.confirm", { from: fromYear });
  const confirmation = useConfirmedSubmit();
  return (
    <section className="panel admin-panel" aria-labelledby="next-season-heading">
      <h2 id="next-season-heading">
        {t("adminPlatform.seasons.next.heading", { year: fromYear })}
      </h2>
      <p>{t("adminPlatform.seasons.next.lead")}</p>
      <p className="field__hint">{t("adminPlatform.seasons.next.criteriaNotice")}</p>
      {/* Asked before the form's own submit handler runs; cancelling stops both, confirming
          submits the form again with the same button. */}
      <div
        onSubmitCapture={(event) => {
          const form = event.target as HTMLFormElement;
          if (confirmation.approved(form)) return;
          event.preventDefault();
          event.stopPropagation();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          confirmation.ask(
            form,
            submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
              ? submitter
              : null,
            { message, confirmLabel: t("adminPlatform.seasons.next.submit") },
          );
        }}
      >
        <SchemaForm
          wide
          schema={nextSeasonSchema as never}
          formKey="next"
          intent="createNext"
          hidden={{ fromYear: String(fromYear) }}
          defaults={{
            year: String(defaults.year),
            code: defaults.code,
            nameVi: defaults.nameVi,
            nameEn: defaults.nameEn,
          }}
          result={result}
          submitLabel={t("adminPlatform.seasons.next.submit")}
          fields={[
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
            {
              name: "nameVi",
              label: t("adminPlatform.fields.nameVi"),
              required: true,
              row: "name",
            },
            { name: "nameEn", label: t("adminPlatform.fields.nameEn"), row: "name" },
          ]}
        />
      </div>
      {confirmation.dialog}
    </section>
  );
}

/** Which season the public site follows, and the button that makes this one current. */
export function MakeCurrent({
  year,
  currentYear,
  result,
}: {
  year: number;
  currentYear: number;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const failed = result && !result.ok && result.formKey === "current" ? result : undefined;
  return (
    <section className="panel admin-panel" aria-labelledby="current-season-heading">
      <h2 id="current-season-heading">{t("adminPlatform.seasons.makeCurrent.heading")}</h2>
      {year === currentYear ? (
        <p>{t("adminPlatform.seasons.makeCurrent.isCurrent", { year })}</p>
      ) : (
        <Form method="post">
          <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
          <p>{t("adminPlatform.seasons.makeCurrent.lead", { year, current: currentYear })}</p>
          <input type="hidden" name="intent" value="makeCurrent" />
          <input type="hidden" name="formKey" value="current" />
          <input type="hidden" name="year" value={year} />
          <ConfirmButton
            className="button button--primary"
            message={t("adminPlatform.seasons.makeCurrent.confirm", { year })}
          >
            {t("adminPlatform.seasons.makeCurrent.submit", { year })}
          </ConfirmButton>
        </Form>
      )}
    </section>
  );
}
