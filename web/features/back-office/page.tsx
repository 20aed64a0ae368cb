import { useId, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { useLocalizedPath } from "../../lib/site";
import "./back-office.css";

export interface Crumb {
  label: string;
  /** A path without the `/en` prefix (localised here); the current page has none. */
  to?: string;
}

/**
 * A back-office page: breadcrumbs, the one `h1`, an actions slot (buttons/links on the right)
 * and the page's content. Every back-office route renders its content inside one.
 */
export function AdminPage({
  title,
  breadcrumbs = [],
  actions,
  lead,
  children,
}: {
  title: string;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const headingId = useId();
  return (
    <section className="admin-page" aria-labelledby={headingId}>
      {breadcrumbs.length > 0 ? (
        <nav className="admin-breadcrumbs" aria-label={t("adminKit.breadcrumbs")}>
          <ol>
            {breadcrumbs.map((crumb, index) => (
              <li key={index}>
                {crumb.to ? (
                  <Link to={to(crumb.to)}>{crumb.label}</Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="admin-page__head">
        <h1 id={headingId} className="admin-page__title">
          {title}
        </h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {lead ? <div className="admin-page__lead">{lead}</div> : null}
      {children}
    </section>
  );
}
