import { redirect } from "react-router";

/** Page numbers from a query string: anything but a positive integer is page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** `?year=` as a four-digit year, or null (absent or anything else). */
export function requestedYear(url: URL): number | null {
  const raw = url.searchParams.get("year");
  return raw !== null && /^\d{4}$/.test(raw) ? Number(raw) : null;
}

/**
 * A year page's `?year=` that names no year it can show is dropped: the redirect goes to the
 * page without a query (the latest year). `shown` is the year the page found for the request.
 */
export function dropUnknownYear(url: URL, shown: number | null): void {
  if (url.searchParams.get("year") !== null && shown !== requestedYear(url)) {
    throw redirect(url.pathname);
  }
}
