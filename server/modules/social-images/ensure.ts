import type { ObjectStat } from "../storage";
import type { SocialImagesContext } from "./context";
import { drawOgImage, planOgImage, type OgImageChoice, type OgImagePlan } from "./source";

class MissingSource extends Error {
  constructor() {
    super("preview source missing or unreadable");
  }
}

/** The stored preview of a plan, drawn and stored once when it is not there yet. */
async function ensurePlan(ctx: SocialImagesContext, plan: OgImagePlan): Promise<ObjectStat> {
  const existing = await ctx.storage.stat(plan.key);
  if (existing) return existing;
  let pending = ctx.inflight.get(plan.key);
  if (!pending) {
    pending = (async () => {
      const jpeg = await drawOgImage(ctx, plan.source);
      if (!jpeg) throw new MissingSource();
      return ctx.storage.put(plan.key, jpeg, { contentType: "image/jpeg" });
    })().finally(() => ctx.inflight.delete(plan.key));
    ctx.inflight.set(plan.key, pending);
  }
  return pending;
}

/**
 * A page's preview, stored: made now if it is not there yet. Requests that arrive while it
 * is being made wait for the same work (a link shared on ceremony night brings many crawlers
 * at once). A picture that is gone or unreadable gives the page's card instead.
 */
export async function ensureOgImage(
  ctx: SocialImagesContext,
  choice: OgImageChoice,
): Promise<{ plan: OgImagePlan; stat: ObjectStat }> {
  try {
    return { plan: choice.plan, stat: await ensurePlan(ctx, choice.plan) };
  } catch (error) {
    if (!(error instanceof MissingSource)) throw error;
    const plan = planOgImage(choice.fallback);
    return { plan, stat: await ensurePlan(ctx, plan) };
  }
}
