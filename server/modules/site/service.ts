import { chatWidgetUrl, type SiteSettings } from "../../../core/site-settings";
import type { SubmissionWindowState } from "../../../core/submission-window";
import type { SeasonsService } from "../seasons/service";
import type { SettingsService } from "../settings/service";

/** What every public page's header and footer need, in one round trip. */
export interface SiteChrome {
  publicUrl: string;
  contactEmail: string;
  contactPhone: string;
  social: SiteSettings["social"];
  chat: { provider: SiteSettings["chatWidget"]["provider"]; url: string } | null;
  season: { year: number; code: string; submission: SubmissionWindowState } | null;
}

export type SiteService = ReturnType<typeof createSiteService>;

export function createSiteService(
  settings: SettingsService,
  seasons: SeasonsService,
  publicUrl: string,
) {
  return {
    async chrome(): Promise<SiteChrome> {
      const [s, season] = await Promise.all([settings.get(), seasons.current()]);
      const chatUrl = chatWidgetUrl(s.chatWidget);
      return {
        publicUrl,
        contactEmail: s.contactEmail,
        contactPhone: s.contactPhone,
        social: s.social,
        chat: chatUrl ? { provider: s.chatWidget.provider, url: chatUrl } : null,
        season: season
          ? { year: season.year, code: season.code, submission: season.submission }
          : null,
      };
    },
  };
}
