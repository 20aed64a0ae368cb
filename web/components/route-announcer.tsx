import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "../hydration/form-state";

/**
 * Says the new page's title to screen readers after a navigation inside the app, which
 * changes the page without the browser loading one (a full load announces itself). A change of
 * the query alone (a filter, another page of a list) is not a new page: those say their own
 * results. Rendered from hydration on, so it is in no page's HTML.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const [title, setTitle] = useState("");
  const announced = useRef(pathname);
  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
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
