import { useEffect, useRef, type FormEvent, type RefObject } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
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
 * and moves focus to the first one, after a submission the server refused: the first in the
 * page's order when the form element is given, else the server's first.
 */
export function useServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fieldErrors: Record<string, string> | undefined,
  formRef?: RefObject<HTMLFormElement | null>,
): void {
  useEffect(() => {
    if (!fieldErrors) return;
    const names = Object.keys(fieldErrors);
    for (const name of names) {
      form.setError(name as Path<T>, { type: "server", message: fieldErrors[name] ?? "" });
    }
    // An error summary above the form, if there is one, has the focus already (FormAlert).
    if (!names[0] || errorSummaryHasFocus()) return;
    if (formRef?.current) focusFirstInvalid(names, formRef.current);
    else form.setFocus(names[0] as Path<T>);
  }, [fieldErrors, form, formRef]);
}

/**
 * Focuses the first control, in the page's order, whose name has an error: the order the
 * person reads the form in, not the order its fields happened to be registered (fields shown
 * for a choice made later register last).
 */
export function focusFirstInvalid(names: readonly string[], within: ParentNode): void {
  const wanted = new Set(names);
  const controls = within.querySelectorAll<HTMLElement>(
    "input[name], select[name], textarea[name]",
  );
  for (const control of controls) {
    const name = control.getAttribute("name") ?? "";
    if (!wanted.has(name) || control.matches(":disabled, [type=hidden]")) continue;
    control.focus();
    return;
  }
}

/**
 * Leaving a field with a tap or click in the same form waits until the pointer is released
 * to check the field: an error appearing at once moves what is below it, and the tap would
 * land beside the box or button it was meant for. Spread `formEvents` on `<form>` and pass
 * each registration through `deferBlur`.
 */
export function useBlurAfterPointer() {
  const queued = useRef<(() => void)[] | null>(null);
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);
  const hold = () => {
    if (queued.current) return;
    queued.current = [];
    const done = () => {
      window.removeEventListener("pointerup", done, true);
      window.removeEventListener("mouseup", done, true);
      window.removeEventListener("pointercancel", done, true);
      release.current = null;
      // After the click that follows the release, which lands where the pointer went down.
      setTimeout(() => {
        const waiting = queued.current ?? [];
        queued.current = null;
        for (const run of waiting) run();
      }, 0);
    };
    release.current = done;
    window.addEventListener("pointerup", done, true);
    window.addEventListener("mouseup", done, true);
    window.addEventListener("pointercancel", done, true);
  };
  return {
    formEvents: { onPointerDownCapture: hold, onMouseDownCapture: hold },
    deferBlur: (registration: UseFormRegisterReturn): UseFormRegisterReturn => ({
      ...registration,
      onBlur: (event: Parameters<UseFormRegisterReturn["onBlur"]>[0]) => {
        if (!queued.current) return registration.onBlur(event);
        queued.current.push(() => void registration.onBlur(event));
        return Promise.resolve();
      },
    }),
  };
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
    void form.handleSubmit(
      () => {
        const target = submitter ?? ref.current;
        if (target) void submit(target, options);
      },
      // react-hook-form focuses in the order fields registered; a form that turns that off
      // (`shouldFocusError: false`) gets the first one in the page's order.
      (errors) => {
        if (form.control._options.shouldFocusError === false && ref.current) {
          focusFirstInvalid(Object.keys(errors), ref.current);
        }
      },
    )(event);
  };
  return { ref, onSubmit };
}
