import { useId } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { pickLang } from "../../../../core/languages";
import { PATHS } from "../../../../core/paths";
import { DataTable } from "../../../features/back-office/table";
import { StatusBadge } from "../../../features/back-office/status-badge";
import "../../../features/content-editing/content-editing.css";
import { chosenYear, requireContentEditor } from "../../../features/content-editing/guard.server";
import { positiveInt } from "../../../features/back-office/form.server";
import { deleteYearItem } from "../../../features/content-editing/year-item.server";
import { RowActions, YearListPage } from "../../../features/content-editing/year-list";
import { pageMeta } from "../../../lib/meta";
import { useLang } from "../../../lib/site";
import type { Route } from "./+types/winners";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

const LIST = "/quan-tri/noi-dung/thang-giai";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.winners.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/thang-giai?year=&category=&page=`: a year's winners, paged on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const url = new URL(request.url);
  const years = await contentAdmin.years("winners");
  // Without a year asked for, the current season's (the public site's), when it has one here.
  const current = (await context.services.settings.get()).currentSeasonYear;
  const year = chosenYear(request, years, years.includes(current) ? current : null);
  const categories = await contentAdmin.winnerCategories(year);
  const requested = positiveInt(url.searchParams.get("category"));
  const categoryId = categories.some((c) => c.id === requested) ? requested : null;
  const page = positiveInt(url.searchParams.get("page")) ?? 1;
  const result = await contentAdmin.winnersList({ year, categoryId, page });
  return { year, years, categories, categoryId, result };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const form = await request.formData();
  const id = form.get("intent") === "delete" ? positiveInt(form.get("id")) : null;
  const { deleteWinner } = context.services.contentAdmin;
  return deleteYearItem(request, actor, id, deleteWinner, (d) => d.winner.year, LIST);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminWinnersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const { year, years, categories, categoryId, result: list } = loaderData;
  type Row = (typeof list.items)[number];
  const categoryOf = (w: Row) =>
    (lang === "en" && w.categoryLabelEn) ||
    w.categoryLabelVi ||
    (w.categoryName ? pickLang(w.categoryName, lang) : "");

  return (
    <YearListPage
      keys="adminContent.winners"
      path={LIST}
      publicPath={PATHS.winners}
      year={year}
      years={years}
      filters={
        <div className="list-toolbar__field">
          <label htmlFor={`${id}-category`}>{t("adminContent.winners.category")}</label>
          <select
            id={`${id}-category`}
            name="category"
            className="field__input"
            defaultValue={categoryId === null ? "" : String(categoryId)}
            key={`${year}-${categoryId}`}
          >
            <option value="">{t("adminContent.winners.allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {pickLang(c.group, lang)} – {pickLang(c.name, lang)}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <DataTable<Row>
        caption={t("adminContent.winners.caption", { year })}
        result={list}
        rowKey={(w) => w.id}
        sort=""
        dir="asc"
        empty={t("adminContent.winners.empty")}
        columns={[
          {
            key: "title",
            header: t("adminContent.winners.columns.title"),
            rowHeader: true,
            cell: (w) => w.title,
          },
          {
            key: "category",
            header: t("adminContent.winners.columns.category"),
            cell: categoryOf,
          },
          {
            key: "prize",
            header: t("adminContent.winners.columns.prize"),
            cell: (w) => t(`winners.prize.${w.prize}`, { defaultValue: w.prize }),
          },
          {
            key: "brand",
            header: t("adminContent.winners.columns.brand"),
            cell: (w) => w.brand,
          },
          {
            key: "source",
            header: t("adminContent.winners.columns.source"),
            cell: (w) =>
              w.entryId ? (
                <StatusBadge tone="success">
                  {t("adminContent.winners.linked", { entry: w.entryCode ?? w.entryId })}
                </StatusBadge>
              ) : (
                <StatusBadge>{t("adminContent.winners.legacy")}</StatusBadge>
              ),
          },
          {
            key: "actions",
            header: t("adminContent.winners.columns.actions"),
            cell: (w) => (
              <RowActions
                id={w.id}
                editTo={`${LIST}/${w.id}`}
                editLabel={t("adminContent.winners.editNamed", { title: w.title })}
                confirm={t("adminContent.winners.deleteConfirm", { title: w.title, year })}
                deleteLabel={t("adminContent.winners.deleteNamed", { title: w.title })}
              />
            ),
          },
        ]}
      />
    </YearListPage>
  );
}
