import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";

/**
 * Translates a field error whose message is an i18n key (core/ schemas speak in keys); `values`
 * fill the message's placeholders (a score's range from its criterion).
 */
export function useErrorText() {
  const { t } = useTranslation();
  return (
    error: FieldError | string | undefined,
    values?: Record<string, string | number>,
  ): string | undefined => {
    const key = typeof error === "string" ? error : error?.message;
    return key ? t(key, values ?? {}) : undefined;
  };
}

/** What the one field frame hands its control: the ids and ARIA state that tie them together. */
export interface ControlProps {
  id: string;
  className: "field__input";
  "aria-invalid": true | undefined;
  "aria-required": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The one field of every form (public, entry form, back office): a label, an optional hint,
 * the control and its error, wired for screen readers. The control is whatever `children`
 * renders with the props it is given, so inputs, text areas, selects and custom widgets
 * (a character counter, a file picker) share one frame and one way of showing an error.
 */
export function Field({
  label,
  hint,
  error,
  errorValues,
  required,
  id: fixedId,
  after,
  className,
  dataField,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode | undefined;
  /** An i18n key (or react-hook-form error whose message is one). */
  error?: FieldError | string | undefined;
  /** What fills the error's placeholders, known where the field is (a criterion's scale). */
  errorValues?: Record<string, string | number> | undefined;
  required?: boolean | undefined;
  /** A stable id when other code must find the control (focus on error, tests). */
  id?: string | undefined;
  /** Shown between the control and its error (a counter, a note). */
  after?: ReactNode | undefined;
  /** Another class on the frame, for a widget with its own layout (an upload). */
  className?: string | undefined;
  /** `data-field` on the frame: lets scripts and tests find a field by its name. */
  dataField?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = fixedId ?? generated;
  const errorText = useErrorText()(error, errorValues);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  return (
    <div
      className={`field${className ? ` ${className}` : ""}${errorText ? " field--invalid" : ""}`}
      data-field={dataField}
    >
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        className: "field__input",
        "aria-invalid": errorText ? true : undefined,
        "aria-required": required || undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {after}
      {errorText ? (
        <p id={errorId} className="field__error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

interface FieldFrameProps {
  label: string;
  hint?: ReactNode | undefined;
  error?: FieldError | string | undefined;
  registration: UseFormRegisterReturn;
  required?: boolean | undefined;
}

/** A labelled input registered with react-hook-form. */
export function TextField({
  label,
  hint,
  error,
  registration,
  required,
  ...input
}: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => <input {...control} {...input} {...registration} />}
    </Field>
  );
}

/** A labelled multi-line text field. */
export function TextAreaField({
  label,
  hint,
  error,
  registration,
  required,
  ...textarea
}: FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => <textarea rows={5} {...control} {...textarea} {...registration} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** Options sharing a group are shown under one `<optgroup>`. */
  group?: string;
}

/** A labelled select; options with a `group` sit under an `<optgroup>`. */
export function SelectField({
  label,
  hint,
  error,
  registration,
  required,
  options,
  ...select
}: FieldFrameProps & { options: SelectOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name"
  >) {
  const groups = [...new Set(options.map((o) => o.group ?? ""))];
  const optionsOf = (group: string) =>
    options
      .filter((o) => (o.group ?? "") === group)
      .map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ));
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select {...control} {...select} {...registration}>
          {groups.map((group) =>
            group === "" ? (
              optionsOf("")
            ) : (
              <optgroup key={group} label={group}>
                {optionsOf(group)}
              </optgroup>
            ),
          )}
        </select>
      )}
    </Field>
  );
}

/** A labelled checkbox (label after the box), with an optional hint and error below. */
export function CheckboxField({
  label,
  registration,
  defaultChecked,
  hint,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  defaultChecked?: boolean;
  hint?: ReactNode;
  /** An i18n key (or react-hook-form error whose message is one). */
  error?: FieldError | string | undefined;
}) {
  const id = useId();
  const errorText = useErrorText()(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  return (
    <div className={`field field--checkbox${errorText ? " field--invalid" : ""}`}>
      <input
        id={id}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...registration}
      />{" "}
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className="field__error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The message above a form: what went wrong as a whole (or how long to wait). An error is
 * brought into view and focused when it appears (or changes): the button that was pressed is
 * often at the bottom of a long form, and a message out of view looks like nothing happened.
 * A success does the same with `takeFocus`, when it answers a button that goes away with it
 * (the keyboard would otherwise fall back to the top of the page).
 */
export function FormAlert({
  message,
  tone = "error",
  takeFocus = false,
}: {
  message: string | undefined;
  tone?: "error" | "success";
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const error = tone === "error";
  const focused = error || takeFocus;
  useEffect(() => {
    const element = ref.current;
    if (!focused || !message || !element) return;
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
  }, [focused, message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      className={`form-alert form-alert--${tone}`}
      role={error ? "alert" : "status"}
      tabIndex={focused ? -1 : undefined}
    >
      {message}
    </div>
  );
}

/** Whether an error summary (FormAlert) has just taken the focus. */
export function errorSummaryHasFocus(): boolean {
  return document.activeElement?.matches(".form-alert--error") ?? false;
}
