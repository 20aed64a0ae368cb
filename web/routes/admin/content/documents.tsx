import { parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, useActionData, useNavigation } from "react-router";
import { formatBytes } from "../../../../core/bytes";
import { CRITERIA_PDF_RULES, criteriaDocumentFormSchema } from "../../../../core/content-admin";
import { formatDate } from "../../../../core/dates";
import { SAMPLE_DOCUMENT_KINDS } from "../../../../core/document-kinds";
import { localeOf } from "../../../../core/languages";
import { fieldRefusal, firstIssueByField, refusal } from "../../../../core/refusal";
import { useConfirmedSubmit } from "../../../components/confirm-dialog";
import { Field, FormAlert } from "../../../components/form/field";
import { AdminPage } from "../../../features/back-office/page";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import {
  positiveInt,
  redirectWithNotice,
  submitForm,
} from "../../../features/back-office/form.server";
import "../../../features/content-editing/content-editing.css";
import { requireContentEditor } from "../../../features/content-editing/guard.server";
import { refusalResponse } from "../../../lib/forms.server";
import { pageMeta } from "../../../lib/meta";
import { useLang } from "../../../lib/site";
import type { Route } from "./+types/documents";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

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
        // Its own name: a file input left empty posts a nameless, empty part ("choose a file").
        return new File([await upload.arrayBuffer()], upload.name, { type: upload.type });
      },
    );
  } catch {
    return refusalResponse(fieldRefusal({ file: "adminContent.errors.documentTooLarge" }, 413), {});
  }
  if (form.get("intent") === "delete") {
    const id = positiveInt(form.get("id"));
    const deleted = id === null ? null : await contentAdmin.deleteDocument(actor, id);
    if (!deleted?.ok) return refusalResponse(refusal(404, "adminContent.errors.notFound"), {});
    return redirectWithNotice(request, LIST, "adminContent.notices.deleted");
  }
  return submitForm(
    form,
    criteriaDocumentFormSchema,
    async ({ file, ...input }) =>
      contentAdmin.saveDocument(actor, input, new Uint8Array(await file.arrayBuffer())),
    // The public criteria window shows the current season's files only: a file of another
    // season waits for it to become current.
    async (_saved, input) =>
      input.year === (await contentAdmin.pagesSeason())
        ? redirectWithNotice(request, LIST, "adminContent.notices.uploaded")
        : redirectWithNotice(request, LIST, "adminContent.notices.uploadedForSeason", {
            year: input.year,
          }),
    { files: ["file"] },
  );
}

/** The upload form's fields in their order, for focusing the first one in error. */
const UPLOAD_FIELDS = ["year", "lang", "title", "file"] as const;

type Listed = Route.ComponentProps["loaderData"]["samples"][number];

/** A table of documents: title (a link), size, upload date, and optionally language and delete. */
function DocumentTable({
  caption,
  documents,
  href,
  withLang = false,
  onDelete,
}: {
  caption: string;
  documents: Listed[];
  href: (doc: Listed) => string;
  withLang?: boolean;
  onDelete?: (doc: Listed) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const column = (name: string) => (
    <th scope="col">{t(`adminContent.documents.columns.${name}`)}</th>
  );
  return (
    <div className="table-scroll">
      <table className="table content-admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {withLang ? column("lang") : null}
            {column("title")}
            {column("size")}
            {column("uploaded")}
            {onDelete ? column("actions") : null}
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <tr key={doc.id}>
              {withLang ? <td>{t(`adminContent.documents.langs.${doc.lang}`)}</td> : null}
              <th scope="row">
                <a
                  href={href(doc)}
                  target="_blank"
                  rel="noopener"
                  aria-label={t("adminContent.documents.open", { title: doc.title })}
                >
                  {doc.title}
                </a>
              </th>
              <td>{formatBytes(doc.bytes, localeOf(lang))}</td>
              <td>{formatDate(doc.createdAt, lang)}</td>
              {onDelete ? <td>{onDelete(doc)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminDocumentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const { seasons, current, samples } = loaderData;
  const values = failed?.values ?? {};
  // The browser's check of the upload form with the server's schema, shown instead of the
  // server's last answer.
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const fieldError = (name: string) => (checked ?? failed?.fieldErrors)?.[name];
  const confirmation = useConfirmedSubmit();
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const parsed = criteriaDocumentFormSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (parsed.success) {
      setChecked(null);
      // A new file replaces the season's file in that language (the server retires it): that
      // is asked first, naming the file, as deleting it is.
      const { year, lang } = parsed.data;
      const replaced = seasons
        .find((season) => season.year === year)
        ?.documents.find((doc) => doc.lang === lang);
      if (!replaced || confirmation.approved(form)) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      confirmation.ask(
        form,
        submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
          ? submitter
          : null,
        {
          message:
            year === current
              ? t("adminContent.documents.replaceConfirm", { title: replaced.title })
              : t("adminContent.documents.replaceConfirmSeason", { title: replaced.title, year }),
          confirmLabel: t("adminContent.documents.replace"),
        },
      );
      return;
    }
    event.preventDefault();
    const found = firstIssueByField(parsed.error.issues);
    setChecked(found);
    const first = UPLOAD_FIELDS.find((name) => found[name]);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  };
  const busy = navigation.state === "submitting";
  const label = (name: string) => t(`adminContent.documents.fields.${name}`);

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
          onSubmit={check}
        >
          <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
          <div className="content-admin-columns">
            <Field label={label("year")} error={fieldError("year")}>
              {(control) => (
                <select
                  {...control}
                  name="year"
                  defaultValue={values.year ?? String(current ?? seasons[0]?.year ?? "")}
                >
                  {seasons.map((s) => (
                    <option key={s.year} value={s.year}>
                      {s.year}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={label("lang")} error={fieldError("lang")}>
              {(control) => (
                <select {...control} name="lang" defaultValue={values.lang ?? "vi"}>
                  <option value="vi">{t("adminContent.documents.langs.vi")}</option>
                  <option value="en">{t("adminContent.documents.langs.en")}</option>
                </select>
              )}
            </Field>
          </div>
          <Field label={label("title")} hint={label("titleHint")} error={fieldError("title")}>
            {(control) => (
              <input {...control} name="title" maxLength={300} defaultValue={values.title ?? ""} />
            )}
          </Field>
          <Field label={label("file")} hint={label("fileHint")} error={fieldError("file")} required>
            {({ className: _input, ...control }) => (
              <input
                {...control}
                type="file"
                name="file"
                accept={[...CRITERIA_PDF_RULES.extensions, ...CRITERIA_PDF_RULES.mimeTypes].join(
                  ",",
                )}
              />
            )}
          </Field>
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
        {confirmation.dialog}
      </section>

      {seasons.map((season) => (
        <section key={season.year} aria-labelledby={`${id}-season-${season.year}`}>
          <h2 id={`${id}-season-${season.year}`}>
            {t("adminContent.documents.season", { year: season.year })}
          </h2>
          {season.documents.length === 0 ? (
            <p className="empty-state">{t("adminContent.documents.none")}</p>
          ) : (
            <DocumentTable
              caption={t("adminContent.documents.caption", { year: season.year })}
              documents={season.documents}
              href={(doc) => doc.url}
              withLang
              onDelete={(doc) => (
                <Form method="post" encType="multipart/form-data">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={doc.id} />
                  <ConfirmButton
                    className="button button--secondary button--small"
                    message={t("adminContent.documents.deleteConfirm", { title: doc.title })}
                    aria-label={t("adminContent.documents.deleteNamed", { title: doc.title })}
                  >
                    {t("adminContent.common.delete")}
                  </ConfirmButton>
                </Form>
              )}
            />
          )}
        </section>
      ))}

      {samples.length > 0 ? (
        <section aria-labelledby={`${id}-samples`}>
          <h2 id={`${id}-samples`}>{t("adminContent.documents.samples.heading")}</h2>
          <p className="field__hint">{t("adminContent.documents.samples.lead")}</p>
          <DocumentTable
            caption={t("adminContent.documents.samples.heading")}
            documents={samples}
            href={(doc) => `/pdf?file=${encodeURIComponent(doc.url)}`}
          />
        </section>
      ) : null}
    </AdminPage>
  );
}
