import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "../../../i18n/use-translation";
import { Link, useActionData, useNavigation } from "react-router";
import {
  contentPageSchema,
  isContentPageKey,
  pageHasTitle,
  type ContentPageFormValues,
  type ContentPageInput,
  type ContentPageKey,
} from "../../../../core/content-admin";
import { formatDate } from "../../../../core/dates";
import { refusal } from "../../../../core/refusal";
import { FormAlert, TextAreaField, TextField } from "../../../components/form/field";
import { AdminPage } from "../../../features/back-office/page";
import { FlashMessage } from "../../../features/back-office/flash";
import { StatusBadge } from "../../../features/back-office/status-badge";
import "../../../features/content-editing/content-editing.css";
import { redirectWithNotice, submitForm } from "../../../features/back-office/form.server";
import { requireContentEditor } from "../../../features/content-editing/guard.server";
import { RichTextEditor } from "../../../features/editor";
import { pageMeta } from "../../../lib/meta";
import { useLang, useLocalizedPath } from "../../../lib/site";
import { CHECKED_FORM, useServerErrors, useValidatedSubmit } from "../../../lib/use-server-form";
import type { Route } from "./+types/pages";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

const LIST = "/quan-tri/noi-dung/trang";

/** Each editable page: its name key in `adminContent.pages.names` and its public address. */
const PAGE_INFO: Record<ContentPageKey, { name: string; path: string }> = {
  "award-introduction": { name: "intro", path: "/gioi-thieu-giai-thuong" },
  "track:van-xuan": { name: "vanXuan", path: "/van-xuan" },
  "track:van-xuan-classic": { name: "vanXuanClassic", path: "/van-xuan-classic" },
  "track:van-xuan-stars": { name: "vanXuanStars", path: "/van-xuan-stars" },
};

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.pages.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/trang[?key=]`: the current season's editable pages, one at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const year = await contentAdmin.pagesSeason();
  const pages = year === null ? [] : await contentAdmin.pages(year);
  const key = new URL(request.url).searchParams.get("key");
  const selected = isContentPageKey(key) ? (pages.find((p) => p.key === key) ?? null) : null;
  return { year, pages, selected };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const year = await contentAdmin.pagesSeason();
  return submitForm(
    await request.formData(),
    contentPageSchema,
    (input) =>
      year === null
        ? Promise.resolve(refusal(409, "adminContent.pages.noSeason"))
        : contentAdmin.savePage(actor, year, input),
    () => redirectWithNotice(request, LIST, "adminContent.notices.saved"),
  );
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminPagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  const { year, pages, selected } = loaderData;
  const nameOf = (key: ContentPageKey) => t(`adminContent.pages.names.${PAGE_INFO[key].name}`);
  const crumbs = [
    { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
    selected
      ? { label: t("adminContent.pages.title"), to: LIST }
      : { label: t("adminContent.pages.title") },
  ];
  if (selected) {
    const title = t("adminContent.pages.edit", { name: nameOf(selected.key) });
    return (
      <AdminPage title={title} breadcrumbs={[...crumbs, { label: title }]}>
        <PageForm key={selected.key} page={selected} publicPath={PAGE_INFO[selected.key].path} />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={t("adminContent.pages.title")}
      breadcrumbs={crumbs}
      lead={
        year === null ? t("adminContent.pages.noSeason") : t("adminContent.pages.lead", { year })
      }
    >
      <FlashMessage />
      <div className="table-scroll">
        <table className="table content-admin-table">
          <caption className="visually-hidden">{t("adminContent.pages.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminContent.pages.columns.page")}</th>
              <th scope="col">{t("adminContent.pages.columns.state")}</th>
              <th scope="col">{t("adminContent.pages.columns.updated")}</th>
              <th scope="col">{t("adminContent.pages.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.key}>
                <th scope="row">{nameOf(page.key)}</th>
                <td>
                  {!page.exists ? (
                    <StatusBadge tone="warning">{t("adminContent.pages.missing")}</StatusBadge>
                  ) : page.inherited ? (
                    <StatusBadge>{t("adminContent.pages.inherited")}</StatusBadge>
                  ) : (
                    <StatusBadge tone="success">
                      {t("adminContent.pages.own", { year })}
                    </StatusBadge>
                  )}
                </td>
                <td>{page.updatedAt ? formatDate(page.updatedAt, lang) : "—"}</td>
                <td>
                  <div className="content-admin-actions">
                    <Link
                      to={to(`${LIST}?key=${encodeURIComponent(page.key)}`)}
                      aria-label={t("adminContent.pages.editNamed", { name: nameOf(page.key) })}
                    >
                      {t("adminContent.common.edit")}
                    </Link>
                    <Link to={to(PAGE_INFO[page.key].path)}>
                      {t("adminContent.common.viewPublic")}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}

function PageForm({
  page,
  publicPath,
}: {
  page: NonNullable<Route.ComponentProps["loaderData"]["selected"]>;
  publicPath: string;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const initial: Record<string, string> = {
    key: page.key,
    titleVi: page.titleVi,
    titleEn: page.titleEn,
    summaryVi: page.summaryVi,
    summaryEn: page.summaryEn,
    ...(failed?.values ?? {}),
  };
  // The bodies as they were posted (a refused save keeps them) or as stored.
  const body = (lang: "Vi" | "En") => {
    const posted = failed?.values?.[`body${lang}`];
    if (posted) {
      try {
        return JSON.parse(posted) as typeof page.bodyVi;
      } catch {
        // fall through to the stored body
      }
    }
    return lang === "Vi" ? page.bodyVi : page.bodyEn;
  };
  const form = useForm<ContentPageFormValues, unknown, ContentPageInput>({
    resolver: zodResolver(contentPageSchema),
    defaultValues: initial as ContentPageFormValues,
    ...CHECKED_FORM,
  });
  const validatedSubmit = useValidatedSubmit(form);
  useServerErrors(form, failed?.fieldErrors, validatedSubmit.ref);
  const errors = form.formState.errors;
  const err = (name: keyof ContentPageFormValues) =>
    (errors[name]?.message as string | undefined) ?? failed?.fieldErrors?.[name];
  const busy = navigation.state === "submitting";

  const column = (lang: "Vi" | "En") => (
    <fieldset lang={lang.toLowerCase()}>
      <legend>
        {lang === "Vi" ? t("adminContent.pages.vietnamese") : t("adminContent.pages.english")}
      </legend>
      {/* A track page is headed by the track's name (the category tree): no title of its own. */}
      {pageHasTitle(page.key) ? (
        <TextField
          label={`${t("adminContent.pages.fields.title")} (${lang === "Vi" ? "VI" : "EN"})`}
          defaultValue={initial[`title${lang}`]}
          registration={form.register(`title${lang}`)}
          error={err(`title${lang}`)}
          required={lang === "Vi"}
        />
      ) : null}
      <TextAreaField
        label={`${t("adminContent.pages.fields.summary")} (${lang === "Vi" ? "VI" : "EN"})`}
        rows={3}
        defaultValue={initial[`summary${lang}`]}
        registration={form.register(`summary${lang}`)}
        error={err(`summary${lang}`)}
      />
      <RichTextEditor
        label={`${t("adminContent.pages.fields.body")} (${lang === "Vi" ? "VI" : "EN"})`}
        name={`body${lang}`}
        lang={lang.toLowerCase()}
        value={body(lang)}
        uploadPurpose="page"
      />
    </fieldset>
  );

  return (
    <form {...validatedSubmit} method="post" className="form content-admin-form" noValidate>
      <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
      <input type="hidden" {...form.register("key")} defaultValue={page.key} />
      <p className="field__hint">{t("adminContent.pages.englishHint")}</p>
      <div className="content-admin-columns">
        {column("Vi")}
        {column("En")}
      </div>
      <div className="content-admin-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("adminContent.common.saving") : t("adminContent.common.save")}
        </button>
        <Link className="button button--secondary" to={to(LIST)}>
          {t("adminContent.common.cancel")}
        </Link>
        <Link className="button button--secondary" to={to(publicPath)}>
          {t("adminContent.common.viewPublic")}
        </Link>
      </div>
    </form>
  );
}
