import { useId, type InputHTMLAttributes, type ReactNode } from "react";
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

/** The message above a form: what went wrong as a whole (or how long to wait). */
export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | undefined;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </div>
  );
}
