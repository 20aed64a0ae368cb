import type { Locator } from "playwright-core";

/**
 * The error message a form control announces (the one `Field` frame: its error paragraph is
 * among the control's `aria-describedby`), or "" when it has none. Reads it as a screen reader
 * would, so a message shown elsewhere on the page does not count as the field's.
 */
export async function errorOfField(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id))
      .filter((node) => node?.classList.contains("field__error"))
      .map((node) => node?.textContent ?? "")
      .join(" ");
  });
}
