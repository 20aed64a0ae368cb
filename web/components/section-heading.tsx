/** A section title: optional png icon, uppercase title (the case is visual, so screen readers read words). */
export function SectionHeading({
  title,
  icon,
  id,
  level = 2,
  lang,
}: {
  title: string;
  icon?: string;
  id?: string;
  level?: 1 | 2 | 3;
  /** The title's language when it is not the page's (fallback-lang.ts). */
  lang?: string;
}) {
  const Tag = `h${level}` as "h1" | "h2" | "h3";
  return (
    <Tag className="section-heading" id={id} lang={lang}>
      {icon ? (
        <img src={icon} alt="" width={32} height={32} className="section-heading__icon" />
      ) : null}
      <span>{title}</span>
    </Tag>
  );
}
