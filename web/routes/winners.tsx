import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { WINNER_YEARS, parseListedYear } from "../../core/paths";
import { ComingSoon } from "../components/coming-soon";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/winners";

/** `?year=` must be one of the listed years; anything else is dropped (the latest year shows). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("year");
  const year = parseListedYear(raw, WINNER_YEARS);
  if (raw !== null && year === null) throw redirect(url.pathname);
  return { year: year ?? WINNER_YEARS[0] };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    titleKey: "sections.winnersOfYear",
    vars: { year: args.data?.year ?? WINNER_YEARS[0] },
    keepQuery: true,
  });

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return <ComingSoon section={t("sections.winnersOfYear", { year: loaderData.year })} />;
}
