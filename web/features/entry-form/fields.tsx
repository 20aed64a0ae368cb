import type { ReactNode } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  countCharacters,
  ENTRY_CREDITS_MAX,
  ENTRY_TEXT_MAX_LENGTH,
} from "../../../core/entry-limits";
import { useHydrated } from "../../hydration/form-state";
import type { EntryFormValues } from "./types";

/**
 * A category as its option reads in a closed select, where the group heading is not shown:
 * several groups have a category of the same name ("Tác phẩm sáng tạo"), so the group comes
 * first and the code last.
 */
export function categoryOptionLabel(category: {
  groupName: string;
  name: string;
  code: string;
}): string {
  const group = category.groupName.trim();
  return `${group ? `${group} — ` : ""}${category.name} (${category.code})`;
}

/** The element id of a form field, for labels and the "missing items" links. */
export const fieldId = (name: string) => `entry-${name}`;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {t(message)}
    </p>
  );
}

/** A text input of the entry form with its label, hint and error. */
export function EntryTextField({
  form,
  name,
  label,
  hint,
  required,
  maxLength,
  readOnly,
  error,
  defaultValue,
}: {
  form: UseFormReturn<EntryFormValues>;
  name: "brandName" | "campaignName" | "videoLink";
  /** What the input holds in the server's HTML (the saved draft). */
  defaultValue?: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  maxLength?: number;
  readOnly?: boolean;
  error?: string | undefined;
}) {
  const id = fieldId(name);
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className="field__input"
        maxLength={maxLength}
        readOnly={readOnly}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
          undefined
        }
        defaultValue={defaultValue}
        {...form.register(name)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A description with its live character counter (core's count, core's limit). */
export function DescriptionField({
  form,
  name,
  label,
  readOnly,
  error,
  defaultValue,
  serverValue,
}: {
  form: UseFormReturn<EntryFormValues>;
  name: "descriptionVi" | "descriptionEn";
  label: string;
  readOnly?: boolean;
  error?: string | undefined;
  /** What the textarea holds in the server's HTML (the saved draft)… */
  defaultValue?: string;
  /** … and what the server counted: the counter shows it until the page has hydrated. */
  serverValue?: string;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const id = fieldId(name);
  const max = ENTRY_TEXT_MAX_LENGTH[name];
  const watched = form.watch(name);
  const count = countCharacters((hydrated ? watched : serverValue) ?? "");
  const over = count > max;
  const shownError = error ?? (over ? "validation.entryDescriptionTooLong" : undefined);
  const locale = i18n.language === "en" ? "en-GB" : "vi-VN";
  return (
    <div className={`field${shownError ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <textarea
        id={id}
        className="field__input entry-form__textarea"
        rows={8}
        readOnly={readOnly}
        aria-required
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-counter${shownError ? ` ${id}-error` : ""}`}
        defaultValue={defaultValue}
        {...form.register(name)}
      />
      <p
        id={`${id}-counter`}
        className={`entry-form__counter${over ? " entry-form__counter--over" : ""}`}
      >
        {t("entryForm.counter", {
          used: count.toLocaleString(locale),
          max: max.toLocaleString(locale),
        })}
      </p>
      <FieldError id={`${id}-error`} message={shownError} />
    </div>
  );
}

/** Credits: companies or people with their roles; rows added and removed by keyboard too. */
export function CreditsEditor({
  form,
  kind,
  legend,
  readOnly,
}: {
  form: UseFormReturn<EntryFormValues>;
  kind: "companies" | "people";
  legend: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: `credits.${kind}`,
  });
  const errors = form.formState.errors.credits?.[kind];
  const max = ENTRY_CREDITS_MAX[kind];
  return (
    <fieldset className="entry-form__credits" id={fieldId(`credits-${kind}`)}>
      <legend>{legend}</legend>
      {fields.length === 0 ? <p className="muted">{t("entryForm.credits.none")}</p> : null}
      <ol className="entry-form__credit-rows">
        {fields.map((row, index) => {
          const rowErrors = Array.isArray(errors) ? errors[index] : undefined;
          const nameId = `${fieldId(`credits-${kind}`)}-${index}-name`;
          const roleId = `${fieldId(`credits-${kind}`)}-${index}-role`;
          return (
            <li key={row.id} className="entry-form__credit-row">
              <div className={`field${rowErrors?.name ? " field--invalid" : ""}`}>
                <label htmlFor={nameId} className="field__label">
                  {kind === "companies"
                    ? t("entryForm.credits.companyName")
                    : t("entryForm.credits.personName")}
                </label>
                <input
                  id={nameId}
                  className="field__input"
                  maxLength={ENTRY_TEXT_MAX_LENGTH.creditName}
                  readOnly={readOnly}
                  aria-invalid={rowErrors?.name ? true : undefined}
                  aria-describedby={rowErrors?.name ? `${nameId}-error` : undefined}
                  defaultValue={row.name}
                  {...form.register(`credits.${kind}.${index}.name`)}
                />
                <FieldError id={`${nameId}-error`} message={rowErrors?.name?.message} />
              </div>
              <div className={`field${rowErrors?.role ? " field--invalid" : ""}`}>
                <label htmlFor={roleId} className="field__label">
                  {t("entry.fields.creditRole.label")}
                </label>
                <input
                  id={roleId}
                  className="field__input"
                  maxLength={ENTRY_TEXT_MAX_LENGTH.creditRole}
                  readOnly={readOnly}
                  placeholder={
                    kind === "companies"
                      ? t("entryForm.credits.companyRoleExample")
                      : t("entryForm.credits.personRoleExample")
                  }
                  aria-invalid={rowErrors?.role ? true : undefined}
                  aria-describedby={rowErrors?.role ? `${roleId}-error` : undefined}
                  defaultValue={row.role}
                  {...form.register(`credits.${kind}.${index}.role`)}
                />
                <FieldError id={`${roleId}-error`} message={rowErrors?.role?.message} />
              </div>
              {!readOnly ? (
                <button
                  type="button"
                  className="link-button entry-form__credit-remove"
                  onClick={() => {
                    remove(index);
                    // Focus stays in the list: the add button is always there.
                    requestAnimationFrame(() =>
                      document.getElementById(`${fieldId(`credits-${kind}`)}-add`)?.focus(),
                    );
                  }}
                  aria-label={t("entryForm.credits.removeRow", { number: index + 1 })}
                >
                  {t("entryForm.credits.remove")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {!readOnly && fields.length < max ? (
        <button
          id={`${fieldId(`credits-${kind}`)}-add`}
          type="button"
          className="button button--secondary"
          onClick={() => {
            append({ name: "", role: "" });
            requestAnimationFrame(() =>
              document
                .getElementById(`${fieldId(`credits-${kind}`)}-${fields.length}-name`)
                ?.focus(),
            );
          }}
        >
          {kind === "companies"
            ? t("entryForm.credits.addCompany")
            : t("entryForm.credits.addPerson")}
        </button>
      ) : null}
    </fieldset>
  );
}
