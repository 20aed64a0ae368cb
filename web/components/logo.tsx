/** The id of the drawing the header's logo defines and the footer's logo shows again. */
const DRAWING_ID = "site-logo";

/**
 * The competition's mark: a stylised spring blossom over the name. Decorative text is in the
 * link's label. The header draws it; the footer, on the same page, shows that same drawing
 * again (`repeat`, through `<use>`) rather than sending it twice. The text takes the colour of the
 * link around each one (currentColor).
 */
export function Logo({ compact = false, repeat = false }: { compact?: boolean; repeat?: boolean }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 180 48"
      width={compact ? 120 : 180}
      height={compact ? 32 : 48}
      aria-hidden="true"
      focusable="false"
    >
      {repeat ? (
        <use href={`#${DRAWING_ID}`} />
      ) : (
        <g id={DRAWING_ID}>
          <g transform="translate(24 24)" fill="#d4a017">
            {[0, 72, 144, 216, 288].map((angle) => (
              <ellipse key={angle} cx="0" cy="-11" rx="6" ry="11" transform={`rotate(${angle})`} />
            ))}
            <circle r="5" fill="#7a1f1f" />
          </g>
          <text
            x="54"
            y="22"
            fontSize="18"
            fontWeight="700"
            fill="currentColor"
            fontFamily="inherit"
          >
            VẠN XUÂN
          </text>
          <text
            x="54"
            y="39"
            fontSize="10.5"
            letterSpacing="1.2"
            fill="currentColor"
            fontFamily="inherit"
          >
            CREATIVE AWARDS
          </text>
        </g>
      )}
    </svg>
  );
}
