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
    if (formRef?.current) focusRefusedField(names, formRef.current);
    else if (names[0] && !errorSummaryHasFocus()) form.setFocus(names[0] as Path<T>);
  }, [fieldErrors, form, formRef]);
}

/**
 * After a refusal the server answered: the first field in error in the page's order takes the
 * focus, unless an error summary above the form has it already (FormAlert focuses itself).
 */
export function focusRefusedField(names: readonly string[], within: ParentNode): void {
  if (names.length === 0 || errorSummaryHasFocus()) return;
  focusFirstInvalid(names, within);
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
 * What a react-hook-form form that posts through `useValidatedSubmit` needs: checked when a
 * field is left, then at each change; on a refused submit, `useValidatedSubmit` moves the focus
 * (the first field in error in the page's order), so react-hook-form's own focusing, in the
 * order fields registered, is off. Spread into `useForm`'s options.
 */
export const CHECKED_FORM = { mode: "onTouched", shouldFocusError: false } as const;

/**
 * Checks a form in the browser with its react-hook-form resolver (the same core/ schema the
 * action uses) and only then posts the real form element — through the button that submitted
 * it, so its name and value go along — to the route action. A refusal focuses the first field
 * in error in the page's order (the form's options include `CHECKED_FORM`). Spread the result
 * on `<form>`.
 */
export function useValidatedSubmit<T extends FieldValues, Context, Transformed extends FieldValues>(
  form: UseFormReturn<T, Context, Transformed>,
  options: SubmitOptions = { method: "post" },
) {
  const ref = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useClickThatLostItsButton(ref);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void form.handleSubmit(
      () => {
        const target = submitter ?? ref.current;
        if (target) void submit(target, options);
      },
      (errors) => {
        const names = Object.keys(errors);
        const within = ref.current;
        if (!within) return;
        focusFirstInvalid(names, within);
        // Once more after the errors have rendered: a summary appearing above the form takes
        // the focus as it shows (FormAlert), and the person belongs in the field.
        setTimeout(() => focusFirstInvalid(names, within), 0);
      },
    )(event);
  };
  return { ref, onSubmit };
}

/**
 * Pressing a form's submit button is what leaves a wrong field: its error appears while the
 * mouse button or finger is still down and pushes the button away, the release lands beside
 * it and the browser sends no click — the form neither posts nor says what is wrong. A release
 * still inside where the button was when pressed submits through that button.
 */
function useClickThatLostItsButton(ref: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const formElement = ref.current;
    if (!formElement) return;
    let stop: (() => void) | undefined;
    const onPointerDown = (down: PointerEvent) => {
      stop?.();
      const button = (down.target as Element | null)?.closest?.("button, input");
      if (
        down.button !== 0 ||
        !(button instanceof HTMLButtonElement || button instanceof HTMLInputElement) ||
        button.type !== "submit" ||
        button.form !== formElement
      ) {
        return;
      }
      const pressed = button.getBoundingClientRect();
      const onPointerUp = (up: PointerEvent) => {
        stop?.();
        // What is under the pointer now (a touch's events all go to where it went down).
        const under = document.elementFromPoint(up.clientX, up.clientY);
        const released = under !== null && button.contains(under);
        const where =
          up.clientX >= pressed.left &&
          up.clientX <= pressed.right &&
          up.clientY >= pressed.top &&
          up.clientY <= pressed.bottom;
        if (!released && where && button.isConnected && !button.disabled) {
          formElement.requestSubmit(button);
        }
      };
      const cancel = () => stop?.();
      window.addEventListener("pointerup", onPointerUp, true);
      window.addEventListener("pointercancel", cancel, true);
      stop = () => {
        window.removeEventListener("pointerup", onPointerUp, true);
        window.removeEventListener("pointercancel", cancel, true);
        stop = undefined;
      };
    };
    formElement.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      formElement.removeEventListener("pointerdown", onPointerDown, true);
      stop?.();
    };
  }, [ref]);
}
