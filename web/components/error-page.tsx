import { useTranslation } from "../i18n/use-translation";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { langOfPath, localizePath } from "../../core/languages";

/** The last-resort page: a clear message in the page's language, never a blank screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Refusals (403…) are expected answers; only unexpected errors are worth a log line.
  if (!isRouteErrorResponse(error)) console.error(error);
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
