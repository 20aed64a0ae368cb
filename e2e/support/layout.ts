import type { Page } from "playwright-core";

/**
 * Table cells narrower than a short word whose text has a long one: squeezed so their text
 * breaks letter by letter, where the table should scroll in its own box instead.
 */
export function squeezedCells(page: Page): Promise<string[]> {
  return page.locator("td, th").evaluateAll((cells) =>
    cells
      .map((cell) => ({
        text: cell.textContent?.trim() ?? "",
        width: cell.getBoundingClientRect().width,
      }))
      .filter(
        ({ text, width }) =>
          width > 0 && width < 56 && Math.max(0, ...text.split(/\s+/).map((w) => w.length)) > 6,
      )
      .map(({ text, width }) => `cell "${text.slice(0, 24)}" ${Math.round(width)} px wide`),
  );
}
