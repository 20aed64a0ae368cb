import { useState, useSyncExternalStore } from "react";

/**
 * Forms and hydration. A server-rendered form can be used before React has hydrated it: on a
 * slow line the page shows (and its inputs work, as plain HTML) a second or more before its
 * JavaScript has arrived. What the person typed, ticked or chose meanwhile lives only in the
 * DOM; react-hook-form, registering each input when React attaches it, would write its default
 * values over it. So a form reads its starting values from the live DOM when it hydrates
 * (`useLiveFormValues`) and uses them both as react-hook-form's defaults and as the inputs'
 * `defaultValue` / `defaultChecked` — then registering changes nothing on screen.
 *
 * What the page *renders* from those values (fields shown for one type, a counter, a list of
 * categories) must still match the server's HTML during hydration, or React would throw the
 * server's DOM away: such output follows the server's values until `useHydrated()` is true
 * (React renders once more right after hydrating, with the live values).
 */

let hydrated = false;

/** Called once React has committed the hydrated document (hydration/hydrate.tsx). */
export function markHydrated(): void {
  hydrated = true;
}

const subscribe = () => () => undefined;

/** False while React hydrates the server's HTML, true from the render right after (and always in client-side navigations). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

type Values = Record<string, unknown>;

function setPath(target: Values, path: string, value: unknown): void {
  const keys = path.split(".");
  let node: Values = target;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      node[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1]!);
    const existing = node[key];
    if (typeof existing !== "object" || existing === null) {
      node[key] = nextIsIndex ? [] : {};
    } else {
      // Never write into the caller's objects: copy on the way down.
      node[key] = Array.isArray(existing) ? [...(existing as unknown[])] : { ...existing };
    }
    node = node[key] as Values;
  });
}

/**
 * The values a form's named controls hold now, by name (`credits.people.0.name` becomes
 * nested): text as typed, a radio group's checked value, a lone checkbox as true/false, a
 * select's value. File inputs and buttons are left out; so is a radio group with nothing
 * checked (the caller's value stands).
 */
export function readFormValues(form: HTMLFormElement, into: Values = {}): Values {
  const result: Values = { ...into };
  const checkboxes = new Map<string, HTMLInputElement[]>();
  const radios = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!(
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
    )) {
      continue;
    }
    const name = element.name;
    if (!name) continue;
    if (element instanceof HTMLInputElement) {
      if (["file", "submit", "button", "reset", "image"].includes(element.type)) continue;
      if (element.type === "checkbox") {
        checkboxes.set(name, [...(checkboxes.get(name) ?? []), element]);
        continue;
      }
      if (element.type === "radio") {
        radios.add(name);
        if (element.checked) setPath(result, name, element.value);
        continue;
      }
    }
    setPath(result, name, element.value);
  }
  for (const [name, boxes] of checkboxes) {
    setPath(
      result,
      name,
      boxes.length === 1
        ? boxes[0]!.checked
        : boxes.filter((box) => box.checked).map((box) => box.value),
    );
  }
  return result;
}

/**
 * The form's starting values: `serverValues`, except on the render that hydrates the server's
 * HTML, where the form `formId` already in the document gives what the person has entered
 * since it showed. Read once, on the first render.
 */
export function useLiveFormValues<T extends object>(formId: string, serverValues: T): T {
  const [values] = useState(() => {
    if (hydrated || typeof document === "undefined") return serverValues;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return serverValues;
    return readFormValues(form, serverValues as Values) as T;
  });
  return values;
}
