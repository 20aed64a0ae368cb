import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Closes a popup on Esc (returning focus to its trigger) and on a pointer press or focus
 * move outside its container. Esc is heard on the whole document, or (`keys: "container"`)
 * only inside the container, where it is also kept from whatever is around the popup (a
 * dialog, full screen).
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  close: () => void,
  keys: "document" | "container" = "document",
): void {
  useEffect(() => {
    if (!open) return;
    const keyTarget = keys === "container" ? container.current : document;
    const onKey = (event: Event) => {
      if ((event as KeyboardEvent).key !== "Escape") return;
      if (keys === "container") event.preventDefault();
      event.stopPropagation();
      close();
      trigger.current?.focus();
    };
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && container.current && !container.current.contains(target)) close();
    };
    keyTarget?.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      keyTarget?.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, container, trigger, close, keys]);
}

/**
 * A disclosure: a button that shows and hides a popup next to it, closed by Esc or by a
 * press or focus outside (`useDismiss`).
 */
export function useDisclosure<C extends HTMLElement>(keys?: "document" | "container") {
  const [open, setOpen] = useState(false);
  const container = useRef<C>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  useDismiss(open, container, button, close, keys);
  return { open, setOpen, close, toggle, container, button };
}
