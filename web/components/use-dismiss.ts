import { useEffect, type RefObject } from "react";

/**
 * Closes a popup on Esc (returning focus to its trigger) and on a pointer press or focus
 * move outside its container.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close();
        trigger.current?.focus();
      }
    };
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && container.current && !container.current.contains(target)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, container, trigger, close]);
}
