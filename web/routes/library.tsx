import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { langOfPath } from "../../core/languages";
import { libraryQueryString, parseLibraryQuery } from "../../core/library";
import { SectionHeading } from "../components/section-heading";
import { LibraryView } from "../features/library/library-view";
import { libraryPath } from "../features/library/paths";
import { pageMeta } from "../lib/meta";
import { useLang } from "../lib/site";
import type { Route } from "./+types/library";

/**
 * `/bai-du-thi?q=&year=&track=&group=&category=…&prize=&page=`: the published entries, the
 * whole state in the URL. An address in any other form (a form sent without JavaScript, with
 * its empty fields; a group of another track) is sent to its one canonical form first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  const query = parseLibraryQuery(url.searchParams);
  const canonical = libraryQueryString(query);
  if (new URLSearchParams(url.search).toString() !== canonical) {
    throw redirect(libraryPath(canonical, lang));
  }
  const page = await context.services.library.list(query, lang);
  const track = page.facets.tracks.find((t) => t.code === query.track);
  if (query.group && track && !track.groups.some((g) => g.slug === query.group)) {
    throw redirect(
      libraryPath(libraryQueryString({ ...query, group: null, categories: [] }), lang),
    );
  }
  return page;
}

/**
 * The canonical address keeps the filters and the page (each such page is a real list worth
 * finding) but not the search words; a search result page is not indexed at all.
 */
export const meta: Route.MetaFunction = (args) => {
  const query = args.data?.query;
  const search = query ? libraryQueryString({ ...query, q: "" }) : "";
  const tags = pageMeta(
    { ...args, location: { ...args.location, search: search ? `?${search}` : "" } },
    { titleKey: "sections.library", descriptionKey: "library.list.description", keepQuery: true },
  );
  return query?.q ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function LibraryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="container page library-page">
      <SectionHeading level={1} title={t("sections.library")} />
      <p className="library-page__intro">{t("library.list.intro")}</p>
      <LibraryView data={loaderData} lang={lang} />
    </div>
  );
}
