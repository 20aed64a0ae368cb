import { useEffect, useRef, type FormEvent } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useSubmit, type SubmitOptions } from "react-router";
import { errorSummaryHasFocus } from "../components/form/field";

/**
 * What an action answers to a form: on a refusal, what was typed, the field errors and the
 * form's message (i18n keys); on success, perhaps a notice. `formKey` says which form of a
 * page with several it was meant for.
 */
export interface FormResult {
  ok: boolean;
  formKey?: string;
  values?: Record<string, string>;
  fieldErrors?: Record<string, string>;
  formError?: string;
  retryAfterMinutes?: number;
  notice?: string;
}

/**
 * Puts the server's field errors (i18n keys) on the right fields of a react-hook-form form
 * and moves focus to the first one, after a submission the server refused.
 */
export function useServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fieldErrors: Record<string, string> | undefined,
): void {
  useEffect(() => {
    if (!fieldErrors) return;
    const names = Object.keys(fieldErrors);
    for (const name of names) {
      form.setError(name as Path<T>, { type: "server", message: fieldErrors[name] ?? "" });
    }
    // An error summary above the form, if there is one, has the focus already (FormAlert).
    if (names[0] && !errorSummaryHasFocus()) form.setFocus(names[0] as Path<T>);
  }, [fieldErrors, form]);
}

/**
 * Checks a form in the browser with its react-hook-form resolver (the same core/ schema the
 * action uses) and only then posts the real form element — through the button that submitted
 * it, so its name and value go along — to the route action. Spread the result on `<form>`.
 */
export function useValidatedSubmit<T extends FieldValues, Context, Transformed extends FieldValues>(
  form: UseFormReturn<T, Context, Transformed>,
  options: SubmitOptions = { method: "post" },
) {
  const ref = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void form.handleSubmit(() => {
      const target = submitter ?? ref.current;
      if (target) void submit(target, options);
    })(event);
  };
  return { ref, onSubmit };
}
