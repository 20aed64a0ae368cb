import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import type { FieldError } from "react-hook-form";
import {
  DATE_TIME_MAX_LENGTH,
  DATE_TIME_PATTERN,
  DAY_MAX_LENGTH,
  DAY_PATTERN,
} from "../../../core/dates";
import { useTranslation } from "../../i18n/use-translation";
import { Field } from "./field";

/** A day (DD/MM/YYYY) or a day and time (DD/MM/YYYY HH:mm, Vietnam time). */
export type DateKind = "date" | "dateTime";

/**
 * The attributes of every date input: text, never `type="date"`, whose picker shows and reads
 * the browser's language (mm/dd/yyyy in a US-English Chrome) when the product writes dates
 * DD/MM/YYYY for everyone. On phones a day gets the digit keypad with the decimal separator
 * (core/dates.ts reads `05.03.2026`, `05,03,2026` and `05032026`), a day and time the full
 * keyboard, which has the space and `:`; no autofill of old values, and the shapes
 * core/dates.ts reads as `pattern` (the core schema says what is wrong, in words).
 */
export function dateInputAttributes(kind: DateKind) {
  return {
    type: "text",
    inputMode: kind === "date" ? "decimal" : "text",
    autoComplete: "off",
    spellCheck: false,
    pattern: kind === "date" ? DAY_PATTERN : DATE_TIME_PATTERN,
    maxLength: kind === "date" ? DAY_MAX_LENGTH : DATE_TIME_MAX_LENGTH,
  } as const;
}

/** The format a date input expects, in the page's language, shown beside it. */
export function useDateFormatHint(kind: DateKind): string {
  const { t } = useTranslation();
  return t(kind === "date" ? "common.dateHint" : "common.dateTimeHint");
}

/** The format, and under it what else the field's hint says. */
export function DateHint({ kind, hint }: { kind: DateKind; hint?: ReactNode }) {
  const format = useDateFormatHint(kind);
  return (
    <>
      {format}
      {hint ? (
        <>
          <br />
          {hint}
        </>
      ) : null}
    </>
  );
}

/**
 * The one date field of the back office, in the one field frame: label, the format as a hint
 * (and the field's own hint), the input, its error. Spread react-hook-form's `register(...)`
 * on it, or give it a `name` and `defaultValue` for a plain form.
 */
export function DateField({
  kind = "date",
  label,
  hint,
  error,
  required,
  id,
  ref,
  ...input
}: {
  kind?: DateKind;
  label: ReactNode;
  hint?: ReactNode;
  /** An i18n key (or react-hook-form error whose message is one). */
  error?: FieldError | string | undefined;
  required?: boolean | undefined;
  id?: string | undefined;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id">) {
  return (
    <Field
      label={label}
      hint={<DateHint kind={kind} hint={hint} />}
      error={error}
      required={required}
      id={id}
    >
      {(control) => <input ref={ref} {...dateInputAttributes(kind)} {...control} {...input} />}
    </Field>
  );
}
