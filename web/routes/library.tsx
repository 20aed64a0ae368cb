import { useTranslation } from "../i18n/use-translation";
import { redirect } from "react-router";
import { LIBRARY_API_PATH, libraryQueryString, type LibraryListPage } from "../../core/library";
import { SectionHeading } from "../components/section-heading";
import { LibraryView } from "../features/library/library-view";
import { misplacedGroupRedirect, readLibraryRequest } from "../features/library/library-request";
import { pageMeta } from "../lib/meta";
import { useLang } from "../lib/site";
import type { Route } from "./+types/library";

/**
 * `/bai-du-thi?q=&year=&track=&group=&category=…&prize=&page=`: the published entries, the
 * whole state in the URL. An address in any other form (a form sent without JavaScript, with
 * its empty fields; a group of another track) is sent to its one canonical form first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, query, redirectTo } = readLibraryRequest(new URL(request.url));
  if (redirectTo) throw redirect(redirectTo);
  const page = await context.services.library.list(query, lang);
  const elsewhere = misplacedGroupRedirect(page, lang);
  if (elsewhere) throw redirect(elsewhere);
  return page;
}

/**
 * In the browser, a refinement of the list (a filter, a search, another page) asks the
 * library's JSON endpoint (`GET /api/library?…`) for the list alone: no page render, no
 * framework encoding, the lightest request the server answers. The first page arrives
 * rendered with the document (`loader`).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { lang, canonical, redirectTo } = readLibraryRequest(new URL(request.url));
  if (redirectTo) throw redirect(redirectTo);
  const response = await fetch(`${LIBRARY_API_PATH}${canonical ? `?${canonical}` : ""}`, {
    signal: request.signal,
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Response(null, { status: response.status });
  const page = (await response.json()) as LibraryListPage;
  const elsewhere = misplacedGroupRedirect(page, lang);
  if (elsewhere) throw redirect(elsewhere);
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
