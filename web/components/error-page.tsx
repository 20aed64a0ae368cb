import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { langOfPath, localizePath } from "../../core/languages";
import { reportClientError } from "../lib/report-error";

/**
 * Whether an error the page shows was the browser's own: not a refusal (404, 403…), not the
 * server's (logged there; React Router hands the browser only "Unexpected Server Error"), not
 * a connection that failed (nothing in the code to mend).
 */
function failedInTheBrowser(error: unknown): boolean {
  if (isRouteErrorResponse(error) || !(error instanceof Error)) return false;
  if (error.message === "Unexpected Server Error") return false;
  return !(error instanceof TypeError && /fetch|network|load failed/i.test(error.message));
}

/** The last-resort page: a clear message in the page's language, never a blank screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Refusals (403…) are expected answers; only unexpected errors are worth a log line, and
  // the server's log gets those of the browser.
  if (!isRouteErrorResponse(error)) console.error(error);
  useEffect(() => {
    if (failedInTheBrowser(error)) reportClientError("render", error);
  }, [error]);
  return (
    <main id="main" className="container page error-page">
      <h1>{notFound ? t("error.notFoundTitle") : t("error.title")}</h1>
      <p>{notFound ? t("error.notFoundBody") : t("error.body")}</p>
      <p>
        <a href={localizePath("/", langOfPath(pathname))} className="button button--secondary">
          {t("common.backHome")}
        </a>
      </p>
    </main>
  );
}
