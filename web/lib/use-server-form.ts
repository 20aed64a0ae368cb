import { useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

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
    if (names[0]) form.setFocus(names[0] as Path<T>);
  }, [fieldErrors, form]);
}
