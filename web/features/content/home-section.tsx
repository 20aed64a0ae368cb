import type { ReactNode } from "react";
import { Link } from "react-router";
import { SectionHeading } from "../../components/section-heading";

/**
 * A highlight on the home page: a heading, a grid of cards (`children`, the list items) and
 * a link to the whole list. `alt` sections are drawn on the alternate background, full width.
 */
export function HomeSection({
  id,
  title,
  gridClass,
  more,
  alt = false,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  gridClass: string;
  more: { to: string; label: string };
  alt?: boolean;
  children: ReactNode;
}) {
  const contents = (
    <>
      <SectionHeading id={id} title={title} />
      <ul className={gridClass}>{children}</ul>
      <p>
        {/* The header's menu links the same list: its link carries the route discovery. */}
        <Link to={more.to} className="button button--secondary" discover="none">
          {more.label}
        </Link>
      </p>
    </>
  );
  return alt ? (
    <section className="home-section home-section--alt" aria-labelledby={id}>
      <div className="container">{contents}</div>
    </section>
  ) : (
    <section className="home-section container" aria-labelledby={id}>
      {contents}
    </section>
  );
}
