import { useEffect, useRef } from "react";

/**
 * Runs `done` once each time `sending` goes from true back to false: a form's post has been
 * answered (and, for a redirect, the page after it loaded). Forms use it to put the keyboard's
 * place back after their button was disabled while it ran.
 */
export function useAfterSend(sending: boolean, done: () => void): void {
  const sent = useRef(false);
  const latest = useRef(done);
  latest.current = done;
  useEffect(() => {
    if (sending) {
      sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    latest.current();
  }, [sending]);
}

/**
 * Whether the keyboard's place is gone: nothing focused, the page itself, or an element in a
 * `<details>` that has closed (a disabled or removed button sends the focus to the body).
 */
export function keyboardPlaceLost(): boolean {
  const focused = document.activeElement;
  return (
    focused === null || focused === document.body || focused.closest("details:not([open])") !== null
  );
}
