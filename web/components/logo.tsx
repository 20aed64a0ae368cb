/** The competition's mark: a stylised spring blossom over the name. Decorative text is in the link's label. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 180 48"
      width={compact ? 120 : 180}
      height={compact ? 32 : 48}
      aria-hidden="true"
      focusable="false"
    >
      <g transform="translate(24 24)" fill="#d4a017">
        {[0, 72, 144, 216, 288].map((angle) => (
          <ellipse key={angle} cx="0" cy="-11" rx="6" ry="11" transform={`rotate(${angle})`} />
        ))}
        <circle r="5" fill="#7a1f1f" />
      </g>
      <text x="54" y="22" fontSize="18" fontWeight="700" fill="currentColor" fontFamily="inherit">
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
    </svg>
  );
}
