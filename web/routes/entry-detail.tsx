import { data } from "react-router";
import { langOfPath } from "../../core/languages";
import { excerpt } from "../../core/meta-description";
import { OG_IMAGE } from "../../core/social-image";
import { NOT_IN_LIBRARY } from "../components/error-page";
import { EntryView, entryDescription } from "../features/library/entry-view";
import { entryPath } from "../features/library/paths";
import { readingPageHandle } from "../hydration/on-interaction";
import { pageMeta } from "../lib/meta";
import { useLang } from "../lib/site";
import type { Route } from "./+types/entry-detail";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

/** Entry ids are UUIDs; anything else is not an entry, without asking the database. */
const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/bai-thi/{id}`: a published entry; an unknown or unpublished one is a 404 page that leads
 * back to the library.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  const entry = ENTRY_ID.test(params.id)
    ? await context.services.library.entry(params.id, lang)
    : null;
  if (!entry) throw data(NOT_IN_LIBRARY, { status: 404 });
  return { entry, shareUrl: `${context.publicUrl}${entryPath(entry.id, lang)}` };
}

export const meta: Route.MetaFunction = (args) => {
  const entry = args.data?.entry;
  if (!entry) return pageMeta(args, { titleKey: "sections.entryDetail" });
  const lang = langOfPath(args.location.pathname);
  return [
    ...pageMeta(args, {
      title: entry.title,
      description: excerpt(entryDescription(entry, lang).text) || `${entry.title} – ${entry.brand}`,
      type: "article",
      image: entry.ogImage,
      // The generated preview picture is a 1200×630 JPEG (a raster social networks show).
      imageInfo: entry.ogImage ? OG_IMAGE : undefined,
      publishedTime: entry.publishedAt,
    }),
    ...(entry.ogImage ? [{ property: "og:image:alt", content: entry.title }] : []),
  ];
};

export default function EntryDetailPage({ loaderData }: Route.ComponentProps) {
  const lang = useLang();
  return <EntryView entry={loaderData.entry} lang={lang} shareUrl={loaderData.shareUrl} />;
}
