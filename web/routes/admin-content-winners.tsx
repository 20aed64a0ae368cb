import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData } from "react-router";
import { pickLang } from "../../core/category-tree";
import { PATHS } from "../../core/paths";
import { AdminPage, ConfirmButton, DataTable, FlashMessage, StatusBadge } from "../features/admin";
import { YearPicker } from "../features/content-admin/year-picker";
import "../features/content-admin/content-admin.css";
import {
  chosenYear,
  positiveInt,
  redirectWithNotice,
  requireContentEditor,
} from "../features/content-admin/guard.server";
import { pageMeta } from "../lib/meta";
import { useLang, useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/admin-content-winners";

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
  const year = chosenYear(request, years);
  const categories = await contentAdmin.winnerCategories(year);
  const requested = positiveInt(url.searchParams.get("category"));
  const categoryId = categories.some((c) => c.id === requested) ? requested : null;
  const page = positiveInt(url.searchParams.get("page")) ?? 1;
  const result = await contentAdmin.winnersList({ year, categoryId, page });
  return { year, years, categories, categoryId, result };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const form = await request.formData();
  const id = positiveInt(form.get("id"));
  const winner = id === null ? null : await contentAdmin.winnerGet(id);
  if (form.get("intent") !== "delete" || !winner) {
    return { ok: false as const, notice: "adminContent.errors.notFound" };
  }
  await contentAdmin.winnerDelete(actor, winner.id);
  return redirectWithNotice(request, `${LIST}?year=${winner.year}`, "adminContent.notices.deleted");
}

export default function AdminWinnersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const id = useId();
  const result = useActionData<typeof action>();
  const { year, years, categories, categoryId, result: list } = loaderData;
  type Row = (typeof list.items)[number];
  const categoryOf = (w: Row) =>
    (lang === "en" && w.categoryLabelEn) ||
    w.categoryLabelVi ||
    (w.categoryName ? pickLang(w.categoryName, lang) : "");

  return (
    <AdminPage
      title={t("adminContent.winners.titleOfYear", { year })}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminContent.winners.title") },
      ]}
      actions={
        <>
          <Link className="button button--primary" to={to(`${LIST}/moi?year=${year}`)}>
            {t("adminContent.winners.add")}
          </Link>
          <Link className="button button--secondary" to={to(`${PATHS.winners}?year=${year}`)}>
            {t("adminContent.common.viewPublic")}
          </Link>
        </>
      }
    >
      <FlashMessage
        {...(result?.notice ? { notice: result.notice } : {})}
        tone={result && !result.ok ? "error" : "success"}
      />
      <YearPicker years={years} year={year}>
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
      </YearPicker>
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
                  {t("adminContent.winners.linked", { entry: w.entryId })}
                </StatusBadge>
              ) : (
                <StatusBadge>{t("adminContent.winners.legacy")}</StatusBadge>
              ),
          },
          {
            key: "actions",
            header: t("adminContent.winners.columns.actions"),
            cell: (w) => (
              <div className="content-admin-actions">
                <Link
                  to={to(`${LIST}/${w.id}`)}
                  aria-label={t("adminContent.winners.editNamed", { title: w.title })}
                >
                  {t("adminContent.common.edit")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={w.id} />
                  <ConfirmButton
                    className="button button--secondary button--small"
                    message={t("adminContent.winners.deleteConfirm", { title: w.title, year })}
                    aria-label={t("adminContent.winners.deleteNamed", { title: w.title })}
                  >
                    {t("adminContent.common.delete")}
                  </ConfirmButton>
                </Form>
              </div>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
