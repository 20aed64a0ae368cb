import sprite from "./icons.svg?no-inline";

/**
 * The competition's mark: a stylised spring blossom over the name. Decorative text is in the
 * link's label. The drawing lives in the cached icon sprite (icons.svg, `#logo`), so a page
 * names it instead of carrying it; its text takes the colour of the link around it
 * (currentColor) and the page's font, both inherited through `<use>`.
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 180 48"
      width={compact ? 120 : 180}
      height={compact ? 32 : 48}
      aria-hidden="true"
    >
      <use href={`${sprite}#logo`} />
    </svg>
  );
}
