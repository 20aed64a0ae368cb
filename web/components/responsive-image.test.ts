import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ResponsiveImageData } from "../../core/media-image";
import { ResponsiveImage } from "./responsive-image";

const uploaded: ResponsiveImageData = {
  id: 7,
  src: "/media/abc/w1600.jpg",
  width: 2000,
  height: 1200,
  alt: "Bìa bài viết",
  srcset: {
    avif: "/media/abc/w480.avif 480w, /media/abc/w1600.avif 1600w",
    webp: "/media/abc/w480.webp 480w, /media/abc/w1600.webp 1600w",
    fallback: "/media/abc/w480.jpg 480w, /media/abc/w1600.jpg 1600w",
  },
  sizes: null,
};

const render = (props: Parameters<typeof ResponsiveImage>[0]) =>
  renderToStaticMarkup(createElement(ResponsiveImage, props));

describe("ResponsiveImage", () => {
  it("draws an uploaded image as <picture> with AVIF, WebP, fallback srcset, sizes and its size", () => {
    const html = render({ image: uploaded, sizes: "(min-width: 64rem) 50vw, 100vw" });
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcSet="\/media\/abc\/w480\.avif 480w/,
    );
    expect(html).toContain(
      '<source type="image/webp" srcSet="/media/abc/w480.webp 480w, /media/abc/w1600.webp 1600w" sizes="(min-width: 64rem) 50vw, 100vw"/>',
    );
    expect(html).toContain('src="/media/abc/w1600.jpg"');
    expect(html).toContain('srcSet="/media/abc/w480.jpg 480w, /media/abc/w1600.jpg 1600w"');
    expect(html).toContain('width="2000" height="1200"');
    expect(html).toContain('alt="Bìa bài viết"');
    expect(html).toContain('loading="lazy"');
  });

  it("loads the main picture eagerly and lets the page override the alt text", () => {
    const html = render({ image: uploaded, priority: true, alt: "" });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('alt=""');
  });

  it("draws a legacy path as a plain <img>, with the size the page knows", () => {
    const legacy: ResponsiveImageData = {
      id: null,
      src: "/generated/portrait/20/AB.svg",
      width: null,
      height: null,
      alt: "Chân dung",
      srcset: null,
      sizes: null,
    };
    const html = render({ image: legacy, width: 320, height: 320 });
    expect(html).toBe(
      '<img src="/generated/portrait/20/AB.svg" width="320" height="320" alt="Chân dung" loading="lazy" decoding="async"/>',
    );
  });
});
