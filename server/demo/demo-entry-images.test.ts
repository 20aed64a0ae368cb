import { describe, expect, it } from "vitest";
import { loadSharp } from "../modules/media/inspect";
import {
  DEMO_PICTURES_PER_TITLE,
  demoImageSvg,
  headlineWidth,
  layoutHeadline,
} from "./demo-entry-images";
import { demoEntryTitles } from "./demo-entry-texts";

/**
 * The demo entries' pictures: each draws the title it is made for as its headline, every word
 * of it, in lines that stay inside the picture — measured with the width the generator uses,
 * and that width checked against the font the pictures are rasterised with.
 */

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot);/g, (_, name: string) =>
    name === "lt" ? "<" : name === "gt" ? ">" : name === "amp" ? "&" : '"',
  );

/** The headline's lines as the SVG places them: text, x, and the text element's size and anchor. */
function drawnHeadline(svg: string) {
  const text = /<text ([^>]*)>(.*?)<\/text>/s.exec(svg);
  if (!text) throw new Error("no headline drawn");
  const size = Number(/font-size="([\d.]+)"/.exec(text[1]!)![1]);
  const anchor = /text-anchor="(\w+)"/.exec(text[1]!)![1];
  const lines = [...text[2]!.matchAll(/<tspan x="([\d.]+)" y="([\d.]+)">([^<]*)<\/tspan>/g)].map(
    (m) => ({ x: Number(m[1]), y: Number(m[2]), text: unescapeXml(m[3]!) }),
  );
  return { size, anchor, lines };
}

/** Titles as long and as wide as the demo's get, beside every title its entries can have. */
const TITLES = [
  ...demoEntryTitles([2023, 2024, 2025, 2026]),
  "Đông Du ký – bản 2024",
  "Xưởng Ý Tưởng Mười Hai",
  "Hãng hàng không Cánh Én",
  "Những chuyến xe nghĩa tình – dự án cá nhân",
  "MƯỜNG WƯỚNG ĐƯỜNG TRƯỜNG MÙA ĐÔNG",
  "Một chiến dịch có cái tên rất dài để xem tiêu đề có xuống dòng và thu nhỏ đúng cách không",
  "Siêuđộngtừdàikhôngcókhoảngtrắngnào",
  "Quà & lời chúc <3",
];

describe("demo entry pictures", () => {
  it("draw their own title, every word in order", () => {
    for (const title of TITLES) {
      for (let k = 0; k < 5; k++) {
        const { lines } = drawnHeadline(demoImageSvg(title, k).svg);
        expect(lines.map((l) => l.text).join(" "), `${title} #${k}`).toBe(
          title.split(/\s+/).join(" "),
        );
      }
    }
  });

  it("give two pictures of a title different formats, and two titles different pictures", () => {
    expect(DEMO_PICTURES_PER_TITLE).toBeGreaterThanOrEqual(2);
    for (const title of TITLES) {
      const [a, b] = [demoImageSvg(title, 0), demoImageSvg(title, 1)];
      expect(`${a.width}×${a.height}`).not.toBe(`${b.width}×${b.height}`);
    }
    expect(demoImageSvg(TITLES[0]!, 0).svg).not.toBe(demoImageSvg(TITLES[1]!, 0).svg);
  });

  it("never place a line beyond the picture's edges, nor below its foot", () => {
    for (const title of TITLES) {
      for (let k = 0; k < 5; k++) {
        const { svg, width, height, headline } = demoImageSvg(title, k);
        const { size, anchor, lines } = drawnHeadline(svg);
        expect(size).toBe(headline.size);
        // Readable: the demo's own titles keep a headline size; only the made-up ones shrink.
        if (demoEntryTitles([2023, 2024, 2025, 2026]).includes(title)) {
          expect(size, title).toBeGreaterThanOrEqual(40);
        }
        for (const line of lines) {
          const w = headlineWidth(line.text, size);
          const [left, right] =
            anchor === "middle" ? [line.x - w / 2, line.x + w / 2] : [line.x, line.x + w];
          expect(left, `${title} #${k}: "${line.text}"`).toBeGreaterThanOrEqual(0);
          expect(right, `${title} #${k}: "${line.text}"`).toBeLessThanOrEqual(width);
          // Ascent above the first baseline, descent below the last (DejaVu: 0.93 / 0.24 em).
          expect(line.y - 0.93 * size).toBeGreaterThanOrEqual(0);
          expect(line.y + 0.24 * size).toBeLessThanOrEqual(height);
        }
      }
    }
  });

  it("lay a headline out by a width budget: largest size that fits, dashes kept with their word", () => {
    const box = { width: 400, height: 200, maxSize: 60, maxLines: 3 };
    const short = layoutHeadline("Tết", box);
    expect(short).toEqual({ size: 60, lineHeight: 69, lines: ["Tết"] });

    const long = layoutHeadline("Sóng đánh, thuyền vẫn ra khơi – góc nhìn trẻ", box);
    expect(long.size).toBeLessThan(60);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect((long.lines.length - 1) * long.lineHeight).toBeLessThanOrEqual(box.height);
    for (const line of long.lines) {
      expect(headlineWidth(line, long.size)).toBeLessThanOrEqual(box.width);
      expect(line.startsWith("–")).toBe(false);
    }
    // One size up, it would not fit.
    const bigger = layoutHeadline("Sóng đánh, thuyền vẫn ra khơi – góc nhìn trẻ", {
      ...box,
      maxSize: long.size + 1,
    });
    expect(bigger.size).toBe(long.size);

    // A word wider than the box at the largest size makes the size smaller, never a cut word.
    const word = layoutHeadline("Siêuđộngtừdài", {
      width: 200,
      height: 200,
      maxSize: 60,
      maxLines: 3,
    });
    expect(word.lines).toEqual(["Siêuđộngtừdài"]);
    expect(headlineWidth("Siêuđộngtừdài", word.size)).toBeLessThanOrEqual(200);
  });

  it("measure at least as wide as the font draws them", async () => {
    const sharp = await loadSharp();
    const samples = [
      "Tết này con về",
      "Những chuyến xe nghĩa tình –",
      "MƯỜNG WƯỚNG ĐƯỜNG",
      "Mmm Www ỨỪỬ ơờở",
      "Hồ sơ năng lực 2024",
    ];
    for (const text of samples) {
      const size = 64;
      const estimate = headlineWidth(text, size);
      const canvas = Math.ceil(estimate) + 200;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="120">
        <rect width="${canvas}" height="120" fill="#fff"/>
        <text x="20" y="85" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#000">${text}</text></svg>`;
      const { info } = await sharp(Buffer.from(svg))
        .flatten({ background: "#ffffff" })
        .trim({ background: "#ffffff", threshold: 40 })
        .toBuffer({ resolveWithObject: true });
      // The ink is never wider than the advance widths added up.
      expect(info.width, text).toBeLessThanOrEqual(estimate);
      expect(info.width, text).toBeGreaterThan(estimate * 0.75);
    }
  });
});
