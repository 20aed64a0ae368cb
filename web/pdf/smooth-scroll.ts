/**
 * Animates an element's scroll position (seed §9: 400 ms), or jumps when the reader asked
 * for reduced motion. A newer animation on the same element replaces the running one.
 */
const running = new WeakMap<Element, number>();

export function smoothScroll(
  element: HTMLElement,
  from: { top: number; left: number },
  to: { top: number; left: number },
  durationMs: number,
  onDone?: () => void,
): void {
  const previous = running.get(element);
  if (previous !== undefined) cancelAnimationFrame(previous);
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  if (reduced || durationMs <= 0 || (from.top === to.top && from.left === to.left)) {
    element.scrollTo({ top: to.top, left: to.left, behavior: "instant" });
    onDone?.();
    return;
  }
  element.scrollTo({ top: from.top, left: from.left, behavior: "instant" });
  const start = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - start) / durationMs);
    // Ease in-out (cubic).
    const eased = progress < 0.5 ? 4 * progress ** 3 : 1 - (-2 * progress + 2) ** 3 / 2;
    element.scrollTo({
      top: from.top + (to.top - from.top) * eased,
      left: from.left + (to.left - from.left) * eased,
      behavior: "instant",
    });
    if (progress < 1) {
      running.set(element, requestAnimationFrame(step));
    } else {
      running.delete(element);
      onDone?.();
    }
  };
  running.set(element, requestAnimationFrame(step));
}
