import { parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { useTranslation } from "../../../i18n/use-translation";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { formatDate, formatVnd } from "../../../../core/dates";
import { langOfPath } from "../../../../core/languages";
import { isLapsedPayment } from "../../../../core/payment-state";
import { fieldRefusal, refusal } from "../../../../core/refusal";
import { isStaffRole } from "../../../../core/roles";
import {
  amountDifference,
  DEFAULT_STATEMENT_MAPPING,
  type CreditRowNotImported,
  resolveStatementLineSchemaFor,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAPPING_KEYS,
  STATEMENT_UPLOAD_MAX_BYTES,
  statementMappingSchema,
} from "../../../../core/statement";
import type { Lang } from "../../../../core/languages";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "../../../components/form/field";
import type { FormResult } from "../../../components/form/schema-form";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import { actorOf, redirectWithNotice, refused } from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import "../../../features/payments-admin/payments-admin.css";
import { NotImportedRows } from "../../../features/payments-admin/not-imported-rows";
import { refusalResponse } from "../../../lib/forms.server";
import { focusRefusedField } from "../../../lib/use-server-form";
import { requireStaff } from "../../../lib/session.server";
import { useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/statements";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("paymentAdmin.statements.title");

const PATH = "/quan-tri/thanh-toan/sao-ke";
const MAPPING_FIELDS = STATEMENT_MAPPING_KEYS;
/** Columns the form may leave empty. */
const OPTIONAL_FIELDS: readonly string[] = ["bankRefColumn", "directionColumn"];
/** Fields with a hint under them. */
const HINTED_FIELDS: readonly string[] = ["dateColumn", "directionColumn"];

/** `/quan-tri/thanh-toan/sao-ke`: import a statement; the lines matching left to a person. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "payments");
  const { payments } = context.services;
  const [mapping, lines] = await Promise.all([
    payments.statementMapping(),
    payments.openStatementLines(),
  ]);
  return {
    lang: langOfPath(new URL(request.url).pathname),
    mapping: mapping ?? DEFAULT_STATEMENT_MAPPING,
    lines,
  };
}

/** Room for the form's other fields and the multipart envelope around the file. */
const FORM_FIELDS_BYTES = 64 * 1024;

/**
 * Import (multipart, the file capped) or settle one line: authorize → parse → operate. A file
 * over the limit, sent without JavaScript, is read to its end (up to STATEMENT_UPLOAD_MAX_BYTES)
 * and not kept, so that its refusal comes back with the column names typed after it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "payments");
  if (!isStaffRole(user.role)) throw new Response("Forbidden", { status: 403 });
  const actor = { ...actorOf(user, context), role: user.role, name: user.name };
  let form: FormData;
  let file: { name: string; bytes: Uint8Array | null } | null = null;
  try {
    form = await parseFormData(
      request,
      {
        maxFiles: 1,
        maxFileSize: STATEMENT_UPLOAD_MAX_BYTES,
        maxTotalSize: STATEMENT_UPLOAD_MAX_BYTES + FORM_FIELDS_BYTES,
        maxHeaderSize: 8 * 1024,
      },
      async (upload: FileUpload) => {
        if (upload.fieldName !== "file") return undefined;
        file = {
          name: upload.name || "statement",
          bytes:
            upload.size > STATEMENT_MAX_BYTES ? null : new Uint8Array(await upload.arrayBuffer()),
        };
        return undefined;
      },
    );
  } catch {
    return refusalResponse(
      fieldRefusal({ file: "paymentCore.statement.fileTooLarge" }, 413),
      {},
      {
        formKey: "import",
      },
    );
  }
  const intent = String(form.get("intent") ?? "");
  if (intent === "import") {
    const mapping = statementMappingSchema.safeParse(
      Object.fromEntries(MAPPING_FIELDS.map((f) => [f, String(form.get(f) ?? "")])),
    );
    if (!mapping.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of mapping.error.issues)
        fieldErrors[String(issue.path[0])] ??= issue.message;
      return refused(fieldRefusal(fieldErrors), form, { formKey: "import" });
    }
    const chosen = file as { name: string; bytes: Uint8Array | null } | null;
    if (chosen && chosen.bytes === null) {
      return refused(fieldRefusal({ file: "paymentCore.statement.fileTooLarge" }, 413), form, {
        formKey: "import",
      });
    }
    if (!chosen?.bytes || chosen.bytes.length === 0) {
      return refused(fieldRefusal({ file: "paymentCore.statement.fileMissing" }), form, {
        formKey: "import",
      });
    }
    const outcome = await context.services.payments.importStatement(actor, {
      fileName: chosen.name,
      bytes: chosen.bytes,
      mapping: mapping.data,
    });
    if (!outcome.ok) {
      const answer = refused(outcome, form, { formKey: "import" });
      // Columns the file lacks: the page lists the ones it has, to type the right names. A
      // line dated after today: the page names its date. No readable date: the rows are listed.
      // A direction column left unnamed: the page names it.
      const extra =
        "foundColumns" in outcome
          ? { foundColumns: outcome.foundColumns }
          : "futureDay" in outcome
            ? { futureDay: outcome.futureDay }
            : "notImported" in outcome
              ? { notImported: outcome.notImported }
              : "directionColumnFound" in outcome
                ? { directionColumnFound: outcome.directionColumnFound }
                : null;
      return extra ? data({ ...answer.data, ...extra }, answer.init ?? undefined) : answer;
    }
    return data({ ok: true as const, formKey: "import", summary: outcome.summary });
  }
  if (intent === "pay" || intent === "ignore") {
    const lineId = Number(form.get("lineId"));
    const outcome = await context.services.payments.resolveStatementLine(actor, lineId, {
      action: intent,
      reference: String(form.get("reference") ?? ""),
      note: String(form.get("note") ?? ""),
      lang: langOfPath(new URL(request.url).pathname),
    });
    if (!outcome.ok) return refused(outcome, form, { formKey: `line-${lineId}` });
    return redirectWithNotice(request, PATH, "paymentAdmin.statements.resolved");
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

type Imported = {
  ok: true;
  formKey: "import";
  summary: {
    total: number;
    matched: number;
    partial: number;
    lapsed: number;
    unknown: number;
    alreadyImported: number;
    notImported: CreditRowNotImported[];
  };
};

/**
 * A form of this page that goes unanswered leaves the page as it was, with what was typed. A
 * statement larger than the server takes is refused here with the server's message, before its
 * bytes are sent: the server cuts such an upload off, which would leave an error page.
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const form = await args.request.clone().formData();
  const file = form.get("file");
  if (form.get("intent") === "import" && file instanceof File && file.size > STATEMENT_MAX_BYTES) {
    return data(
      {
        ok: false as const,
        formKey: "import",
        values: Object.fromEntries(MAPPING_FIELDS.map((f) => [f, String(form.get(f) ?? "")])),
        fieldErrors: { file: "paymentCore.statement.fileTooLarge" },
      },
      { status: 413 },
    );
  }
  return keepFormWhenUnanswered(args);
}

type StatementLineView = Route.ComponentProps["loaderData"]["lines"][number];

export default function AdminStatements({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = useActionData<typeof action>() as (FormResult | Imported) | undefined;
  const { lang, mapping, lines } = loaderData;
  const refusedImport = result && !result.ok && result.formKey === "import" ? result : undefined;
  const {
    foundColumns,
    futureDay,
    directionColumnFound,
    notImported: refusedRows,
  } = (refusedImport as
    | {
        foundColumns?: string[];
        futureDay?: string;
        directionColumnFound?: string;
        notImported?: CreditRowNotImported[];
      }
    | undefined) ?? {};
  const imported = result && result.ok && "summary" in result ? result.summary : undefined;
  const notImported = imported?.notImported ?? refusedRows ?? [];
  const refusedLine = (id: number) =>
    result && !result.ok && result.formKey === `line-${id}` ? result : undefined;
  const fieldError = (name: string) => refusedImport?.fieldErrors?.[name];
  // A refused import takes the keyboard to its first field in error (its message read with
  // it), unless the summary above the form took it; the button was disabled while it was sent.
  const importForm = useRef<HTMLFormElement>(null);
  const importErrors = refusedImport?.fieldErrors;
  useEffect(() => {
    if (importErrors && importForm.current) {
      focusRefusedField(Object.keys(importErrors), importForm.current);
    }
  }, [importErrors]);
  return (
    <AdminPage
      title={t("paymentAdmin.statements.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("paymentAdmin.title"), to: "/quan-tri/thanh-toan" },
        { label: t("paymentAdmin.statements.title") },
      ]}
      lead={t("paymentAdmin.statements.lead")}
    >
      <FlashMessage />
      {imported ? (
        <p className="form-alert form-alert--success" role="status" data-testid="statement-summary">
          {t("paymentAdmin.statements.summary", {
            count: imported.total,
            matched: imported.matched,
            partial: imported.partial,
            unknown: imported.unknown,
            already: imported.alreadyImported,
          })}
        </p>
      ) : null}
      {imported && imported.lapsed > 0 ? (
        <p
          className="form-alert payment-warning"
          role="note"
          data-testid="statement-lapsed-summary"
        >
          {t("paymentAdmin.statements.lapsedSummary", { count: imported.lapsed })}
        </p>
      ) : null}
      {notImported.length > 0 ? <NotImportedRows rows={notImported} lang={lang} /> : null}
      <Form
        ref={importForm}
        method="post"
        encType="multipart/form-data"
        className="panel"
        noValidate
      >
        <FormAlert message={refusedImport?.formError ? t(refusedImport.formError) : undefined} />
        {foundColumns && foundColumns.length > 0 ? (
          <p className="field__hint" data-testid="statement-found-columns">
            {t("paymentAdmin.statements.foundColumns", { columns: foundColumns.join(", ") })}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="import" />
        <div className={`field${fieldError("file") ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="statement-file">
            {t("paymentAdmin.statements.file")}
          </label>
          <input
            id="statement-file"
            className="field__input"
            type="file"
            name="file"
            required
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={
              fieldError("file")
                ? "statement-file-hint statement-file-error"
                : "statement-file-hint"
            }
            aria-invalid={fieldError("file") ? true : undefined}
          />
          <p id="statement-file-hint" className="field__hint">
            {t("paymentAdmin.statements.fileHint")}
          </p>
          {fieldError("file") ? (
            <p id="statement-file-error" className="field__error">
              {t(fieldError("file")!)}
            </p>
          ) : null}
        </div>
        <fieldset>
          <legend>{t("paymentAdmin.statements.mapping")}</legend>
          {MAPPING_FIELDS.map((name) => (
            <div key={name} className={`field${fieldError(name) ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor={`map-${name}`}>
                {t(`paymentAdmin.statements.${name}`)}
              </label>
              <input
                id={`map-${name}`}
                className="field__input"
                name={name}
                maxLength={100}
                required={!OPTIONAL_FIELDS.includes(name)}
                aria-invalid={fieldError(name) ? true : undefined}
                aria-describedby={
                  [
                    HINTED_FIELDS.includes(name) ? `map-${name}-hint` : "",
                    fieldError(name) ? `map-${name}-error` : "",
                  ]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                defaultValue={refusedImport?.values?.[name] ?? mapping[name]}
              />
              {HINTED_FIELDS.includes(name) ? (
                <p id={`map-${name}-hint`} className="field__hint">
                  {t(`paymentAdmin.statements.${name}Hint`)}
                </p>
              ) : null}
              {fieldError(name) ? (
                <p id={`map-${name}-error`} className="field__error">
                  {t(fieldError(name)!, { day: futureDay, column: directionColumnFound })}
                </p>
              ) : null}
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("paymentAdmin.statements.submit")}
        </button>
      </Form>

      <h2>{t("paymentAdmin.statements.openTitle")}</h2>
      {lines.length === 0 ? (
        <p className="empty-state" role="status">
          {t("paymentAdmin.statements.openEmpty")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("paymentAdmin.statements.date")}</th>
                <th scope="col" className="payment-amount">
                  {t("paymentAdmin.statements.amount")}
                </th>
                <th scope="col">{t("paymentAdmin.statements.memo")}</th>
                <th scope="col">{t("paymentAdmin.statements.outcome")}</th>
                <th scope="col">{t("paymentAdmin.statements.reference")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <StatementLineRow
                  key={line.id}
                  line={line}
                  lang={lang}
                  refused={refusedLine(line.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}

/**
 * One line to look at, with its form: pay the payment named (the suggested one by default) or
 * set the line aside. When the line's amount differs from the suggested payment's, the note is
 * required (the server's schema, checked here first) and the confirmation states both amounts.
 */
function StatementLineRow({
  line,
  lang,
  refused,
}: {
  line: StatementLineView;
  lang: Lang;
  refused: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  // A payment cancelled or expired before the money came cannot be paid: the reference field
  // waits for the newer payment's instead of offering the lapsed one.
  const lapsed = line.paymentState !== null && isLapsedPayment(line.paymentState);
  const [reference, setReference] = useState(
    refused?.values?.reference ?? (lapsed ? "" : (line.paymentReference ?? "")),
  );
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const suggested =
    line.paymentReference !== null &&
    reference.trim().toUpperCase() === line.paymentReference.toUpperCase();
  // A payment accepted short takes the line as its rest: the line is checked against what it
  // still misses, as the server checks it.
  const topUp = suggested && line.paymentMissingVnd !== null;
  // The amount of the payment the reference names, when it is the suggested one (the page
  // knows no other payment's amount: the server checks those).
  const amounts = {
    lineAmountVnd: line.amountVnd,
    paymentAmountVnd: topUp ? line.paymentMissingVnd : suggested ? line.paymentAmountVnd : null,
  };
  const difference = amountDifference(amounts);
  const vnd = (amount: number) => formatVnd(amount, lang);
  const payAsk = topUp
    ? t("paymentAdmin.statements.payAskTopUp", {
        line: vnd(line.amountVnd),
        missing: vnd(line.paymentMissingVnd ?? 0),
      })
    : difference === 0
      ? t("paymentAdmin.statements.payAsk")
      : t(`paymentAdmin.statements.${difference < 0 ? "payAskShort" : "payAskOver"}`, {
          line: vnd(line.amountVnd),
          payment: vnd(amounts.paymentAmountVnd ?? 0),
          difference: vnd(Math.abs(difference)),
        });
  const errors = { ...refused?.fieldErrors, ...clientErrors };
  const noteError = errors.note;
  const checkPay = (button: HTMLButtonElement) => {
    const form = button.form!;
    const value = (name: string) => String(new FormData(form).get(name) ?? "");
    const parsed = resolveStatementLineSchemaFor(amounts).safeParse({
      action: "pay",
      reference: value("reference"),
      note: value("note"),
    });
    if (parsed.success) {
      setClientErrors({});
      return true;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setClientErrors(found);
    const first = form.elements.namedItem(Object.keys(found)[0]!);
    if (first instanceof HTMLInputElement) first.focus();
    return false;
  };
  return (
    <tr>
      <td>{formatDate(`${line.bookedOn}T05:00:00Z`, lang)}</td>
      <td className="payment-amount">{vnd(line.amountVnd)}</td>
      <td>
        {line.memo}
        {line.bankRef ? (
          <>
            <br />
            <small>{line.bankRef}</small>
          </>
        ) : null}
      </td>
      <td>
        {t(`paymentAdmin.statements.outcomes.${line.outcome}`)}
        {line.paymentReference ? (
          <>
            <br />
            <small>
              {t("paymentAdmin.statements.suggested", { reference: line.paymentReference })}
            </small>
          </>
        ) : null}
        {line.paymentState === "paid" && line.paymentMissingVnd !== null ? (
          <>
            <br />
            <small data-testid="statement-rest-of-short">
              {t("paymentAdmin.statements.restOfShort", {
                missing: vnd(line.paymentMissingVnd),
              })}
            </small>
          </>
        ) : line.paymentState === "paid" ? (
          <>
            <br />
            <small data-testid="statement-already-paid">
              {t("paymentAdmin.statements.alreadyPaid")}
            </small>
          </>
        ) : lapsed ? (
          <small className="payment-next-step" data-testid="statement-lapsed">
            {t(`paymentAdmin.statements.lapsed.${line.paymentState}`, {
              reference: line.paymentReference,
            })}{" "}
            {t("paymentAdmin.statements.lapsed.nextStep")}
            {line.paymentId ? (
              <span className="payment-next-step">
                <Link to={to(`/quan-tri/thanh-toan/${line.paymentId}`)}>
                  {t("paymentAdmin.statements.lapsed.openPayment", {
                    reference: line.paymentReference,
                  })}
                </Link>
                {line.ownerEmail ? (
                  <>
                    {" · "}
                    <Link to={to(`/quan-tri/thanh-toan?q=${encodeURIComponent(line.ownerEmail)}`)}>
                      {t("paymentAdmin.statements.lapsed.entrantPayments")}
                    </Link>
                  </>
                ) : null}
              </span>
            ) : null}
          </small>
        ) : line.paymentAmountVnd !== null && line.paymentAmountVnd !== line.amountVnd ? (
          <>
            <br />
            <small>
              {t("paymentAdmin.statements.amountDiffers", {
                payment: vnd(line.paymentAmountVnd),
                difference: vnd(Math.abs(line.amountVnd - line.paymentAmountVnd)),
              })}
            </small>
          </>
        ) : null}
      </td>
      <td>
        <Form method="post" encType="multipart/form-data" noValidate>
          <input type="hidden" name="lineId" value={line.id} />
          <FormAlert message={refused?.formError ? t(refused.formError) : undefined} />
          <label className="visually-hidden" htmlFor={`ref-${line.id}`}>
            {t("paymentAdmin.statements.reference")}
          </label>
          <input
            id={`ref-${line.id}`}
            className="field__input"
            name="reference"
            maxLength={20}
            aria-invalid={errors.reference ? true : undefined}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
          <label className="visually-hidden" htmlFor={`note-${line.id}`}>
            {t("paymentAdmin.statements.note")}
          </label>
          <input
            id={`note-${line.id}`}
            className="field__input"
            name="note"
            maxLength={500}
            placeholder={t("paymentAdmin.statements.note")}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `note-${line.id}-error` : undefined}
            defaultValue={refused?.values?.note ?? ""}
          />
          {Object.entries(errors).map(([field, key]) => (
            <p
              key={field}
              id={field === "note" ? `note-${line.id}-error` : undefined}
              className="field__error"
            >
              {t(key)}
            </p>
          ))}
          <ConfirmButton
            className="button button--primary button--small"
            name="intent"
            value="pay"
            check={checkPay}
            message={payAsk}
          >
            {t("paymentAdmin.statements.pay")}
          </ConfirmButton>{" "}
          <ConfirmButton
            className="button button--secondary button--small"
            name="intent"
            value="ignore"
            message={t("paymentAdmin.statements.ignoreAsk")}
            onClick={() => setClientErrors({})}
          >
            {t("paymentAdmin.statements.ignore")}
          </ConfirmButton>
        </Form>
      </td>
    </tr>
  );
}
