import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { TOUCH_ICON_SIZE, touchIconRoutes } from "./touch-icon";

const FAVICON = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../public/favicon.svg",
);

describe("the home-screen icon", () => {
  const app = Fastify();
  afterAll(() => app.close());

  it("is the site's SVG icon as an opaque 180×180 PNG, at both addresses iOS asks", async () => {
    await app.register(touchIconRoutes, { svgFile: FAVICON });
    for (const url of ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("image/png");
      expect(response.headers["cache-control"], url).toBe("public, max-age=86400");
      const image = sharp(response.rawPayload);
      const { width, height, format, hasAlpha } = await image.metadata();
      expect({ width, height, format, hasAlpha }).toEqual({
        width: TOUCH_ICON_SIZE,
        height: TOUCH_ICON_SIZE,
        format: "png",
        hasAlpha: false,
      });
      // The favicon's rounded corners are filled with its red, not left black by iOS.
      const { data } = await image.raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)]).toEqual([0x7a, 0x1f, 0x1f]);
      // The flower in the middle is drawn: a gold pixel above the centre.
      const at = (TOUCH_ICON_SIZE * 45 + TOUCH_ICON_SIZE / 2) * 3;
      const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3);
      expect(r).toBeGreaterThan(180);
      expect(g).toBeGreaterThan(120);
      expect(b).toBeLessThan(80);
    }
  });
});
