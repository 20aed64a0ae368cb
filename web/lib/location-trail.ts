import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

/**
 * The address each history entry was reached from, in this tab: a page can offer "back to
 * where you were" (the library with its filters and page) without carrying that address in
 * its own links. Keyed by React Router's location key, so going back and forward keeps each
 * entry's own origin. The first page of a visit was reached from the referrer when that is
 * this site.
 */
export function createLocationTrail() {
  const cameFrom = new Map<string, string | null>();
  const listeners = new Set<() => void>();
  let last: string | null = null;
  return {
    /** Records a page shown; `first` is the referrer's address for the first page of a visit. */
    visit(key: string, address: string, first: string | null = null): void {
      if (!cameFrom.has(key)) cameFrom.set(key, last ?? first);
      last = address;
      for (const listener of listeners) listener();
    },
    cameFrom(key: string): string | null {
      return cameFrom.get(key) ?? null;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const trail = createLocationTrail();

/** A same-site referrer's path and query, or null. */
function sameSiteReferrer(): string | null {
  if (!document.referrer) return null;
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** Keeps the trail: called once, by the root, so it sees every navigation. */
export function useLocationTrail(): void {
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  useEffect(() => {
    trail.visit(location.key, address, sameSiteReferrer());
  }, [location.key, address]);
}

/** The address (path and query) the current page was reached from; null on the server. */
export function useCameFrom(): string | null {
  const { key } = useLocation();
  return useSyncExternalStore(
    trail.subscribe,
    () => trail.cameFrom(key),
    () => null,
  );
}
