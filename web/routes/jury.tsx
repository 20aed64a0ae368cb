import { useTranslation } from "../i18n/use-translation";
import { readingPageHandle } from "../hydration/on-interaction";
import { langOfPath } from "../../core/languages";
import { PATHS } from "../../core/paths";
import { SectionHeading } from "../components/section-heading";
import { JuryCard } from "../features/content/cards";
import { dropUnknownYear, requestedYear } from "../features/content/query";
import { YearSwitcher } from "../features/content/year-switcher";
import { contentStylesheet } from "../features/content/stylesheet";
import { pageMeta, yearQuery } from "../lib/meta";
import type { Route } from "./+types/jury";

/** A reading page: it hydrates at the first interaction (hydration/on-interaction.ts). */
export const handle = readingPageHandle;

export const links: Route.LinksFunction = () => [contentStylesheet];

/** `?year=`: a year with a jury; anything else is dropped (the latest year shows). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const jury = await context.services.content.jury(requestedYear(url), langOfPath(url.pathname));
  dropUnknownYear(url, jury.year);
  // No jury yet: the page is titled with this year.
  return { ...jury, year: jury.year ?? new Date().getUTCFullYear() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    titleKey: "sections.juryOfYear",
    descriptionKey: "jury.description",
    vars: { year: args.data?.year ?? "" },
    // The bare address shows a year too: one address per year, the one the sitemap lists
    // (when there is a year with content; without one, `?year=` would only redirect back).
    // Only the year: what else the address carried (a tracking tag) names no other page.
    query: yearQuery("", args.data?.years.includes(args.data.year) ? args.data.year : undefined),
  });

export default function JuryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { year, years, members } = loaderData;
  return (
    <div className="container page jury-page">
      <SectionHeading level={1} title={t("sections.juryOfYear", { year })} />
      <YearSwitcher path={PATHS.jury} years={years} current={year} />
      {members.length === 0 ? (
        <p role="status">{t("jury.empty")}</p>
      ) : (
        <ul className="jury-grid">
          {members.map((member) => (
            <JuryCard key={member.id} member={member} />
          ))}
        </ul>
      )}
    </div>
  );
}
