import { readFile } from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";
import { loadSharp } from "../media/inspect";

/** The size iOS asks for (iPhone, @3x), which it scales down for other screens. */
export const TOUCH_ICON_SIZE = 180;

/** The icon's own background: iOS fills what is transparent with black. */
const BACKGROUND = "#7a1f1f";

/**
 * `/apple-touch-icon.png` (and the `-precomposed` address older iPhones ask for): the site's
 * icon as the opaque 180×180 PNG "Add to Home Screen" takes, drawn from the SVG favicon at the
 * first request and kept in memory; the repository holds no copy of the picture.
 */
export const touchIconRoutes: FastifyPluginAsync<{ svgFile: string }> = async (app, options) => {
  let png: Promise<Buffer> | undefined;
  const draw = async () => {
    const sharp = await loadSharp();
    return sharp(await readFile(options.svgFile), { density: 384 })
      .resize(TOUCH_ICON_SIZE, TOUCH_ICON_SIZE)
      .flatten({ background: BACKGROUND })
      .png({ compressionLevel: 9 })
      .toBuffer();
  };
  for (const url of ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"]) {
    app.get(url, async (_request, reply) => {
      png ??= draw().catch((error: unknown) => {
        // A failed drawing is tried again at the next request.
        png = undefined;
        throw error;
      });
      return reply
        .type("image/png")
        .header("cache-control", "public, max-age=86400")
        .send(await png);
    });
  }
};
