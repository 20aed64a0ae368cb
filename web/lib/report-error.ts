import { clientErrorReport, type ClientErrorKind } from "../../core/client-error";

/** Where reports go (`server/plugins/client-errors.ts`). */
export const CLIENT_ERRORS_PATH = "/api/client-errors";

/** A page that fails in a loop sends a few reports, not thousands. */
const MAX_REPORTS_PER_PAGE = 5;
const sent = new Set<string>();

/**
 * Tells the server's log about an error in the page's own code: once per kind and message per
 * page load, five at most, sent so that it still goes when the page is being left
 * (`sendBeacon`). Reporting never throws: it must not add a failure to the one it reports.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  if (typeof window === "undefined") return;
  try {
    // A request the page itself gave up (leaving, a newer search) is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    const report = clientErrorReport(kind, error, window.location.pathname);
    const key = `${kind} ${report.message}`;
    if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
    sent.add(key);
    const body = JSON.stringify(report);
    const queued = navigator.sendBeacon?.(
      CLIENT_ERRORS_PATH,
      new Blob([body], { type: "application/json" }),
    );
    if (!queued) {
      void fetch(CLIENT_ERRORS_PATH, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        keepalive: true,
      }).catch(() => undefined);
    }
  } catch {
    // Nothing more to do: the page goes on.
  }
}

/**
 * Reports the errors no code of the page caught: those of this site's scripts (a script of
 * another origin, or a browser extension, tells nothing but "Script error.") and unhandled
 * rejections.
 */
export function reportUncaughtErrors(): void {
  window.addEventListener("error", (event) => {
    if (!event.error || !event.filename.startsWith(window.location.origin)) return;
    reportClientError("uncaught", event.error);
  });
  window.addEventListener("unhandledrejection", (event) => {
    reportClientError("rejection", event.reason);
  });
}
