import { useTranslation } from "../../../../i18n/use-translation";
import { Form, redirect } from "react-router";
import { formatVietnamDateTime } from "../../../../../core/dates";
import { langOfPath, localizePath } from "../../../../../core/languages";
import { newsFormSchema, type NewsStatus } from "../../../../../core/news-admin";
import { AdminPage } from "../../../../features/back-office/page";
import { ConfirmButton } from "../../../../features/back-office/confirm";
import { FlashMessage, withNotice } from "../../../../features/back-office/flash";
import { StatusBadge, type StatusTone } from "../../../../features/back-office/status-badge";
import { actorOf, submitForm } from "../../../../features/back-office/form.server";
import { articlePath } from "../../../../features/content/cards";
import { NEWS_DRAFT, NewsForm } from "../../../../features/content-editing/news-form";
import {
  keepDraftUntilSaved,
  localDraftKey,
} from "../../../../features/content-editing/local-draft";
import { MediaUploadError, RichTextEditor, uploadMediaImage } from "../../../../features/editor";
import { pageMeta } from "../../../../lib/meta";
import { requireStaff } from "../../../../lib/session.server";
import { useLocalizedPath } from "../../../../lib/site";
import type { Route } from "./+types/edit";

const LIST_PATH = "/quan-tri/noi-dung/tin-tuc";

function idParam(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    titleKey: args.data?.article ? "adminNews.editTitle" : "adminNews.createTitle",
  }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/tin-tuc/moi` and `/quan-tri/noi-dung/tin-tuc/{id}`: the article form. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "content");
  if (params.id === undefined) return { article: null, oldSlugs: [] };
  const id = idParam(params.id);
  const article = id === null ? null : await context.services.news.get(id);
  if (!article) throw new Response("Not found", { status: 404 });
  return { article, oldSlugs: await context.services.news.oldSlugs(article.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "content");
  const lang = langOfPath(new URL(request.url).pathname);
  const id = params.id === undefined ? null : idParam(params.id);
  if (params.id !== undefined && id === null) throw new Response("Not found", { status: 404 });
  const actor = actorOf(user, context);
  const { news } = context.services;
  const form = await request.formData();

  if (form.get("intent") === "delete") {
    if (id === null || !(await news.remove(actor, id)).ok) {
      throw new Response("Not found", { status: 404 });
    }
    return redirect(withNotice(localizePath(LIST_PATH, lang), "adminNews.notices.deleted"));
  }

  return submitForm(
    form,
    newsFormSchema,
    async (input) => {
      const saved = await news.save(actor, id, input);
      if (saved.ok) return saved;
      if (saved.status === 404) throw new Response("Not found", { status: 404 });
      return { ...saved, formError: "adminNews.errors.form" };
    },
    (saved, input) => {
      const notice =
        id === null
          ? "adminNews.notices.created"
          : input.intent === "unpublish"
            ? "adminNews.notices.unpublished"
            : saved.status === "scheduled"
              ? "adminNews.notices.scheduled"
              : saved.status === "published"
                ? "adminNews.notices.published"
                : "adminNews.notices.saved";
      return redirect(withNotice(localizePath(`${LIST_PATH}/${saved.id}`, lang), notice));
    },
    { invalid: "adminNews.errors.form" },
  );
}

/** The cover goes to the media library like the body's images. */
async function uploadCover(file: File): Promise<{ src: string } | { error: string }> {
  try {
    return { src: (await uploadMediaImage(file, { purpose: "news" })).src };
  } catch (problem) {
    return {
      error: problem instanceof MediaUploadError ? problem.messageKey : "editor.uploadFailed",
    };
  }
}

const STATUS_TONE: Record<NewsStatus, StatusTone> = {
  draft: "neutral",
  scheduled: "info",
  published: "success",
};

type Article = NonNullable<Route.ComponentProps["loaderData"]["article"]>;

/**
 * A form of this page that goes unanswered leaves the page as it was, with what was typed. A
 * save or delete that went through (its answer leads to the article or the list, not to the
 * sign-in form) is the end of the draft the browser kept of it.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepDraftUntilSaved(args, {
    spec: NEWS_DRAFT,
    key: localDraftKey(args.params.id),
    savedInto: LIST_PATH,
  });

export default function AdminNewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { article, oldSlugs } = loaderData;
  const title = article ? t("adminNews.editTitle") : t("adminNews.createTitle");
  return (
    <AdminPage
      title={title}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminNews.title"), to: LIST_PATH },
        { label: article ? article.titleVi : title },
      ]}
      actions={article ? <ArticleActions article={article} /> : null}
    >
      <FlashMessage />
      {/* A new form (fresh defaults) after every save: the key changes with the stored row. */}
      <NewsForm
        key={article ? `${article.id}:${article.updatedAt}` : "new"}
        draftKey={localDraftKey(article?.id)}
        article={article}
        failure={actionData && !actionData.ok ? actionData : undefined}
        bodyEditor={(props) => (
          <RichTextEditor label={t("adminNews.fields.body")} uploadPurpose="news" {...props} />
        )}
        uploadCover={uploadCover}
      />
      {article ? <DeleteArticle /> : null}
      {article && oldSlugs.length > 0 ? (
        <section className="panel news-form__old-slugs" aria-labelledby="old-slugs">
          <h2 id="old-slugs">{t("adminNews.oldSlugs")}</h2>
          <p className="muted">{t("adminNews.oldSlugsHint")}</p>
          <ul>
            {oldSlugs.map((s) => (
              <li key={`${s.lang}:${s.slug}`}>
                <code>{s.slug}</code> ({s.lang})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminPage>
  );
}

function ArticleActions({ article }: { article: Article }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <>
      <StatusBadge tone={STATUS_TONE[article.status]}>
        {t(`adminNews.status.${article.status}`)}
        {article.status === "scheduled" && article.publishedAt
          ? ` · ${formatVietnamDateTime(article.publishedAt)}`
          : ""}
      </StatusBadge>
      <a
        className="button button--secondary"
        href={to(`${LIST_PATH}/${article.id}/xem-truoc`)}
        target="_blank"
        rel="noopener"
      >
        {t("adminNews.preview")}
        <span className="visually-hidden"> {t("adminNews.opensNewTab")}</span>
      </a>
      {article.status === "published" ? (
        <a
          className="button button--secondary"
          href={to(articlePath({ slug: article.slugVi, id: article.id }))}
        >
          {t("adminNews.viewPublic")}
        </a>
      ) : null}
    </>
  );
}

/** Delete sits in its own form so the article form's validation never blocks it. */
function DeleteArticle() {
  const { t } = useTranslation();
  return (
    <Form method="post" className="news-form__danger">
      <ConfirmButton
        name="intent"
        value="delete"
        message={t("adminNews.confirmDelete")}
        className="button button--secondary news-form__delete"
      >
        {t("adminNews.actions.delete")}
      </ConfirmButton>
    </Form>
  );
}
