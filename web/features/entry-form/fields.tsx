import type { ReactNode } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import {
  countCharacters,
  ENTRY_CREDITS_MAX,
  ENTRY_TEXT_MAX_LENGTH,
} from "../../../core/entry-limits";
import { CREDIT_ROLES } from "../../../core/credit-roles";
import { Field } from "../../components/form/field";
import { useHydrated } from "../../hydration/form-state";
import { useLang } from "../../lib/site";
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

/** A field's error below a control the one `Field` does not frame (a radio group). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      {t(message)}
    </p>
  );
}

/** A live count of a field's characters against its limit (core's count, core's limit). */
function Counter({ id, count, max }: { id: string; count: number; max: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "en" ? "en-GB" : "vi-VN";
  return (
    <p id={id} className={`entry-form__counter${count > max ? " entry-form__counter--over" : ""}`}>
      {t("entryForm.counter", {
        used: count.toLocaleString(locale),
        max: max.toLocaleString(locale),
      })}
    </p>
  );
}

/**
 * A text input of the entry form with its label, hint and error. `counted` shows a counter
 * instead of a hard `maxLength`: text pasted over the limit is kept and marked, not cut.
 */
export function EntryTextField({
  form,
  name,
  label,
  hint,
  required,
  maxLength,
  counted,
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
  /** The limit to count against, and what the server counted until the page hydrates. */
  counted?: { max: number; serverValue: string };
  readOnly?: boolean;
  error?: string | undefined;
}) {
  const hydrated = useHydrated();
  const id = fieldId(name);
  const watched = form.watch(name);
  const counterId = `${id}-counter`;
  const count = counted ? countCharacters((hydrated ? watched : counted.serverValue) ?? "") : 0;
  const shownError = error ?? (counted && count > counted.max ? "validation.tooLong" : undefined);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={shownError}
      required={required ?? false}
      after={counted ? <Counter id={counterId} count={count} max={counted.max} /> : undefined}
    >
      {(control) => (
        <input
          {...control}
          aria-describedby={
            [control["aria-describedby"], counted ? counterId : null].filter(Boolean).join(" ") ||
            undefined
          }
          maxLength={maxLength}
          readOnly={readOnly}
          defaultValue={defaultValue}
          {...form.register(name)}
        />
      )}
    </Field>
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
  const hydrated = useHydrated();
  const id = fieldId(name);
  const max = ENTRY_TEXT_MAX_LENGTH[name];
  const watched = form.watch(name);
  const count = countCharacters((hydrated ? watched : serverValue) ?? "");
  const over = count > max;
  const shownError = error ?? (over ? "validation.entryDescriptionTooLong" : undefined);
  const counterId = `${id}-counter`;
  return (
    <Field
      id={id}
      label={label}
      error={shownError}
      required
      after={<Counter id={counterId} count={count} max={max} />}
    >
      {(control) => (
        <textarea
          {...control}
          className="field__input entry-form__textarea"
          rows={8}
          readOnly={readOnly}
          aria-describedby={[counterId, shownError ? `${id}-error` : null]
            .filter(Boolean)
            .join(" ")}
          defaultValue={defaultValue}
          {...form.register(name)}
        />
      )}
    </Field>
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
  const lang = useLang();
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: `credits.${kind}`,
  });
  const errors = form.formState.errors.credits?.[kind];
  const touched = form.formState.touchedFields.credits?.[kind];
  const max = ENTRY_CREDITS_MAX[kind];
  // The usual roles as suggestions: one the product knows reads in each visitor's language.
  const rolesId = `${fieldId(`credits-${kind}`)}-roles`;
  return (
    <fieldset className="entry-form__credits" id={fieldId(`credits-${kind}`)}>
      <legend>{legend}</legend>
      {readOnly ? null : (
        <datalist id={rolesId}>
          {CREDIT_ROLES[kind].map((role) => (
            <option key={role.vi} value={role[lang]} />
          ))}
        </datalist>
      )}
      {fields.length === 0 ? <p className="muted">{t("entryForm.credits.none")}</p> : null}
      <ol className="entry-form__credit-rows">
        {fields.map((row, index) => {
          // A row's problems show once the person has left one of its fields (a new, empty row
          // is not wrong yet), or when the server named them.
          const rowTouched = Array.isArray(touched) && Boolean(touched[index]);
          const allRowErrors = Array.isArray(errors) ? errors[index] : undefined;
          const shown = (error: { message?: string; type?: string } | undefined) =>
            error && (rowTouched || error.type === "server") ? error.message : undefined;
          const rowErrors = {
            name: { message: shown(allRowErrors?.name) },
            role: { message: shown(allRowErrors?.role) },
          };
          const nameId = `${fieldId(`credits-${kind}`)}-${index}-name`;
          const roleId = `${fieldId(`credits-${kind}`)}-${index}-role`;
          return (
            <li key={row.id} className="entry-form__credit-row">
              <Field
                id={nameId}
                label={
                  kind === "companies"
                    ? t("entryForm.credits.companyName")
                    : t("entryForm.credits.personName")
                }
                error={rowErrors?.name?.message}
              >
                {(control) => (
                  <input
                    {...control}
                    maxLength={ENTRY_TEXT_MAX_LENGTH.creditName}
                    readOnly={readOnly}
                    defaultValue={row.name}
                    {...form.register(`credits.${kind}.${index}.name`)}
                  />
                )}
              </Field>
              <Field
                id={roleId}
                label={t("entry.fields.creditRole.label")}
                error={rowErrors?.role?.message}
              >
                {(control) => (
                  <input
                    {...control}
                    maxLength={ENTRY_TEXT_MAX_LENGTH.creditRole}
                    readOnly={readOnly}
                    list={readOnly ? undefined : rolesId}
                    autoComplete="off"
                    placeholder={
                      kind === "companies"
                        ? t("entryForm.credits.companyRoleExample")
                        : t("entryForm.credits.personRoleExample")
                    }
                    defaultValue={row.role}
                    {...form.register(`credits.${kind}.${index}.role`)}
                  />
                )}
              </Field>
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
