/** The demo's generated covers: `/generated/cover/<seed>.svg`, a gradient drawn from the seed. */
export const GENERATED_COVER_PATH = /^\/generated\/cover\/(\d{1,6})\.svg$/;

/** The seed of a generated cover's address, or null for any other path. */
export function generatedCoverSeed(src: string | null | undefined): number | null {
  const match = src ? GENERATED_COVER_PATH.exec(src) : null;
  return match ? Number(match[1]) : null;
}

/** The 800×450 SVG of a generated cover (served by ./routes.ts, rasterised for link previews). */
export function generatedCoverSvg(seed: number): string {
  const hue = (seed * 47) % 360;
  const hue2 = (hue + 40) % 360;
  const x = 120 + ((seed * 73) % 560);
  const y = 60 + ((seed * 31) % 300);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 60% 40%)"/><stop offset="1" stop-color="hsl(${hue2} 65% 55%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="800" height="450" fill="url(#g)"/>` +
    `<circle cx="${x}" cy="${y}" r="140" fill="#fff" fill-opacity="0.12"/>` +
    `<circle cx="${800 - x}" cy="${450 - y}" r="90" fill="#fff" fill-opacity="0.18"/>` +
    `<path d="M0 360 Q200 300 400 360 T800 350 V450 H0z" fill="#000" fill-opacity="0.15"/>` +
    `</svg>`
  );
}
