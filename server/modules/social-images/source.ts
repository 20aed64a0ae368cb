import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { generatedCoverSvg } from "../site/generated-cover";
import type { SocialImagesContext } from "./context";
import { heavyWork } from "../../cpu-gate";
import { renderCard, renderPicture, RENDER_VERSION } from "./render";

/** What a preview is made from. */
export type OgSource =
  /** A file in Storage: an uploaded image's variant (`token` names it for good) or another key. */
  | { kind: "stored"; key: string; token?: string }
  /** One of the demo's generated covers (`/generated/cover/<seed>.svg`). */
  | { kind: "generated"; seed: number }
  /** No picture: a card with the site's name and the page's title. */
  | { kind: "card"; siteName: string; title: string };

/** Where a preview is kept and the validator it is served with. */
export interface OgImagePlan {
  source: OgSource;
  /** `og/<fingerprint>.jpg`: a changed source or drawing gives a new key. */
  key: string;
  etag: string;
}

/**
 * The preview's fingerprint: the source's identity and the drawing's version. Two pages
 * with the same cover share one stored preview; a new cover is a new key, so a preview is
 * never stale and never overwritten.
 */
export function planOgImage(source: OgSource): OgImagePlan {
  const identity =
    source.kind === "stored"
      ? ["stored", source.token ?? source.key]
      : source.kind === "generated"
        ? ["generated", source.seed]
        : ["card", source.siteName, source.title];
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([RENDER_VERSION, ...identity]))
    .digest("hex")
    .slice(0, 32);
  return { source, key: `og/${fingerprint}.jpg`, etag: `"og-${fingerprint}"` };
}

/** A page's preview: the plan, and the card drawn instead when the picture cannot be read. */
export interface OgImageChoice {
  plan: OgImagePlan;
  fallback: OgSource & { kind: "card" };
}

/** Draws the preview's JPEG; a stored source that is gone or unreadable becomes null. */
export async function drawOgImage(
  ctx: SocialImagesContext,
  source: OgSource,
): Promise<Buffer | null> {
  // Drawing is a core's work for a moment: it takes its turn with the other heavy work.
  if (source.kind === "card") return heavyWork.run(() => renderCard(source));
  if (source.kind === "generated") {
    return heavyWork.run(() => renderPicture(Buffer.from(generatedCoverSvg(source.seed))));
  }
  const object = await ctx.storage.get(source.key);
  if (!object) return null;
  const bytes = await buffer(object.body);
  try {
    return await heavyWork.run(() => renderPicture(bytes));
  } catch {
    return null;
  }
}
