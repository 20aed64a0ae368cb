import { chatWidgetUrl, type SiteSettings } from "../../../core/site-settings";
import { SAMPLE_DOCUMENT_KINDS } from "../../../core/document-kinds";
import type { Lang } from "../../../core/languages";
import type { SubmissionWindowState } from "../../../core/submission-window";
import { KeptReads } from "../../kept-reads";
import { currentPublicUrl } from "../../public-url";
import type { DocumentsService } from "../documents/service";
import type { SeasonsService } from "../seasons/service";
import type { SettingsService } from "../settings/service";

/** What every public page's header and footer need, in one round trip. */
export interface SiteChrome {
  publicUrl: string;
  contactEmail: string;
  contactPhone: string;
  social: SiteSettings["social"];
  chat: { provider: SiteSettings["chatWidget"]["provider"]; url: string } | null;
  /**
   * Title/description/image for pages without their own (site settings, per language; a page's
   * data carries only its own language's, the other null).
   */
  seo: Record<Lang, SiteSettings["seo"][Lang] | null>;
  season: {
    year: number;
    code: string;
    submission: SubmissionWindowState;
    /** The season's criteria PDF per page language (English falls back to Vietnamese). */
    criteriaUrl: Record<Lang, string | null>;
  } | null;
  /**
   * A password-protected sample PDF to try the viewer with (demo data), if there is one, per
   * page language (English falls back to Vietnamese).
   */
  sampleDocument: Record<Lang, { title: string; url: string } | null>;
  /** Years with a jury / with winners in the database, newest first (the header's submenus). */
  years: { jury: number[]; winners: number[] };
}

export type SiteService = ReturnType<typeof createSiteService>;

/** The newest sample in each language; English shows the Vietnamese one when it has none. */
function samplePerLanguage(
  samples: readonly { lang: Lang; title: string; url: string }[],
): SiteChrome["sampleDocument"] {
  const newest = (lang: Lang) => {
    const found = samples.find((sample) => sample.lang === lang);
    return found ? { title: found.title, url: found.url } : null;
  };
  const vi = newest("vi");
  return { vi, en: newest("en") ?? vi };
}

export function createSiteService(
  settings: SettingsService,
  seasons: SeasonsService,
  publicUrl: string,
  documents: Pick<DocumentsService, "criteriaUrls" | "unattached">,
  content?: { years(): Promise<{ jury: number[]; winners: number[] }> },
  kept: KeptReads = new KeptReads(0),
) {
  return {
    async chrome(): Promise<SiteChrome> {
      // The season is read every time: where it stands in its window changes with the clock.
      const [s, season, years, samples] = await Promise.all([
        settings.get(),
        seasons.current(),
        content ? content.years() : { jury: [], winners: [] },
        kept.get("sample-documents", () => documents.unattached(SAMPLE_DOCUMENT_KINDS.protected)),
      ]);
      const criteriaUrl = season
        ? await kept.get(`criteria ${season.year}`, () => documents.criteriaUrls(season.year))
        : { vi: null, en: null };
      const chatUrl = chatWidgetUrl(s.chatWidget);
      return {
        publicUrl: currentPublicUrl(publicUrl),
        contactEmail: s.contactEmail,
        contactPhone: s.contactPhone,
        social: s.social,
        chat: chatUrl ? { provider: s.chatWidget.provider, url: chatUrl } : null,
        seo: s.seo,
        season: season
          ? { year: season.year, code: season.code, submission: season.submission, criteriaUrl }
          : null,
        years,
        sampleDocument: samplePerLanguage(samples),
      };
    },
  };
}
