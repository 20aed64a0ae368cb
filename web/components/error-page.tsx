import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { langOfPath, localizePath } from "../../core/languages";
import { PATHS } from "../../core/paths";
import { reportClientError } from "../lib/report-error";

/** Whether the page's data did not arrive because the connection failed (the browser's words). */
function connectionFailed(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * Whether an error the page shows was the browser's own: not a refusal (404, 403…), not the
 * server's (logged there; React Router hands the browser only "Unexpected Server Error"), not
 * a connection that failed (nothing in the code to mend).
 */
function failedInTheBrowser(error: unknown): boolean {
  if (isRouteErrorResponse(error) || !(error instanceof Error)) return false;
  if (error.message === "Unexpected Server Error") return false;
  return !connectionFailed(error);
}

/**
 * What a page that finds nothing throws as its 404's data, naming the list it belongs to: the
 * page then offers a way back to that list besides the home page.
 */
export const NOT_IN_LIBRARY = { backTo: "library" } as const;
export const NOT_IN_NEWS = { backTo: "news" } as const;

/** The lists a 404 can lead back to: their address and the link's words. */
const BACK_TO = {
  library: { path: PATHS.library, key: "error.backToLibrary" },
  news: { path: PATHS.news, key: "error.backToNews" },
} as const;

/** The list a 404 names as the one its page belongs to, if any. */
function backToList(error: unknown): (typeof BACK_TO)[keyof typeof BACK_TO] | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("backTo" in data)) return null;
  return data.backTo === "library" || data.backTo === "news" ? BACK_TO[data.backTo] : null;
}

/**
 * The last-resort page: a clear message in the page's language, never a blank screen (the
 * root's boundary, for when not even the site's chrome could be drawn).
 */
export function RootErrorBoundary() {
  return (
    <main id="main" className="container page error-page">
      <ErrorMessage />
    </main>
  );
}

/**
 * What a failed page says, in the page's language: not found, the connection dropped, or
 * something went wrong. A page whose data did not arrive (the connection dropped on the way to
 * it) offers to load it again: the address is already the page's, so "try again" is a plain
 * link to it.
 */
export function ErrorMessage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Refused for this account's role: reloading will not help; the way on is elsewhere.
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const backOffice = /^(\/en)?\/quan-tri(\/|$)/.test(pathname);
  const offline = connectionFailed(error);
  // Refusals (403…) are expected answers; only unexpected errors are worth a log line, and
  // the server's log gets those of the browser.
  if (!isRouteErrorResponse(error)) console.error(error);
  useEffect(() => {
    if (failedInTheBrowser(error)) reportClientError("render", error);
  }, [error]);
  const [titleKey, bodyKey] = notFound
    ? ["error.notFoundTitle", "error.notFoundBody"]
    : forbidden
      ? ["error.forbiddenTitle", "error.forbiddenBody"]
      : offline
        ? ["error.offlineTitle", "error.offlineBody"]
        : ["error.title", "error.body"];
  const heading = t(titleKey);
  const list = backToList(error);
  return (
    <>
      {/* The failed route's meta is not drawn: the page's title is this one (React puts it in the head). */}
      <title>{`${heading} | ${t("site.name")}`}</title>
      <h1>{heading}</h1>
      <p>{t(bodyKey)}</p>
      <p className="error-page__actions">
        {offline ? (
          <a href={pathname + search} className="button button--primary">
            {t("common.tryAgain")}
          </a>
        ) : null}
        {list ? (
          <a
            href={localizePath(list.path, langOfPath(pathname))}
            className="button button--primary"
          >
            {t(list.key)}
          </a>
        ) : null}
        {forbidden && backOffice ? (
          <a
            href={localizePath("/quan-tri", langOfPath(pathname))}
            className="button button--primary"
          >
            {t("error.backToBackOffice")}
          </a>
        ) : null}
        <a href={localizePath("/", langOfPath(pathname))} className="button button--secondary">
          {t("common.backHome")}
        </a>
      </p>
    </>
  );
}
