import { useTranslation } from "../../i18n/use-translation";
import { useId, useState } from "react";
import { Form } from "react-router";
import { nextSeasonSchema } from "../../../core/season-admin";
import { FormAlert } from "../../components/form/field";
import { useConfirmedSubmit } from "../../components/confirm-dialog";
import { SchemaForm, type FormResult } from "../../components/form/schema-form";
import { ConfirmButton } from "../back-office/confirm";
import { newSeasonFields, newSeasonValues } from "./season-id-fields";
import "./seasons.css";

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
          defaults={newSeasonValues(defaults)}
          result={result}
          submitLabel={t("adminPlatform.seasons.next.submit")}
          fields={newSeasonFields(t)}
        />
      </div>
      {confirmation.dialog}
    </section>
  );
}

/** The current season's open windows as the make-current panel shows them (DD/MM/YYYY). */
export interface OutgoingSeasonView {
  year: number;
  /** Open for registration until this day (null: no closing date); null when not open. */
  registration: { closesOn: string | null } | null;
  /** Taking new entries until this day (`late`: in its late period); null when not. */
  submission: { closesOn: string; late: boolean } | null;
  submittedUnpaid: number;
}

type Translate = ReturnType<typeof useTranslation>["t"];

/** What making `year` current stops of the open outgoing season, one sentence each. */
function stoppedLines(t: Translate, outgoing: OutgoingSeasonView, year: number): string[] {
  const key = "adminPlatform.seasons.makeCurrent.open";
  const values = { year: outgoing.year, next: year };
  const lines: string[] = [];
  const { registration, submission } = outgoing;
  if (registration) {
    lines.push(
      registration.closesOn
        ? t(`${key}.registration`, { ...values, date: registration.closesOn })
        : t(`${key}.registrationNoEnd`, values),
    );
  }
  if (submission) {
    lines.push(
      t(`${key}.${submission.late ? "submissionLate" : "submission"}`, {
        ...values,
        date: submission.closesOn,
      }),
    );
  }
  if (outgoing.submittedUnpaid > 0) {
    lines.push(t(`${key}.unpaid`, { year: outgoing.year, count: outgoing.submittedUnpaid }));
  }
  return lines;
}

/** The "I understand" label: what stops, registration, new entries or both. */
function acknowledgeLabel(t: Translate, outgoing: OutgoingSeasonView): string {
  const key = "adminPlatform.seasons.makeCurrent.open";
  const which =
    outgoing.registration && outgoing.submission
      ? "acknowledge"
      : outgoing.registration
        ? "acknowledgeRegistration"
        : "acknowledgeEntries";
  return t(`${key}.${which}`, { year: outgoing.year });
}

/**
 * Which season the public site follows, and the button that makes this one current. While
 * the current season is still open (`outgoing`), the panel and its confirmation say what stops
 * and what stays, and the admin ticks "I understand" first (the server requires it too).
 */
export function MakeCurrent({
  year,
  currentYear,
  outgoing,
  result,
}: {
  year: number;
  currentYear: number;
  outgoing: OutgoingSeasonView | null;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const ackId = useId();
  const failed = result && !result.ok && result.formKey === "current" ? result : undefined;
  // Unticked in the browser: said at the box, as the server would say it.
  const [unticked, setUnticked] = useState(false);
  const ackError =
    failed?.fieldErrors?.acknowledgeOpen ??
    (unticked ? "adminPlatform.seasons.makeCurrent.acknowledgeRequired" : undefined);
  const lines = outgoing ? stoppedLines(t, outgoing, year) : [];
  const kept = outgoing
    ? t("adminPlatform.seasons.makeCurrent.open.kept", { year: outgoing.year })
    : "";
  const confirm = t("adminPlatform.seasons.makeCurrent.confirm", { year });
  return (
    <section className="panel admin-panel" aria-labelledby="current-season-heading">
      <h2 id="current-season-heading">{t("adminPlatform.seasons.makeCurrent.heading")}</h2>
      {year === currentYear ? (
        <p>{t("adminPlatform.seasons.makeCurrent.isCurrent", { year })}</p>
      ) : (
        <Form method="post">
          <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
          <p>{t("adminPlatform.seasons.makeCurrent.lead", { year, current: currentYear })}</p>
          {outgoing ? (
            <div className="season-warning" id={`${ackId}-warning`}>
              <p>
                <strong>
                  {t("adminPlatform.seasons.makeCurrent.open.lead", {
                    year: outgoing.year,
                    next: year,
                  })}
                </strong>
              </p>
              <ul>
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>{kept}</p>
              <div className={`field field--checkbox${ackError ? " field--invalid" : ""}`}>
                <input
                  id={ackId}
                  type="checkbox"
                  name="acknowledgeOpen"
                  required
                  aria-invalid={ackError ? true : undefined}
                  onChange={(event) => {
                    if (event.currentTarget.checked) setUnticked(false);
                  }}
                  aria-describedby={ackError ? `${ackId}-error` : undefined}
                />{" "}
                <label htmlFor={ackId}>{acknowledgeLabel(t, outgoing)}</label>
                {ackError ? (
                  <p id={`${ackId}-error`} className="field__error">
                    {t(ackError)}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
          <input type="hidden" name="intent" value="makeCurrent" />
          <input type="hidden" name="formKey" value="current" />
          <input type="hidden" name="year" value={year} />
          <ConfirmButton
            className="button button--primary"
            message={outgoing ? [confirm, ...lines, kept].join(" ") : confirm}
            check={(button) => {
              const box = button.form?.elements.namedItem("acknowledgeOpen");
              if (!(box instanceof HTMLInputElement) || box.checked) return true;
              setUnticked(true);
              box.focus();
              return false;
            }}
          >
            {t("adminPlatform.seasons.makeCurrent.submit", { year })}
          </ConfirmButton>
        </Form>
      )}
    </section>
  );
}
