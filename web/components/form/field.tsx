import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** Translates a field error whose message is an i18n key (core/ schemas speak in keys). */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | string | undefined): string | undefined => {
    const key = typeof error === "string" ? error : error?.message;
    return key ? t(key) : undefined;
  };
}

/** A labelled input with its hint and error, wired for screen readers. */
export function TextField({
  label,
  hint,
  error,
  registration,
  required,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: FieldError | string | undefined;
  registration: UseFormRegisterReturn;
  required?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = useId();
  const errorText = useErrorText()(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  return (
    <div className={`field${errorText ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className="field__input"
        aria-invalid={errorText ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...input}
        {...registration}
      />
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
 */
export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | undefined;
  tone?: "error" | "success";
}) {
  const ref = useRef<HTMLDivElement>(null);
  const error = tone === "error";
  useEffect(() => {
    const element = ref.current;
    if (!error || !message || !element) return;
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
  }, [error, message]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      className={`form-alert form-alert--${tone}`}
      role={error ? "alert" : "status"}
      tabIndex={error ? -1 : undefined}
    >
      {message}
    </div>
  );
}

/** Whether an error summary (FormAlert) has just taken the focus. */
export function errorSummaryHasFocus(): boolean {
  return document.activeElement?.matches(".form-alert--error") ?? false;
}
