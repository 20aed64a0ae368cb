import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { useEffect, useId, useRef } from "react";
import { useForm, type FieldValues } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { useLocation, useNavigation, useSubmit } from "react-router";
import { STATUS_REASON_MAX, statusChangeSchemaOn } from "../../../core/entry-status-change";
import {
  entryStatusLabelKey,
  reopensScreening,
  transitionNeedsReason,
  type EntryStatus,
} from "../../../core/entry-status";
import { DateField } from "../../components/form/date-field";
import { Field, FormAlert } from "../../components/form/field";
import { useAfterSend } from "../../lib/after-send";
import { focusFirstInvalid, useServerErrors, type FormResult } from "../../lib/use-server-form";

/** The key of the status form's answers (the page has one form). */
export const STATUS_FORM_KEY = "status";
export const CHANGE_STATUS_INTENT = "changeStatus";

/** An action's answer to the status form: a refusal may name the status the entry has now. */
export type StatusFormResult = FormResult & { currentStatus?: EntryStatus };

/**
 * The moves the lifecycle allows from the entry's state for this staff member's role: the
 * target status, the reason the entrant is told (required where the lifecycle says so) and,
 * for "needs changes", the day editing stays open until (not a day already over on `today`).
 * Taking a screening decision back (to "paid") is named as such and offered last.
 * Checked in the browser with the same core schema as the action; `statusVersion` is the
 * version this page showed, so a change made meanwhile by someone else comes back as a
 * conflict instead of being overwritten. A refusal focuses its first field in the page's
 * order; a change that went through empties the form and gives the keyboard its button back.
 */
export function StatusForm({
  status,
  statusVersion,
  nextStatuses,
  listSearch,
  today,
  result,
}: {
  status: EntryStatus;
  statusVersion: number;
  nextStatuses: EntryStatus[];
  /** The entries list's query this page was opened from ("" for none). */
  listSearch: string;
  /** Today in Vietnam (YYYY-MM-DD), from the server: a due day before it is refused. */
  today: string;
  result: StatusFormResult | undefined;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const failed = result && !result.ok && result.formKey === STATUS_FORM_KEY ? result : undefined;
  const typed = failed?.values ?? {};
  const defaults = {
    to: typed.to && nextStatuses.includes(typed.to as EntryStatus) ? typed.to : "",
    reason: typed.reason ?? "",
    changesDueOn: typed.changesDueOn ?? "",
    statusVersion: String(statusVersion),
  };
  const form = useForm<FieldValues>({
    resolver: zodResolver(statusChangeSchemaOn(today, status) as never),
    defaultValues: defaults,
    mode: "onTouched",
    // The first field in error in the page's order gets the focus (see onSubmit), not the one
    // react-hook-form would pick: it went to the date below the reason.
    shouldFocusError: false,
  });
  useServerErrors(form, failed?.fieldErrors, formRef);
  // The browser check reads the version from the form's values, the post from the input.
  useEffect(() => {
    form.setValue("statusVersion", String(statusVersion));
  }, [form, statusVersion]);
  const errors = form.formState.errors;
  const error = (name: string) =>
    (errors[name]?.message as string | undefined) ?? failed?.fieldErrors?.[name];
  const target = (form.watch("to") as string | undefined) ?? defaults.to;
  const reopening = reopensScreening(status, target as EntryStatus);
  const moves = [
    ...nextStatuses.filter((to) => !reopensScreening(status, to)),
    ...nextStatuses.filter((to) => reopensScreening(status, to)),
  ];
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("formKey") === STATUS_FORM_KEY;
  // From the post until the page after it has loaded (a change that went through redirects).
  const sending =
    navigation.state !== "idle" && navigation.formData?.get("formKey") === STATUS_FORM_KEY;
  useAfterSend(sending, () => {
    // A refusal shows its errors and focuses them (useServerErrors, FormAlert).
    if (failed) return;
    // The change went through: what was chosen and typed was for it, not for the next move
    // (the entrant is emailed the reason); and the button, disabled while the change ran,
    // had sent the keyboard to the page's start — it goes back to the button, or to the
    // form's heading when the new status allows no further move.
    form.reset({ to: "", reason: "", changesDueOn: "", statusVersion: String(statusVersion) });
    (submitRef.current ?? headingRef.current)?.focus();
  });
  // Posting back to this page with the list's query, so the redirect keeps "back to the list".
  const action = `${location.pathname}${listSearch ? `?list=${encodeURIComponent(listSearch)}` : ""}`;

  if (nextStatuses.length === 0) {
    return (
      <section className="panel admin-panel" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {t("entryReview.action.heading")}
        </h2>
        <FormAlert message={failed?.formError ? formErrorText(t, failed) : undefined} />
        <p>{t("entryReview.action.none", { status: t(entryStatusLabelKey(status)) })}</p>
      </section>
    );
  }
  return (
    <section className="panel admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {t("entryReview.action.heading")}
      </h2>
      <form
        ref={formRef}
        method="post"
        action={action}
        className="form"
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(
            () => {
              if (formRef.current) void submit(formRef.current, { method: "post", action });
            },
            (found) => {
              if (formRef.current) focusFirstInvalid(Object.keys(found), formRef.current);
            },
          )(event)
        }
      >
        <FormAlert message={failed?.formError ? formErrorText(t, failed) : undefined} />
        <input type="hidden" name="intent" value={CHANGE_STATUS_INTENT} />
        <input type="hidden" name="formKey" value={STATUS_FORM_KEY} />
        {/* Always the version this page shows: after a conflict the page shows the new one. */}
        <input type="hidden" name="statusVersion" value={String(statusVersion)} />
        <Field label={t("entryReview.action.to")} error={error("to")} required>
          {(control) => (
            <select defaultValue={defaults.to} {...control} {...form.register("to")}>
              <option value="">{t("entryReview.action.choose")}</option>
              {moves.map((to) => (
                <option key={to} value={to}>
                  {/* The same status again is a new due date for an entry sent back. */}
                  {to === status
                    ? t("entryReview.action.newDueDate")
                    : reopensScreening(status, to)
                      ? t("entryReview.action.reopenScreening")
                      : t(entryStatusLabelKey(to))}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t("entryReview.action.reason")}
          hint={
            reopening
              ? `${t("entryReview.action.reopenHint")} ${t("entryReview.action.reasonHint")}`
              : t("entryReview.action.reasonHint")
          }
          error={error("reason")}
          required={transitionNeedsReason(target as EntryStatus, status)}
        >
          {(control) => (
            <textarea
              rows={4}
              maxLength={STATUS_REASON_MAX}
              defaultValue={defaults.reason}
              {...control}
              {...form.register("reason")}
            />
          )}
        </Field>
        <DateField
          label={t("entryReview.action.changesDueOn")}
          hint={t("entryReview.action.changesDueOnHint")}
          error={error("changesDueOn")}
          required={target === "needs_changes"}
          defaultValue={defaults.changesDueOn}
          {...form.register("changesDueOn")}
        />
        <p>
          <button ref={submitRef} type="submit" className="button button--primary" disabled={busy}>
            {t("entryReview.action.submit")}
          </button>
        </p>
      </form>
    </section>
  );
}

function formErrorText(t: TFunction, failed: StatusFormResult): string {
  return t(failed.formError!, {
    status: failed.currentStatus ? t(entryStatusLabelKey(failed.currentStatus)) : "",
  });
}
