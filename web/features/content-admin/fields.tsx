import {
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useErrorText } from "../../components/form/field";

/** Label, hint and error ids for a field, wired the same way as TextField. */
function useFieldIds(hint: ReactNode, errorText: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") };
}

function Extras({ hint, hintId }: { hint: ReactNode; hintId: string | undefined }) {
  return hint ? (
    <p id={hintId} className="field__hint">
      {hint}
    </p>
  ) : null;
}

function ErrorLine({ text, id }: { text: string | undefined; id: string | undefined }) {
  return text ? (
    <p id={id} className="field__error">
      {text}
    </p>
  ) : null;
}

/** A labelled multi-line text field. */
export function TextAreaField({
  label,
  hint,
  error,
  registration,
  required,
  ...textarea
}: {
  label: string;
  hint?: ReactNode;
  error?: FieldError | string | undefined;
  registration: UseFormRegisterReturn;
  required?: boolean;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const errorText = useErrorText()(error);
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, errorText);
  return (
    <div className={`field${errorText ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Extras hint={hint} hintId={hintId} />
      <textarea
        id={id}
        className="field__input"
        rows={5}
        aria-invalid={errorText ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
        {...registration}
      />
      <ErrorLine text={errorText} id={errorId} />
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  hint,
  error,
  registration,
  required,
  options,
  ...select
}: {
  label: string;
  hint?: ReactNode;
  error?: FieldError | string | undefined;
  registration: UseFormRegisterReturn;
  required?: boolean;
  options: { value: string; label: string; group?: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  const errorText = useErrorText()(error);
  const { id, hintId, errorId, describedBy } = useFieldIds(hint, errorText);
  const groups = [...new Set(options.map((o) => o.group ?? ""))];
  return (
    <div className={`field${errorText ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Extras hint={hint} hintId={hintId} />
      <select
        id={id}
        className="field__input"
        aria-invalid={errorText ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy || undefined}
        {...select}
        {...registration}
      >
        {groups.map((group) =>
          group === "" ? (
            options
              .filter((o) => !o.group)
              .map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))
          ) : (
            <optgroup key={group} label={group}>
              {options
                .filter((o) => o.group === group)
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
            </optgroup>
          ),
        )}
      </select>
      <ErrorLine text={errorText} id={errorId} />
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  registration,
  defaultChecked,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" defaultChecked={defaultChecked} {...registration} />{" "}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
