import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "../hydration/form-state";

/**
 * Starts the keyboard at the top of the page, as a full load does, when the control that had
 * the focus went with the old page (the link or button that led here). Chromium otherwise goes
 * on from where that control was: the first Tab after signing in landed on the back office's
 * sign-out button or the account's first link, past the skip link and the site's menu. The body
 * takes the focus for that moment only (made focusable, then plain again once it lets go).
 */
function startKeyboardAtTop() {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const body = document.body;
  body.setAttribute("tabindex", "-1");
  body.addEventListener("blur", () => body.removeAttribute("tabindex"), { once: true });
  body.focus({ preventScroll: true });
}

/**
 * Says the new page's title to screen readers after a navigation inside the app, which
 * changes the page without the browser loading one (a full load announces itself), and puts
 * the keyboard back at the page's start if its place went with the old page. A change of the
 * query alone (a filter, another page of a list) is not a new page: those say their own
 * results and keep the focus where it was. Rendered from hydration on, so it is in no page's
 * HTML.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const [title, setTitle] = useState("");
  const announced = useRef(pathname);
  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    startKeyboardAtTop();
    // The new page's <title> is in place by the next frame.
    const frame = requestAnimationFrame(() => setTitle(document.title));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  if (!hydrated) return null;
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {title}
    </p>
  );
}
