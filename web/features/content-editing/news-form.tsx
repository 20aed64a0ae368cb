import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm, type FieldError, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { dateTimeForField } from "../../../core/date-fields";
import {
  newsFormSchema,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  NEWS_SLUG_MAX,
  type NewsFormData,
  type NewsFormValues,
  type NewsStatus,
} from "../../../core/news-admin";
import type { Block } from "../../../core/rich-text";
import { slugify } from "../../../core/slug";
import { DateField } from "../../components/form/date-field";
import { FormAlert, TextAreaField, TextField, useErrorText } from "../../components/form/field";
import type { FormResult } from "../../lib/use-server-form";
import { CHECKED_FORM, useServerErrors, useValidatedSubmit } from "../../lib/use-server-form";
import { CoverImageField, type CoverUpload } from "./cover-image-field";
import {
  defineLocalDraft,
  draftValuesOf,
  useDraftOfForm,
  sameJson,
  useLocalDraft,
  type LocalDraftValues,
} from "./local-draft";
import { LocalDraftNotice } from "./local-draft-notice";
import "./news-form.css";

/**
 * The news article form: both languages side by side (title, slug, summary, rich-text body),
 * the cover image and publication time, and the save / publish / unpublish buttons. The same
 * core schema checks it in the browser and in the action. What is typed is kept in the browser
 * as it is typed (`local-draft.ts`), and offered back when the editor opens again without it.
 */

/** The article's draft in this browser (`vx-news-draft:<id|new>`): everything typed. */
export const NEWS_DRAFT = defineLocalDraft({
  namespace: "news",
  fields: [
    "titleVi",
    "titleEn",
    "summaryVi",
    "summaryEn",
    "slugVi",
    "slugEn",
    "bodyVi",
    "bodyEn",
    "coverImage",
    "publishedAt",
  ],
  // A body as stored and as the editor writes it may differ only in spacing: compared parsed.
  same: { bodyVi: sameJson, bodyEn: sameJson },
});
type NewsDraftValues = LocalDraftValues<(typeof NEWS_DRAFT.fields)[number]>;

/** What the body editor of one language is given. */
export interface BodyEditorProps {
  lang: "vi" | "en";
  /** The posted field: the editor's hidden input carries the body, from the server render on. */
  name: "bodyVi" | "bodyEn";
  value: Block[];
  invalid: boolean;
  onChange: (blocks: Block[]) => void;
}

/** The stored article the form edits (null for a new one). */
export interface EditedArticle {
  titleVi: string;
  titleEn: string;
  summaryVi: string;
  summaryEn: string;
  slugVi: string;
  slugEn: string;
  bodyVi: Block[];
  bodyEn: Block[];
  coverImage: string | null;
  publishedAt: string | null;
  status: NewsStatus;
}

function defaultsOf(article: EditedArticle | null): NewsFormValues {
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
    publishedAt: dateTimeForField(article?.publishedAt),
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

interface NewsFormProps {
  article: EditedArticle | null;
  failure: FormResult | undefined;
  /** The rich-text editor of one language's body (the page supplies the editor). */
  bodyEditor: (props: BodyEditorProps) => ReactNode;
  uploadCover: CoverUpload;
}

/**
 * The form, with the draft kept in the browser: the one found there on offer above it, and
 * the form started again from it once restored. `draftKey` names the article ("new" for one
 * not saved yet).
 */
export function NewsForm({ draftKey, ...props }: NewsFormProps & { draftKey: string }) {
  const [stored] = useState(() => draftValuesOf(NEWS_DRAFT, defaultsOf(props.article)));
  const draft = useLocalDraft(NEWS_DRAFT, draftKey, stored);
  return (
    <>
      <LocalDraftNotice
        draft={draft}
        focus='.news-form input[name="titleVi"]'
        texts={{ body: "adminNews.draft.body", restored: "adminNews.draft.restored" }}
      />
      <ArticleForm key={draft.generation} {...props} start={draft.restored} onValues={draft.keep} />
    </>
  );
}

function ArticleForm({
  article,
  failure,
  bodyEditor,
  uploadCover,
  start,
  onValues,
}: NewsFormProps & {
  /** A restored draft's values, the form's start instead of the stored article's. */
  start: NewsDraftValues | null;
  /** Told the values at every change (`now`: write them at once, the form is being sent). */
  onValues: (values: NewsDraftValues, now?: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const initial: NewsFormValues = {
    ...defaultsOf(article),
    ...(start ?? {}),
    ...(failure?.values ?? {}),
  };
  const form = useForm<NewsFormValues, unknown, NewsFormData>({
    resolver: zodResolver(newsFormSchema),
    defaultValues: initial,
    ...CHECKED_FORM,
  });
  const validatedSubmit = useValidatedSubmit(form);
  const onSubmit = useDraftOfForm(form, NEWS_DRAFT, onValues, validatedSubmit.onSubmit);
  useServerErrors(
    form as unknown as UseFormReturn<NewsFormValues>,
    failure?.fieldErrors,
    validatedSubmit.ref,
  );
  // A new article's slugs follow its titles until someone edits a slug by hand (a restored
  // draft's too, unless its slug was edited by hand).
  const [slugFollows, setSlugFollows] = useState(() => {
    const untouched = (lang: "Vi" | "En") =>
      !start || start[`slug${lang}`] === slugify(start[`title${lang}`], NEWS_SLUG_MAX);
    return {
      vi: !article && untouched("Vi"),
      en: (!article || !article.slugEn) && untouched("En"),
    };
  });
  const busy = navigation.state === "submitting";
  const errors = form.formState.errors;
  const errorText = useErrorText();
  const fieldError = (name: keyof NewsFormValues): FieldError | string | undefined =>
    (errors[name] as FieldError | undefined) ?? failure?.fieldErrors?.[name];

  const titleRegistration = (lang: "vi" | "en") => {
    const name = lang === "vi" ? "titleVi" : "titleEn";
    const reg = form.register(name);
    return {
      ...reg,
      onChange: async (event: Parameters<typeof reg.onChange>[0]) => {
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
      onChange: async (event: Parameters<typeof reg.onChange>[0]) => {
        setSlugFollows((current) => ({ ...current, [lang]: event.target.value === "" }));
        await reg.onChange(event);
      },
    };
  };

  // The summary comes with a refused save, not when a field is left wrong: it takes the focus
  // as it appears, which would pull a person tabbing through the form back to its top.
  const formError =
    failure?.formError ??
    (form.formState.submitCount > 0 && Object.keys(errors).length > 0
      ? "adminNews.errors.form"
      : undefined);

  return (
    <Form
      ref={validatedSubmit.ref}
      onSubmit={onSubmit}
      method="post"
      className="news-form"
      noValidate
    >
      <FormAlert message={formError ? t(formError) : undefined} />
      <div className="news-form__languages">
        {(["vi", "en"] as const).map((lang) => {
          const L = lang === "vi" ? "Vi" : "En";
          const body = `body${L}` as const;
          return (
            <fieldset key={lang} className="news-form__language" lang={lang}>
              <legend>{t(`adminNews.language.${lang}`)}</legend>
              <TextField
                label={t("adminNews.fields.title")}
                error={fieldError(`title${L}`)}
                required={lang === "vi"}
                type="text"
                maxLength={NEWS_TITLE_MAX + 50}
                defaultValue={initial[`title${L}`]}
                registration={titleRegistration(lang)}
              />
              <TextField
                label={t("adminNews.fields.slug")}
                hint={lang === "vi" ? t("adminNews.hints.slugVi") : t("adminNews.hints.slugEn")}
                error={fieldError(`slug${L}`)}
                required={lang === "vi"}
                type="text"
                inputMode="url"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={NEWS_SLUG_MAX + 20}
                defaultValue={initial[`slug${L}`]}
                registration={slugRegistration(lang)}
              />
              <TextAreaField
                label={t("adminNews.fields.summary")}
                error={fieldError(`summary${L}`)}
                rows={3}
                maxLength={NEWS_SUMMARY_MAX + 100}
                defaultValue={initial[`summary${L}`]}
                registration={form.register(`summary${L}`)}
              />
              {/* The editor posts the body itself (a hidden input already in the server's HTML and
                  while its code loads), so a save before it runs keeps the body it started with. */}
              {bodyEditor({
                lang,
                name: body,
                value: parseBody(initial[body]),
                invalid: Boolean(fieldError(body)),
                onChange: (blocks) =>
                  form.setValue(body, JSON.stringify(blocks), { shouldDirty: true }),
              })}
              {fieldError(body) ? (
                <p className="field__error">{errorText(fieldError(body))}</p>
              ) : null}
            </fieldset>
          );
        })}
      </div>

      <fieldset className="news-form__publishing">
        <legend>{t("adminNews.publishing")}</legend>
        <CoverImageField form={form} error={fieldError("coverImage")} upload={uploadCover} />
        <DateField
          kind="dateTime"
          label={t("adminNews.fields.publishedAt")}
          hint={t("adminNews.hints.publishedAt")}
          error={fieldError("publishedAt")}
          className="field__input news-form__date"
          defaultValue={String(initial.publishedAt ?? "")}
          {...form.register("publishedAt")}
        />
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
        {/* A draft (or a new article) can be published; anything else can be taken back. */}
        {!article || article.status === "draft" ? (
          <IntentButton intent="publish" primary busy={busy} />
        ) : (
          <IntentButton intent="unpublish" busy={busy} />
        )}
        <span className="news-form__busy" role="status" aria-live="polite">
          {busy ? t("adminNews.saving") : ""}
        </span>
      </div>
    </Form>
  );
}

/** A submit button that says what the save does (publish or unpublish). */
function IntentButton({
  intent,
  primary = false,
  busy,
}: {
  intent: "publish" | "unpublish";
  primary?: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button ${primary ? "button--primary" : "button--secondary"}`}
      disabled={busy}
    >
      {t(`adminNews.actions.${intent}`)}
    </button>
  );
}
