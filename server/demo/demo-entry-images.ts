import { seededRandom, type Random } from "./demo-registrants";

/**
 * The pictures of the demo entries: a pool of different compositions — posters, billboards,
 * print ads, social posts, key visuals — each drawn as an SVG with its own colours, shapes and
 * headline, then rasterised by sharp. Entries pick one to four of them, so the library looks
 * like a year of different campaigns without downloading anything.
 */

export const DEMO_IMAGE_POOL_SIZE = 20;

/** The formats a campaign's pictures come in, with their sizes (kept small: variants are made from them). */
const FORMATS = [
  { kind: "poster", width: 720, height: 900 },
  { kind: "billboard", width: 960, height: 480 },
  { kind: "print", width: 960, height: 640 },
  { kind: "social", width: 800, height: 800 },
  { kind: "keyvisual", width: 960, height: 540 },
] as const;

const HEADLINES = [
  "Tết này con về",
  "Quảng cáo xanh cho phố đông",
  "Hương vị quê nhà",
  "Chạm để thương",
  "Mùa Đông ấm áp",
  "Đường về nhà",
  "Sài Gòn không ngủ",
  "Một ngày không nhựa",
  "Hạt gạo làng ta",
  "Bà ngoại online",
  "Thắp sáng vùng cao",
  "Ký ức phố cổ",
  "Giọt mồ hôi ngọt ngào",
  "Trung thu của bé",
  "Nụ cười Việt",
  "Ánh đèn đô thị",
  "Bữa cơm đoàn viên",
  "Hành trình xanh",
  "Sống chậm giữa phố đông",
  "Tiếng gọi đại ngàn",
  "Vững bước đến trường",
  "Bản đồ vị giác",
  "Những chuyến xe nghĩa tình",
  "Cùng con khôn lớn",
];

const TAGLINES = [
  "Sữa Cao Nguyên",
  "Cà phê Phố Núi",
  "Ví Một Chạm",
  "Lụa Hà Đông",
  "Xe điện Xanh Việt",
  "Bia Sông Hồng",
  "Trà Xanh Tân Cương",
  "Kem Tràng Tiền",
  "Hàng không Cánh Sen",
  "Gạo Hạt Ngọc",
  "Du lịch Đất Phương Nam",
  "Ngân hàng Tiện Lợi",
];

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

/** Splits a headline into at most three lines of about `perLine` characters. */
function lines(text: string, perLine: number): string[] {
  const out: string[] = [];
  for (const word of text.split(" ")) {
    const last = out.at(-1);
    if (last !== undefined && (last + " " + word).length <= perLine)
      out[out.length - 1] += ` ${word}`;
    else out.push(word);
  }
  return out.slice(0, 3);
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

/** The SVG of picture `index` of the pool, and its size. */
export function demoImageSvg(index: number): { svg: string; width: number; height: number } {
  const random = seededRandom(7_000 + index * 97);
  const format = FORMATS[index % FORMATS.length]!;
  const { width: w, height: h } = format;
  const hue = (index * 47 + random.int(0, 30)) % 360;
  const dark = random.chance(0.6);
  const background = `<linearGradient id="bg" x1="0" y1="0" x2="${random.int(0, 1)}" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 60, dark ? 18 : 88)}"/>
    <stop offset="1" stop-color="${hsl(hue + 25, 70, dark ? 34 : 74)}"/></linearGradient>`;
  const ink = dark ? "#ffffff" : hsl(hue, 60, 14);
  const headline = HEADLINES[index % HEADLINES.length]!;
  const brand = TAGLINES[(index * 5) % TAGLINES.length]!;
  const size = Math.round(Math.min(w, h) / (format.kind === "billboard" ? 7 : 9));
  const perLine = Math.max(8, Math.floor((w * 0.8) / (size * 0.5)));
  const text = lines(headline, perLine);
  const centred = format.kind === "social" || format.kind === "poster";
  const x = centred ? w / 2 : Math.round(w * 0.07);
  const anchor = centred ? "middle" : "start";
  const top = format.kind === "poster" ? Math.round(h * 0.2) : Math.round(h * 0.3);
  const tspans = text
    .map(
      (l, i) => `<tspan x="${x}" y="${top + i * Math.round(size * 1.15)}">${escapeXml(l)}</tspan>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${background}</defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${motif(random, w, h, hue)}
  <rect x="0" y="${h - Math.round(h * 0.13)}" width="${w}" height="${Math.round(h * 0.13)}" fill="${dark ? "#000" : "#fff"}" opacity="0.35"/>
  <text font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="${ink}" text-anchor="${anchor}">${tspans}</text>
  <text x="${x}" y="${h - Math.round(h * 0.045)}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.45)}" fill="${ink}" text-anchor="${anchor}" letter-spacing="2">${escapeXml(brand.toUpperCase())}</text>
</svg>`;
  return { svg, width: w, height: h };
}

/** Picture `index` of the pool as a JPEG file at `filePath` (what an entrant would upload). */
export async function writeDemoImage(index: number, filePath: string) {
  const { default: sharp } = await import("sharp");
  const { svg, width, height } = demoImageSvg(index);
  const { size } = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 86 })
    .toFile(filePath);
  return { width, height, bytes: size };
}
