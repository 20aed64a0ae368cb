import type { Config } from "./config";
import type { Db } from "./db/database";
import { createSeasonsService } from "./modules/seasons/service";
import { createSettingsService } from "./modules/settings/service";
import { createSiteService } from "./modules/site/service";

/** The domain services, shared by page loaders (through the load context) and `/api` routes. */
export type Services = ReturnType<typeof createServices>;

export function createServices(
  db: Db,
  config: Pick<Config, "publicUrl">,
  hooks: { onContentChange: () => void; clock?: () => Date },
) {
  const settings = createSettingsService(db, hooks.onContentChange);
  const seasons = createSeasonsService(db, settings, hooks.onContentChange, hooks.clock);
  const site = createSiteService(settings, seasons, config.publicUrl);
  return { settings, seasons, site };
}
