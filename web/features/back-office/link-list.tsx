import { Link } from "react-router";
import { useLocalizedPath } from "../../lib/site";
import "./back-office.css";

export interface AdminLink {
  /** A path without the `/en` prefix. */
  to: string;
  label: string;
  description?: string;
}

/** A grid of links to sub-sections (a section's landing page). */
export function AdminLinkList({ links }: { links: AdminLink[] }) {
  const to = useLocalizedPath();
  return (
    <ul className="admin-links">
      {links.map((link) => (
        <li key={link.to} className="admin-links__item">
          <Link to={to(link.to)} className="admin-links__link">
            {link.label}
          </Link>
          {link.description ? <p className="admin-links__text">{link.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}
