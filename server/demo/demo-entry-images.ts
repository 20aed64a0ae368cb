import { slugify } from "../../core/slug";
import { seededRandom, type Random } from "./demo-registrants";

/**
 * The pictures of the demo entries: each title gets its own few pictures — posters,
 * billboards, print ads, social posts, key visuals — drawn as an SVG with its own colours and
 * shapes and the title as the headline, then rasterised by sharp. An entry shows the pictures of
 * its title, so no picture carries another entry's headline, and nothing is downloaded.
 */

/** Pictures drawn per title, each in another format: an entry shows one to this many. */
export const DEMO_PICTURES_PER_TITLE = 2;

/** The formats a campaign's pictures come in, with their sizes (kept small: variants are made from them). */
const FORMATS = [
  { kind: "poster", width: 720, height: 900 },
  { kind: "billboard", width: 960, height: 480 },
  { kind: "print", width: 960, height: 640 },
  { kind: "social", width: 800, height: 800 },
  { kind: "keyvisual", width: 960, height: 540 },
] as const;

/** The headline's font, as the SVG names it. */
const HEADLINE_FONT = "DejaVu Sans, sans-serif";

/**
 * Advance widths (in em) of DejaVu Sans Bold, rounded up: what a headline line is measured
 * with. A character not listed counts as a full em, wider than any listed letter, so a
 * fallback font's odd glyph still fits.
 */
const BOLD_WIDTHS = new Map<string, number>(
  (
    [
      [
        "abcdefghijklmnopqrstuvwxyz",
        [
          0.68, 0.72, 0.6, 0.72, 0.68, 0.44, 0.72, 0.72, 0.35, 0.35, 0.67, 0.35, 1.05, 0.72, 0.69,
          0.72, 0.72, 0.5, 0.6, 0.48, 0.72, 0.66, 0.93, 0.65, 0.66, 0.59,
        ],
      ],
      [
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        [
          0.78, 0.77, 0.74, 0.83, 0.69, 0.69, 0.83, 0.84, 0.38, 0.38, 0.78, 0.64, 1, 0.84, 0.85,
          0.74, 0.85, 0.77, 0.72, 0.69, 0.82, 0.78, 1.11, 0.78, 0.73, 0.73,
        ],
      ],
      ["0123456789", Array<number>(10).fill(0.7)],
      [
        " .,:;!?'\"-–—()&/%+",
        [
          0.35, 0.38, 0.38, 0.4, 0.4, 0.46, 0.58, 0.31, 0.53, 0.42, 0.5, 1, 0.46, 0.46, 0.88, 0.37,
          1.01, 0.84,
        ],
      ],
      // Vietnamese letters whose mark widens the base letter; the others are their base letter.
      ["ĐđƠơƯư", [0.84, 0.72, 0.88, 0.69, 0.84, 0.72]],
    ] as const
  ).flatMap(([chars, widths]) => [...chars].map((c, i) => [c, widths[i]!] as const)),
);

/** How wide `text` is at `size` px in the headline's bold font (an upper bound). */
export function headlineWidth(text: string, size: number): number {
  let em = 0;
  for (const char of text.normalize("NFC")) {
    const known = BOLD_WIDTHS.get(char);
    if (known !== undefined) {
      em += known;
      continue;
    }
    // A letter with tone marks is as wide as its letter without them (ờ as ơ, ấ as a).
    const base = char
      .normalize("NFD")
      .replace(/[\u0300-\u031a\u031c-\u036f]/g, "")
      .normalize("NFC");
    em += base === "" ? 0 : (BOLD_WIDTHS.get(base) ?? 1);
  }
  return em * size;
}

export interface HeadlineLayout {
  /** Font size in px. */
  size: number;
  /** Distance between baselines in px. */
  lineHeight: number;
  lines: string[];
}

/** Words in lines no wider than `width` at `size`, first come first placed; null if a word is wider. */
function breakLines(words: readonly string[], size: number, width: number): string[] | null {
  const lines: string[] = [];
  for (const word of words) {
    if (headlineWidth(word, size) > width) return null;
    const last = lines.at(-1);
    if (last !== undefined && headlineWidth(`${last} ${word}`, size) <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/**
 * The headline's words in lines no wider than `width` px, at the largest size up to `maxSize`
 * that needs at most `maxLines` lines whose block (first baseline to last) fits `height` px,
 * the lines as even as that many allow. Every word is kept; a dash stays at the end of the line
 * before it.
 */
export function layoutHeadline(
  text: string,
  box: { width: number; height: number; maxSize: number; maxLines: number },
): HeadlineLayout {
  const words: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (/^[–—-]$/.test(word) && words.length > 0) words[words.length - 1] += ` ${word}`;
    else words.push(word);
  }
  for (let size = Math.floor(box.maxSize); size > 1; size--) {
    const lineHeight = Math.round(size * 1.15);
    let lines = breakLines(words, size, box.width);
    if (!lines || lines.length > box.maxLines || (lines.length - 1) * lineHeight > box.height) {
      continue;
    }
    // Narrower and narrower while the count holds: "Xưởng Ý Tưởng / Mười Hai", not "… Mười / Hai".
    for (let narrower = box.width - 4; narrower > 0; narrower -= 4) {
      const even = breakLines(words, size, narrower);
      if (!even || even.length > lines.length) break;
      lines = even;
    }
    return { size, lineHeight, lines };
  }
  return { size: 1, lineHeight: 1, lines: breakLines(words, 1, box.width) ?? words };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

/** A stable number for a title (FNV-1a), so its pictures are the same in every install. */
function titleSeed(title: string): number {
  let hash = 0x811c9dc5;
  for (const c of title.normalize("NFC")) hash = Math.imul(hash ^ c.codePointAt(0)!, 0x01000193);
  return hash >>> 0;
}

/**
 * The file name picture `k` of a title is uploaded as, and the part of its storage key that
 * tells titles apart (the slug, plus the title's seed: two titles may share a slug).
 */
export function demoPictureName(title: string, k: number): { file: string; key: string } {
  const slug = slugify(title, 48) || "tranh";
  return {
    file: `${slug}-${k + 1}.jpg`,
    key: `${slug}-${titleSeed(title).toString(36)}-${k + 1}.jpg`,
  };
}

/** The decorative layer: one of several motifs in the picture's palette. */
function motif(random: Random, w: number, h: number, hue: number): string {
  const accent = (hue + random.pick([30, 150, 180, 210])) % 360;
  switch (random.int(0, 5)) {
    case 0: {
      // Overlapping discs.
      return Array.from({ length: random.int(3, 6) }, () => {
        const r = random.int(Math.round(h / 8), Math.round(h / 2.5));
        return `<circle cx="${random.int(0, w)}" cy="${random.int(0, h)}" r="${r}" fill="${hsl(accent + random.int(-20, 20), 75, random.int(45, 70))}" opacity="${(0.35 + random.next() * 0.5).toFixed(2)}"/>`;
      }).join("");
    }
    case 1: {
      // Diagonal bands.
      const n = random.int(4, 9);
      const band = Math.round((w + h) / n / 2);
      return Array.from({ length: n }, (_, i) => {
        const x = i * band * 2 - h;
        return `<polygon points="${x},${h} ${x + band},${h} ${x + band + h},0 ${x + h},0" fill="${hsl(accent, 70, 55 + (i % 2) * 10)}" opacity="0.55"/>`;
      }).join("");
    }
    case 2: {
      // A grid of dots.
      const step = random.int(36, 70);
      const dots: string[] = [];
      for (let y = step / 2; y < h; y += step)
        for (let x = step / 2; x < w; x += step)
          dots.push(`<circle cx="${x}" cy="${y}" r="${Math.round(step / 6)}"/>`);
      return `<g fill="${hsl(accent, 80, 70)}" opacity="0.45">${dots.join("")}</g>`;
    }
    case 3: {
      // Waves.
      return Array.from({ length: random.int(3, 5) }, (_, i) => {
        const y = Math.round(h * (0.45 + i * 0.13));
        const a = random.int(20, 60);
        return `<path d="M0 ${y} Q ${w / 4} ${y - a} ${w / 2} ${y} T ${w} ${y} V ${h} H 0 Z" fill="${hsl(accent + i * 12, 65, 35 + i * 9)}" opacity="0.6"/>`;
      }).join("");
    }
    case 4: {
      // A rising sun with rays.
      const cx = Math.round(w * (0.3 + random.next() * 0.4));
      const cy = Math.round(h * 0.75);
      const rays = Array.from({ length: 12 }, (_, i) => {
        const a = (Math.PI * i) / 12 + Math.PI;
        const x = cx + Math.cos(a) * w;
        const y = cy + Math.sin(a) * w;
        const b = a + Math.PI / 24;
        return `<polygon points="${cx},${cy} ${Math.round(x)},${Math.round(y)} ${Math.round(cx + Math.cos(b) * w)},${Math.round(cy + Math.sin(b) * w)}" />`;
      }).join("");
      return `<g fill="${hsl(accent, 85, 70)}" opacity="0.3">${rays}</g><circle cx="${cx}" cy="${cy}" r="${Math.round(h / 5)}" fill="${hsl(accent, 90, 62)}"/>`;
    }
    default: {
      // Tilted blocks, like cut paper.
      return Array.from({ length: random.int(3, 5) }, () => {
        const bw = random.int(Math.round(w / 6), Math.round(w / 2.5));
        const bh = random.int(Math.round(h / 8), Math.round(h / 3));
        return `<rect x="${random.int(-50, w - 50)}" y="${random.int(0, h)}" width="${bw}" height="${bh}" transform="rotate(${random.int(-25, 25)} ${w / 2} ${h / 2})" fill="${hsl(accent + random.int(-30, 30), 70, random.int(40, 75))}" opacity="0.7"/>`;
      }).join("");
    }
  }
}

/**
 * The SVG of picture `k` of a title, and its size: the title is the headline, laid out to fit
 * inside the picture; the colours, shapes and format come from the title and `k`.
 */
export function demoImageSvg(
  title: string,
  k: number,
): { svg: string; width: number; height: number; headline: HeadlineLayout } {
  const seed = titleSeed(title);
  const random = seededRandom(seed + k * 97);
  const format = FORMATS[(seed + k) % FORMATS.length]!;
  const { width: w, height: h } = format;
  const hue = (seed % 360) + k * 120 + random.int(0, 30);
  const dark = random.chance(0.6);
  const background = `<linearGradient id="bg" x1="0" y1="0" x2="${random.int(0, 1)}" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 60, dark ? 18 : 88)}"/>
    <stop offset="1" stop-color="${hsl(hue + 25, 70, dark ? 34 : 74)}"/></linearGradient>`;
  const ink = dark ? "#ffffff" : hsl(hue, 60, 14);
  const centred = format.kind === "social" || format.kind === "poster";
  // The headline block: a margin of 7% each side, from its first baseline to 8% above the foot.
  const margin = Math.round(w * 0.07);
  const top = format.kind === "poster" ? Math.round(h * 0.2) : Math.round(h * 0.3);
  const headline = layoutHeadline(title, {
    width: w - 2 * margin,
    height: Math.round(h * 0.92) - top,
    maxSize: Math.round(Math.min(w, h) / (format.kind === "billboard" ? 7 : 9)),
    maxLines: 4,
  });
  const x = centred ? w / 2 : margin;
  const anchor = centred ? "middle" : "start";
  const tspans = headline.lines
    .map((l, i) => `<tspan x="${x}" y="${top + i * headline.lineHeight}">${escapeXml(l)}</tspan>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${background}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${motif(random, w, h, hue)}
  <text font-family="${HEADLINE_FONT}" font-weight="bold" font-size="${headline.size}" fill="${ink}" text-anchor="${anchor}">${tspans}</text>
</svg>`;
  return { svg, width: w, height: h, headline };
}

/** Picture `k` of a title as a JPEG file at `filePath` (what an entrant would upload). */
export async function writeDemoImage(title: string, k: number, filePath: string) {
  const { default: sharp } = await import("sharp");
  const { svg, width, height } = demoImageSvg(title, k);
  const { size } = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 86 })
    .toFile(filePath);
  return { width, height, bytes: size };
}
