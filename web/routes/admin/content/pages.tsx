import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
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
import {
  defineLocalDraft,
  draftValuesOf,
  useDraftOfForm,
  keepDraftUntilSaved,
  sameJson,
  useLocalDraft,
  type LocalDraftValues,
} from "../../../features/content-editing/local-draft";
import { LocalDraftNotice } from "../../../features/content-editing/local-draft-notice";
import { RichTextEditor } from "../../../features/editor";
import { pageMeta } from "../../../lib/meta";
import { useLang, useLocalizedPath } from "../../../lib/site";
import { CHECKED_FORM, useServerErrors, useValidatedSubmit } from "../../../lib/use-server-form";
import type { Route } from "./+types/pages";

const LIST = "/quan-tri/noi-dung/trang";

/** A page's draft in this browser (`vx-page-draft:<page key>`): its texts in both languages. */
const PAGE_DRAFT = defineLocalDraft({
  namespace: "page",
  fields: ["titleVi", "titleEn", "summaryVi", "summaryEn", "bodyVi", "bodyEn"],
  // A body as stored and as the editor writes it may differ only in spacing: compared parsed.
  same: { bodyVi: sameJson, bodyEn: sameJson },
});
type PageDraftValues = LocalDraftValues<(typeof PAGE_DRAFT.fields)[number]>;

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

/**
 * A form of this page that goes unanswered leaves the page as it was, with what was typed; a
 * save that went through (back to the list, not to the sign-in form) ends the page's draft.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepDraftUntilSaved(args, {
    spec: PAGE_DRAFT,
    key: new URL(args.request.url).searchParams.get("key") ?? "",
    savedInto: LIST,
  });

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
        <PageEditor
          key={`${selected.key}:${selected.updatedAt ?? ""}`}
          page={selected}
          publicPath={PAGE_INFO[selected.key].path}
        />
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

type EditedPage = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

function storedValuesOf(page: EditedPage): PageDraftValues {
  return draftValuesOf(PAGE_DRAFT, {
    ...page,
    bodyVi: JSON.stringify(page.bodyVi),
    bodyEn: JSON.stringify(page.bodyEn),
  });
}

/**
 * The page's form, with the draft kept in this browser: the one found there on offer above
 * it, and the form started again from it once restored.
 */
function PageEditor({ page, publicPath }: { page: EditedPage; publicPath: string }) {
  const [stored] = useState(() => storedValuesOf(page));
  const draft = useLocalDraft(PAGE_DRAFT, page.key, stored);
  return (
    <>
      <LocalDraftNotice draft={draft} focus={FIRST_FIELD} />
      <PageForm
        key={draft.generation}
        page={page}
        publicPath={publicPath}
        start={draft.restored}
        onValues={draft.keep}
      />
    </>
  );
}

/** The form's first field: the title, or the summary of a page without one. */
const FIRST_FIELD = '.content-admin-form [name="titleVi"], .content-admin-form [name="summaryVi"]';

function PageForm({
  page,
  publicPath,
  start,
  onValues,
}: {
  page: EditedPage;
  publicPath: string;
  /** A restored draft's values, the form's start instead of the stored page's. */
  start: PageDraftValues | null;
  /** Told the values at every change (`now`: write them at once, the form is being sent). */
  onValues: (values: PageDraftValues, now?: boolean) => void;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  // Posted values (a refused save keeps them), else a restored draft's, else the stored page's.
  const initial: Record<string, string> = {
    key: page.key,
    ...storedValuesOf(page),
    ...(start ?? {}),
    ...(failed?.values ?? {}),
  };
  const body = (lang: "Vi" | "En") => {
    try {
      const blocks: unknown = JSON.parse(initial[`body${lang}`] ?? "");
      if (Array.isArray(blocks)) return blocks as typeof page.bodyVi;
    } catch {
      // fall through to the stored body
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
  const onSubmit = useDraftOfForm(form, PAGE_DRAFT, onValues, validatedSubmit.onSubmit);
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
        onChange={(blocks) =>
          form.setValue(`body${lang}`, JSON.stringify(blocks), { shouldDirty: true })
        }
      />
    </fieldset>
  );

  return (
    <form
      ref={validatedSubmit.ref}
      onSubmit={onSubmit}
      method="post"
      className="form content-admin-form"
      noValidate
    >
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
