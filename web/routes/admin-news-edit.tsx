import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState, type ReactNode } from "react";
import { useForm, type FieldError, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { formatDate } from "../../core/dates";
import { langOfPath, localizePath } from "../../core/languages";
import {
  isoToVietnamLocal,
  newsFormSchema,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  NEWS_SLUG_MAX,
  type NewsFormData,
  type NewsFormValues,
  type NewsStatus,
} from "../../core/news-admin";
import type { Block } from "../../core/rich-text";
import { slugify } from "../../core/slug";
import { FormAlert, useErrorText } from "../components/form/field";
import {
  AdminPage,
  ConfirmButton,
  FlashMessage,
  StatusBadge,
  withNotice,
  type StatusTone,
} from "../features/admin";
import { articlePath } from "../features/content/cards";
import { MediaUploadError, RichTextEditor, uploadMediaImage } from "../features/editor";
import { fieldErrorsOf, formValues, refuse, type FormFailure } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { requireStaff } from "../lib/session.server";
import { useLang, useLocalizedPath } from "../lib/site";
import { useServerErrors, useValidatedSubmit } from "../lib/use-server-form";
import "../features/news-admin/news-form.css";
import type { Route } from "./+types/admin-news-edit";

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
  const actor = { id: user.id, email: user.email, ip: context.clientIp };
  const { news } = context.services;
  const form = await request.formData();
  const list = localizePath(LIST_PATH, lang);

  if (form.get("intent") === "delete") {
    if (id === null || !(await news.remove(actor, id))) {
      throw new Response("Not found", { status: 404 });
    }
    return redirect(withNotice(list, "adminNews.notices.deleted"));
  }

  const values = formValues(form);
  const parsed = newsFormSchema.safeParse(values);
  if (!parsed.success) {
    return refuse(400, {
      values,
      fieldErrors: fieldErrorsOf(parsed.error),
      formError: "adminNews.errors.form",
    });
  }
  const result = await news.save(actor, id, parsed.data);
  if (!result.ok) {
    if (result.fieldErrors.form) throw new Response("Not found", { status: 404 });
    return refuse(409, {
      values,
      fieldErrors: result.fieldErrors,
      formError: "adminNews.errors.form",
    });
  }
  const notice =
    id === null
      ? "adminNews.notices.created"
      : parsed.data.intent === "unpublish"
        ? "adminNews.notices.unpublished"
        : result.status === "scheduled"
          ? "adminNews.notices.scheduled"
          : result.status === "published"
            ? "adminNews.notices.published"
            : "adminNews.notices.saved";
  return redirect(withNotice(localizePath(`${LIST_PATH}/${result.id}`, lang), notice));
}

const STATUS_TONE: Record<NewsStatus, StatusTone> = {
  draft: "neutral",
  scheduled: "info",
  published: "success",
};

type Article = NonNullable<Route.ComponentProps["loaderData"]["article"]>;

function defaultsOf(article: Article | null): NewsFormValues {
  return {
    titleVi: article?.titleVi ?? "",
    titleEn: article?.titleEn ?? "",
    summaryVi: article?.summaryVi ?? "",
    summaryEn: article?.summaryEn ?? "",
    slugVi: article?.slugVi ?? "",
    slugEn: article?.slugEn ?? "",
    bodyVi: JSON.stringify(article?.bodyVi ?? []),
    bodyEn: JSON.stringify(article?.bodyEn ?? []),
    coverImage: article?.coverImage ?? "",
    publishedAt: isoToVietnamLocal(article?.publishedAt),
    intent: "save",
  };
}

function parseBody(json: string | undefined): Block[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? (value as Block[]) : [];
  } catch {
    return [];
  }
}

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
        article={article}
        failure={actionData && !actionData.ok ? actionData : undefined}
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
  const lang = useLang();
  const to = useLocalizedPath();
  return (
    <>
      <StatusBadge tone={STATUS_TONE[article.status]}>
        {t(`adminNews.status.${article.status}`)}
        {article.status === "scheduled" && article.publishedAt
          ? ` · ${formatDate(article.publishedAt, lang)}`
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

function NewsForm({
  article,
  failure,
}: {
  article: Article | null;
  failure: FormFailure | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const initial: NewsFormValues = { ...defaultsOf(article), ...(failure?.values ?? {}) };
  const form = useForm<NewsFormValues, unknown, NewsFormData>({
    resolver: zodResolver(newsFormSchema),
    defaultValues: initial,
    mode: "onTouched",
  });
  const validatedSubmit = useValidatedSubmit(form);
  useServerErrors(form as unknown as UseFormReturn<NewsFormValues>, failure?.fieldErrors);
  // A new article's slugs follow its titles until someone edits a slug by hand.
  const [slugFollows, setSlugFollows] = useState({ vi: !article, en: !article || !article.slugEn });
  const busy = navigation.state === "submitting";
  const errors = form.formState.errors;
  const errorText = useErrorText();
  const fieldError = (name: keyof NewsFormValues): FieldError | string | undefined =>
    (errors[name] as FieldError | undefined) ?? failure?.fieldErrors[name];

  const titleRegistration = (lang: "vi" | "en") => {
    const name = lang === "vi" ? "titleVi" : "titleEn";
    const reg = form.register(name);
    return {
      ...reg,
      onChange: async (event: React.ChangeEvent<HTMLInputElement>) => {
        await reg.onChange(event);
        if (slugFollows[lang]) {
          form.setValue(
            lang === "vi" ? "slugVi" : "slugEn",
            slugify(event.target.value, NEWS_SLUG_MAX),
            {
              shouldDirty: true,
            },
          );
        }
      },
    };
  };
  const slugRegistration = (lang: "vi" | "en") => {
    const reg = form.register(lang === "vi" ? "slugVi" : "slugEn");
    return {
      ...reg,
      onChange: async (event: React.ChangeEvent<HTMLInputElement>) => {
        setSlugFollows((current) => ({ ...current, [lang]: event.target.value === "" }));
        await reg.onChange(event);
      },
    };
  };

  const formError =
    failure?.formError ?? (Object.keys(errors).length > 0 ? "adminNews.errors.form" : undefined);

  return (
    <Form {...validatedSubmit} method="post" className="news-form" noValidate>
      <FormAlert message={formError ? t(formError) : undefined} />
      <div className="news-form__languages">
        {(["vi", "en"] as const).map((lang) => {
          const L = lang === "vi" ? "Vi" : "En";
          const body = `body${L}` as const;
          return (
            <fieldset key={lang} className="news-form__language" lang={lang}>
              <legend>{t(`adminNews.language.${lang}`)}</legend>
              <Field
                label={t("adminNews.fields.title")}
                error={errorText(fieldError(`title${L}`))}
                required={lang === "vi"}
              >
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    className="field__input"
                    maxLength={NEWS_TITLE_MAX + 50}
                    defaultValue={initial[`title${L}`]}
                    {...titleRegistration(lang)}
                  />
                )}
              </Field>
              <Field
                label={t("adminNews.fields.slug")}
                hint={lang === "vi" ? t("adminNews.hints.slugVi") : t("adminNews.hints.slugEn")}
                error={errorText(fieldError(`slug${L}`))}
                required={lang === "vi"}
              >
                {(props) => (
                  <input
                    {...props}
                    type="text"
                    className="field__input"
                    inputMode="url"
                    autoCapitalize="off"
                    spellCheck={false}
                    maxLength={NEWS_SLUG_MAX + 20}
                    defaultValue={initial[`slug${L}`]}
                    {...slugRegistration(lang)}
                  />
                )}
              </Field>
              <Field
                label={t("adminNews.fields.summary")}
                error={errorText(fieldError(`summary${L}`))}
              >
                {(props) => (
                  <textarea
                    {...props}
                    className="field__input"
                    rows={3}
                    maxLength={NEWS_SUMMARY_MAX + 100}
                    defaultValue={initial[`summary${L}`]}
                    {...form.register(`summary${L}`)}
                  />
                )}
              </Field>
              {/* No defaultValue: on a hidden input React would write it back over the editor's value at every render. */}
              <input type="hidden" {...form.register(body)} />
              <RichTextEditor
                label={t("adminNews.fields.body")}
                lang={lang}
                value={parseBody(initial[body])}
                uploadPurpose="news"
                invalid={Boolean(fieldError(body))}
                onChange={(blocks) =>
                  form.setValue(body, JSON.stringify(blocks), { shouldDirty: true })
                }
              />
              {fieldError(body) ? (
                <p className="field__error">{errorText(fieldError(body))}</p>
              ) : null}
            </fieldset>
          );
        })}
      </div>

      <fieldset className="news-form__publishing">
        <legend>{t("adminNews.publishing")}</legend>
        <CoverImageField form={form} error={errorText(fieldError("coverImage"))} />
        <Field
          label={t("adminNews.fields.publishedAt")}
          hint={t("adminNews.hints.publishedAt")}
          error={errorText(fieldError("publishedAt"))}
        >
          {(props) => (
            <input
              {...props}
              type="datetime-local"
              className="field__input news-form__date"
              defaultValue={initial.publishedAt}
              {...form.register("publishedAt")}
            />
          )}
        </Field>
      </fieldset>

      <div className="news-form__actions">
        <button
          type="submit"
          name="intent"
          value="save"
          className="button button--secondary"
          disabled={busy}
        >
          {article && article.status !== "draft"
            ? t("adminNews.actions.save")
            : t("adminNews.actions.saveDraft")}
        </button>
        {!article || article.status === "draft" ? (
          <button
            type="submit"
            name="intent"
            value="publish"
            className="button button--primary"
            disabled={busy}
          >
            {t("adminNews.actions.publish")}
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="unpublish"
            className="button button--secondary"
            disabled={busy}
          >
            {t("adminNews.actions.unpublish")}
          </button>
        )}
        <span className="news-form__busy" role="status" aria-live="polite">
          {busy ? t("adminNews.saving") : ""}
        </span>
      </div>
    </Form>
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

function Field({
  label,
  hint,
  error,
  required,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  children: (props: {
    id: string;
    "aria-invalid"?: boolean;
    "aria-describedby"?: string;
    "aria-required"?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { "aria-required": true } : {}),
      })}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CoverImageField({
  form,
  error,
}: {
  form: UseFormReturn<NewsFormValues, unknown, NewsFormData>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [src, setSrc] = useState(form.getValues("coverImage") ?? "");
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (value: string) => {
    setSrc(value);
    form.setValue("coverImage", value, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <div className={`field news-form__cover${error ? " field--invalid" : ""}`}>
      <input type="hidden" {...form.register("coverImage")} />
      <label htmlFor={`${id}-file`} className="field__label">
        {t("adminNews.fields.cover")}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t("adminNews.hints.cover")}
      </p>
      {src ? (
        <img
          src={src}
          alt={t("adminNews.coverPreview")}
          className="news-form__cover-preview"
          width={320}
          height={180}
        />
      ) : null}
      <input
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        disabled={uploading}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setUploading(true);
          setStatus({ text: t("editor.uploading"), error: false });
          try {
            const image = await uploadMediaImage(file, { purpose: "news" });
            set(image.src);
            setStatus({ text: t("adminNews.coverUploaded"), error: false });
          } catch (problem) {
            const key =
              problem instanceof MediaUploadError ? problem.messageKey : "editor.uploadFailed";
            setStatus({ text: t(key), error: true });
          } finally {
            setUploading(false);
            event.target.value = "";
          }
        }}
      />
      {src ? (
        <p>
          <button type="button" className="button button--secondary" onClick={() => set("")}>
            {t("adminNews.removeCover")}
          </button>
        </p>
      ) : null}
      <p className={status?.error ? "field__error" : "field__hint"} role="status">
        {status?.text ?? ""}
      </p>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
