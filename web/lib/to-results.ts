import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * What a link that changes a list leaves in the history entry (another page, clearing the
 * filters, dropping one condition): the new list is shown from its results, not from the top
 * of the filters above them (on a phone a screen and more), and focus goes there too, since
 * the link that was followed is often gone.
 */
export const TO_RESULTS = { toResults: true } as const;

/** Whether the current history entry was reached through such a link. */
export function cameToResults(state: unknown): boolean {
  return typeof state === "object" && state !== null && "toResults" in state;
}

/**
 * After a link carrying `TO_RESULTS`, scrolls `results` into view and focuses `focus` (or
 * `results` itself; either needs `tabIndex={-1}`). Back and forward keep the position the
 * browser restores.
 */
export function useShowResults<
  Results extends HTMLElement = HTMLElement,
  Focus extends HTMLElement = HTMLElement,
>() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const results = useRef<Results>(null);
  const focus = useRef<Focus>(null);
  useEffect(() => {
    if (navigationType !== "PUSH" || !cameToResults(location.state)) return;
    // At once, not smoothly: the list has been replaced, there is nothing to follow on the way.
    results.current?.scrollIntoView({ block: "start", behavior: "instant" });
    (focus.current ?? results.current)?.focus({ preventScroll: true });
  }, [location.key, location.state, navigationType]);
  return { results, focus };
}
