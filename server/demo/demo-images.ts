/**
 * Demo images are SVGs the server draws on request (`/generated/…`, see
 * server/modules/site/routes.ts), so the demo downloads nothing.
 */
const HUES = [12, 38, 152, 200, 226, 268, 320, 350, 96, 180, 28, 250, 300];

/** A generated portrait: initials on a coloured disc. */
export function portraitPath(name: string, index: number): string {
  const words = name.split(/\s+/).filter(Boolean);
  const initials = [words[0], words[words.length - 1]]
    .map((w) => (w ?? "").charAt(0).toUpperCase())
    .join("");
  return `/generated/portrait/${HUES[index % HUES.length]}/${encodeURIComponent(initials)}.svg`;
}

export function coverPath(seed: number): string {
  return `/generated/cover/${seed}.svg`;
}
