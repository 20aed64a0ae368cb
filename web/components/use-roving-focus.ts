import type { KeyboardEvent, RefObject } from "react";

/**
 * Arrow-key movement between the items of a popup list (a submenu's links, a menu's items):
 * ↓ and ↑ move with wrap-around, Home and End go to the ends. Focus moves between the items;
 * the list itself never takes it.
 */
export function useRovingFocus(container: RefObject<HTMLElement | null>, selector: string) {
  const items = () => [...(container.current?.querySelectorAll<HTMLElement>(selector) ?? [])];
  /** Focuses the item at `index`, counted from the end when negative. */
  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };
  /** The list's key handler: true when it moved the focus. */
  const onListKey = (event: KeyboardEvent): boolean => {
    const index = items().indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "ArrowDown"
        ? index + 1
        : event.key === "ArrowUp"
          ? index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? -1
              : null;
    if (next === null) return false;
    event.preventDefault();
    focusItem(next);
    return true;
  };
  return { focusItem, onListKey };
}
