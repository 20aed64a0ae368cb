import { parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { CRITERIA_PDF_RULES, criteriaDocumentSchema } from "../../core/content-admin";
import { formatDate } from "../../core/dates";
import { SAMPLE_DOCUMENT_KINDS } from "../../core/document-kinds";
import { FormAlert } from "../components/form/field";
import { AdminPage, ConfirmButton, FlashMessage } from "../features/admin";
import "../features/content-admin/content-admin.css";
import {
  positiveInt,
  redirectWithNotice,
  requireContentEditor,
} from "../features/content-admin/guard.server";
import { fieldErrorsOf, formValues, refuse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { useLang } from "../lib/site";
import type { Route } from "./+types/admin-content-documents";

const LIST = "/quan-tri/noi-dung/tai-lieu";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.documents.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/tai-lieu`: each season's criteria PDFs; upload or replace one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin, documents } = context.services;
  const [seasons, current, ...samples] = await Promise.all([
    contentAdmin.criteriaDocuments(),
    contentAdmin.pagesSeason(),
    ...Object.values(SAMPLE_DOCUMENT_KINDS).map((kind) => documents.unattached(kind)),
  ]);
  return { seasons, current, samples: samples.flat() };
}

const DOCUMENT_ERRORS: Record<string, string> = {
  empty: "adminContent.errors.documentEmpty",
  tooLarge: "adminContent.errors.documentTooLarge",
  notPdf: "adminContent.errors.documentNotPdf",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFiles: 1, maxFileSize: CRITERIA_PDF_RULES.maxBytes, maxHeaderSize: 8 * 1024 },
      async (upload: FileUpload) => {
        if (upload.fieldName !== "file") return undefined;
        return new File([await upload.arrayBuffer()], "upload.pdf", { type: upload.type });
      },
    );
  } catch {
    return refuse(413, {
      values: {},
      fieldErrors: { file: "adminContent.errors.documentTooLarge" },
    });
  }
  const values = formValues(form);
  if (values.intent === "delete") {
    const id = positiveInt(values.id);
    const deleted = id !== null && (await contentAdmin.documentDelete(actor, id));
    return deleted
      ? redirectWithNotice(request, LIST, "adminContent.notices.deleted")
      : refuse(404, { values: {}, fieldErrors: {}, formError: "adminContent.errors.notFound" });
  }
  const parsed = criteriaDocumentSchema.safeParse(values);
  if (!parsed.success) return refuse(400, { values, fieldErrors: fieldErrorsOf(parsed.error) });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return refuse(400, {
      values,
      fieldErrors: {
        file:
          file instanceof File
            ? "adminContent.errors.documentEmpty"
            : "adminContent.errors.documentMissing",
      },
    });
  }
  try {
    await contentAdmin.criteriaUpload(actor, parsed.data, new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    // DocumentRejected (empty, too large, not a PDF by content) or an unknown season.
    const { reason, field, messageKey } = error as {
      reason?: string;
      field?: string;
      messageKey?: string;
    };
    if (reason && DOCUMENT_ERRORS[reason]) {
      return refuse(400, { values, fieldErrors: { file: DOCUMENT_ERRORS[reason] } });
    }
    if (field && messageKey) return refuse(400, { values, fieldErrors: { [field]: messageKey } });
    throw error;
  }
  return redirectWithNotice(request, LIST, "adminContent.notices.uploaded");
}

function size(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 0.1
    ? `${mb.toLocaleString(lang === "en" ? "en-GB" : "vi-VN", { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(lang === "en" ? "en-GB" : "vi-VN")} KB`;
}

export default function AdminDocumentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const { seasons, current, samples } = loaderData;
  const values = failed?.values ?? {};
  const fieldError = (name: string) => {
    const key = failed?.fieldErrors?.[name];
    return key ? t(key) : undefined;
  };
  const busy = navigation.state === "submitting";
  const errorId = (name: string) => (fieldError(name) ? `${id}-${name}-error` : undefined);

  return (
    <AdminPage
      title={t("adminContent.documents.title")}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t("adminContent.documents.title") },
      ]}
      lead={t("adminContent.documents.lead")}
    >
      <FlashMessage />
      <section aria-labelledby={`${id}-upload`} className="panel">
        <h2 id={`${id}-upload`}>{t("adminContent.documents.uploadHeading")}</h2>
        <Form
          method="post"
          encType="multipart/form-data"
          className="form content-admin-form"
          noValidate
        >
          <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
          <div className="content-admin-columns">
            <div className={`field${fieldError("year") ? " field--invalid" : ""}`}>
              <label htmlFor={`${id}-year`} className="field__label">
                {t("adminContent.documents.fields.year")}
              </label>
              <select
                id={`${id}-year`}
                name="year"
                className="field__input"
                defaultValue={values.year ?? String(current ?? seasons[0]?.year ?? "")}
                aria-describedby={errorId("year")}
                aria-invalid={fieldError("year") ? true : undefined}
              >
                {seasons.map((s) => (
                  <option key={s.year} value={s.year}>
                    {s.year}
                  </option>
                ))}
              </select>
              {fieldError("year") ? (
                <p id={errorId("year")} className="field__error">
                  {fieldError("year")}
                </p>
              ) : null}
            </div>
            <div className={`field${fieldError("lang") ? " field--invalid" : ""}`}>
              <label htmlFor={`${id}-lang`} className="field__label">
                {t("adminContent.documents.fields.lang")}
              </label>
              <select
                id={`${id}-lang`}
                name="lang"
                className="field__input"
                defaultValue={values.lang ?? "vi"}
                aria-describedby={errorId("lang")}
                aria-invalid={fieldError("lang") ? true : undefined}
              >
                <option value="vi">{t("adminContent.documents.langs.vi")}</option>
                <option value="en">{t("adminContent.documents.langs.en")}</option>
              </select>
              {fieldError("lang") ? (
                <p id={errorId("lang")} className="field__error">
                  {fieldError("lang")}
                </p>
              ) : null}
            </div>
          </div>
          <div className={`field${fieldError("title") ? " field--invalid" : ""}`}>
            <label htmlFor={`${id}-title`} className="field__label">
              {t("adminContent.documents.fields.title")}
            </label>
            <p id={`${id}-title-hint`} className="field__hint">
              {t("adminContent.documents.fields.titleHint")}
            </p>
            <input
              id={`${id}-title`}
              name="title"
              className="field__input"
              maxLength={300}
              defaultValue={values.title ?? ""}
              aria-describedby={[`${id}-title-hint`, errorId("title")].filter(Boolean).join(" ")}
              aria-invalid={fieldError("title") ? true : undefined}
            />
            {fieldError("title") ? (
              <p id={errorId("title")} className="field__error">
                {fieldError("title")}
              </p>
            ) : null}
          </div>
          <div className={`field${fieldError("file") ? " field--invalid" : ""}`}>
            <label htmlFor={`${id}-file`} className="field__label">
              {t("adminContent.documents.fields.file")}
              <span aria-hidden="true"> *</span>
            </label>
            <p id={`${id}-file-hint`} className="field__hint">
              {t("adminContent.documents.fields.fileHint")}
            </p>
            <input
              id={`${id}-file`}
              type="file"
              name="file"
              accept={[...CRITERIA_PDF_RULES.extensions, ...CRITERIA_PDF_RULES.mimeTypes].join(",")}
              aria-required
              aria-describedby={[`${id}-file-hint`, errorId("file")].filter(Boolean).join(" ")}
              aria-invalid={fieldError("file") ? true : undefined}
            />
            {fieldError("file") ? (
              <p id={errorId("file")} className="field__error" role="alert">
                {fieldError("file")}
              </p>
            ) : null}
          </div>
          <div className="content-admin-form__actions">
            <button
              type="submit"
              name="intent"
              value="upload"
              className="button button--primary"
              disabled={busy}
            >
              {busy ? t("adminContent.common.saving") : t("adminContent.documents.upload")}
            </button>
          </div>
        </Form>
      </section>

      {seasons.map((season) => (
        <section key={season.year} aria-labelledby={`${id}-season-${season.year}`}>
          <h2 id={`${id}-season-${season.year}`}>
            {t("adminContent.documents.season", { year: season.year })}
          </h2>
          {season.documents.length === 0 ? (
            <p className="empty-state">{t("adminContent.documents.none")}</p>
          ) : (
            <div className="data-table__scroll">
              <table className="table content-admin-table">
                <caption className="visually-hidden">
                  {t("adminContent.documents.caption", { year: season.year })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminContent.documents.columns.lang")}</th>
                    <th scope="col">{t("adminContent.documents.columns.title")}</th>
                    <th scope="col">{t("adminContent.documents.columns.size")}</th>
                    <th scope="col">{t("adminContent.documents.columns.uploaded")}</th>
                    <th scope="col">{t("adminContent.documents.columns.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {season.documents.map((doc) => (
                    <tr key={doc.id}>
                      <td>{t(`adminContent.documents.langs.${doc.lang}`)}</td>
                      <th scope="row">
                        <a
                          href={doc.url}
                          target="_blank"
                          rel="noopener"
                          aria-label={t("adminContent.documents.open", { title: doc.title })}
                        >
                          {doc.title}
                        </a>
                      </th>
                      <td>{size(doc.bytes, lang)}</td>
                      <td>{formatDate(doc.createdAt, lang)}</td>
                      <td>
                        <Form method="post" encType="multipart/form-data">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={doc.id} />
                          <ConfirmButton
                            className="button button--secondary button--small"
                            message={t("adminContent.documents.deleteConfirm", {
                              title: doc.title,
                            })}
                            aria-label={t("adminContent.documents.deleteNamed", {
                              title: doc.title,
                            })}
                          >
                            {t("adminContent.common.delete")}
                          </ConfirmButton>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}

      {samples.length > 0 ? (
        <section aria-labelledby={`${id}-samples`}>
          <h2 id={`${id}-samples`}>{t("adminContent.documents.samples.heading")}</h2>
          <p className="field__hint">{t("adminContent.documents.samples.lead")}</p>
          <div className="data-table__scroll">
            <table className="table content-admin-table">
              <caption className="visually-hidden">
                {t("adminContent.documents.samples.heading")}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("adminContent.documents.columns.title")}</th>
                  <th scope="col">{t("adminContent.documents.columns.size")}</th>
                  <th scope="col">{t("adminContent.documents.columns.uploaded")}</th>
                </tr>
              </thead>
              <tbody>
                {samples.map((doc) => (
                  <tr key={doc.id}>
                    <th scope="row">
                      <a
                        href={`/pdf?file=${encodeURIComponent(doc.url)}`}
                        target="_blank"
                        rel="noopener"
                        aria-label={t("adminContent.documents.open", { title: doc.title })}
                      >
                        {doc.title}
                      </a>
                    </th>
                    <td>{size(doc.bytes, lang)}</td>
                    <td>{formatDate(doc.createdAt, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </AdminPage>
  );
}
