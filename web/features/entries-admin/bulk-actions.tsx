import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import {
  entryListSearch,
  type EntryListQuery,
  type EntryListRow,
} from "../../../core/entry-admin-list";
import {
  bulkStatusChangeFields,
  bulkStatusChangeSchemaOn,
  STATUS_REASON_MAX,
} from "../../../core/entry-status-change";
import { firstIssueByField } from "../../../core/refusal";
import {
  entryStatusLabelKey,
  transitionNeedsReason,
  type EntryStatus,
} from "../../../core/entry-status";
import { dateInputAttributes, useDateFormatHint } from "../../components/form/date-field";
import type { FormResult } from "../../components/form/schema-form";
import { ConfirmButton } from "../back-office/confirm";
import { useLocalizedPath } from "../../lib/site";

/**
 * The bulk status change above the table (inside the same POST form as the row checkboxes):
 * the target statuses this role may set, the reason, the date changes are due by when asking
 * for changes (not a day already over on `today`), and a confirmation naming how many
 * entries and the target status, asked only once the form passes the server's schema.
 */
export function BulkStatusBar({
  targets,
  today,
  selectedCount,
  result,
  pending,
  afterChange = false,
}: {
  targets: readonly EntryStatus[];
  /** Today in Vietnam (YYYY-MM-DD), from the server: a due day before it is refused. */
  today: string;
  selectedCount: number;
  result: FormResult | undefined;
  pending: boolean;
  /** Mounted anew after a change went through: the keyboard's place returns to its button. */
  afterChange?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const typed = result && !result.ok ? result.values : undefined;
  const [to, setTo] = useState<string>(typed?.to ?? "");
  // The browser's own check of the form, shown instead of the server's last answer.
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const errors = checked ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {});
  /** Parses the form with the server's schema; on a problem shows it and focuses its field. */
  const check = (button: HTMLButtonElement) => {
    if (!button.form) return true;
    const parsed = bulkStatusChangeSchemaOn(today).safeParse(
      bulkStatusChangeFields(new FormData(button.form)),
    );
    const found = parsed.success ? {} : firstIssueByField(parsed.error.issues);
    setChecked(parsed.success ? null : found);
    focusFirstError(button.form, found);
    return parsed.success;
  };
  /** Focuses the first field (in the form's order) that has a problem. */
  const focusFirstError = (form: HTMLFormElement | null, found: Record<string, string>) => {
    const first = (["entries", "to", "reason", "changesDueOn"] as const).find((f) => found[f]);
    if (first === "entries") {
      form?.querySelector<HTMLElement>('input[name="entries"]')?.focus();
    } else if (first) {
      document.getElementById(`${id}-${first === "changesDueOn" ? "due" : first}`)?.focus();
    }
  };
  // The server's refusal (also of a form sent before the page's script ran) focuses its first
  // field in error once the page shows it, as the browser's own check does.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const serverErrors = result && !result.ok ? result.fieldErrors : undefined;
  useEffect(() => {
    if (serverErrors) focusFirstError(fieldset.current?.form ?? null, serverErrors);
    // The button was disabled while the change ran, which sent the focus to the page's start.
    else if (afterChange) fieldset.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
    // Once per answer: the bar is keyed by what was sent or by the change done, so each answer
    // mounts it anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const error = (name: string) =>
    errors[name] ? (
      <p
        className="field__error"
        id={`${id}-${name}-error`}
        // The rows' boxes, where the focus goes for this one, are not described by it.
        role={name === "entries" ? "alert" : undefined}
      >
        {t(errors[name])}
      </p>
    ) : null;
  const described = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  const statusName = to ? t(entryStatusLabelKey(to as EntryStatus)) : "";
  const dueHint = useDateFormatHint("date");
  return (
    <fieldset className="entries-bulk" ref={fieldset}>
      <legend>{t("entryAdmin.bulk.heading")}</legend>
      <p className="entries-bulk__count" aria-live="polite">
        {t("entryAdmin.bulk.selected", { count: selectedCount })}
      </p>
      {error("entries")}
      <input type="hidden" name="intent" value="changeStatus" />
      <input type="hidden" name="formKey" value="bulk" />
      <div className="list-toolbar__field">
        <label htmlFor={`${id}-to`}>{t("entryAdmin.bulk.to")}</label>
        <select
          id={`${id}-to`}
          name="to"
          className="field__input"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={described("to")}
        >
          <option value="">{t("entryAdmin.bulk.choose")}</option>
          {targets.map((status) => (
            <option key={status} value={status}>
              {t(entryStatusLabelKey(status))}
            </option>
          ))}
        </select>
        {error("to")}
      </div>
      <div className="list-toolbar__field entries-bulk__reason">
        <label htmlFor={`${id}-reason`}>{t("entryAdmin.bulk.reason")}</label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          className="field__input"
          rows={2}
          maxLength={STATUS_REASON_MAX}
          defaultValue={typed?.reason ?? ""}
          required={to ? transitionNeedsReason(to as EntryStatus) : undefined}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={described("reason")}
        />
        {error("reason")}
      </div>
      {to === "needs_changes" || errors.changesDueOn ? (
        <div className="list-toolbar__field">
          <label htmlFor={`${id}-due`}>{t("entryAdmin.bulk.changesDueOn")}</label>
          <p className="field__hint" id={`${id}-due-hint`}>
            {dueHint}
          </p>
          <input
            id={`${id}-due`}
            {...dateInputAttributes("date")}
            name="changesDueOn"
            className="field__input"
            defaultValue={typed?.changesDueOn ?? ""}
            required
            aria-invalid={errors.changesDueOn ? true : undefined}
            aria-describedby={[`${id}-due-hint`, described("changesDueOn")]
              .filter(Boolean)
              .join(" ")}
          />
          {error("changesDueOn")}
        </div>
      ) : null}
      <div className="list-toolbar__actions">
        <ConfirmButton
          className="button button--primary"
          disabled={pending}
          check={check}
          message={t("entryAdmin.bulk.confirm", { count: selectedCount, status: statusName })}
        >
          {t("entryAdmin.bulk.submit")}
        </ConfirmButton>
      </div>
    </fieldset>
  );
}

/** What a bulk change did: how many moved, and which were skipped and why. */
export function BulkOutcome({
  changed,
  skipped,
}: {
  changed: { code: string | null }[];
  skipped: { code: string | null; reason: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="flash" role="status" aria-live="polite">
      <div className="flash__message flash__message--success">
        <p>
          {t("entryAdmin.bulk.done", {
            changed: changed.length,
            skipped: skipped.length,
            count: changed.length,
          })}
        </p>
        {skipped.length > 0 ? (
          <>
            <p>{t("entryAdmin.bulk.skippedHeading")}</p>
            <ul>
              {skipped.map((item, i) => (
                <li key={`${item.code}-${i}`}>
                  {t("entryAdmin.bulk.skippedItem", {
                    code: item.code ?? t("entryAdmin.table.noCode"),
                    reason: t(`entryAdmin.bulk.skip.${item.reason}`),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Downloads of the whole filter (every page) and, once rows are ticked, of the selection:
 * plain links to the export route, so the browser saves the file.
 */
export function ExportLinks({
  query,
  selected,
}: {
  query: EntryListQuery;
  selected: EntryListRow[];
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const filter = entryListSearch(query, { page: "", pageSize: "" });
  const href = (format: string, extra = "") =>
    to(`/quan-tri/bai-du-thi/xuat?format=${format}${filter ? `&${filter}` : ""}${extra}`);
  const ids = `&ids=${selected.map((row) => row.id).join(",")}`;
  return (
    <nav className="entries-export" aria-label={t("entryAdmin.export.heading")}>
      <Link reloadDocument className="button button--secondary" to={href("csv")}>
        {t("entryAdmin.export.filterCsv")}
      </Link>
      <Link reloadDocument className="button button--secondary" to={href("xlsx")}>
        {t("entryAdmin.export.filterXlsx")}
      </Link>
      {selected.length > 0 ? (
        <>
          <Link reloadDocument className="button button--secondary" to={href("csv", ids)}>
            {t("entryAdmin.export.selectionCsv", { count: selected.length })}
          </Link>
          <Link reloadDocument className="button button--secondary" to={href("xlsx", ids)}>
            {t("entryAdmin.export.selectionXlsx", { count: selected.length })}
          </Link>
        </>
      ) : null}
    </nav>
  );
}

/**
 * Publishing the ticked entries to the public library, or taking them out (the same POST form
 * as the row checkboxes; the button's `libraryIntent` tells the action which).
 */
export function LibraryBulkBar({
  selectedCount,
  pending,
}: {
  selectedCount: number;
  pending: boolean;
}) {
  const { t } = useTranslation();
  // Pressed with nothing ticked: refused here as the status change is (said aloud, the focus on
  // the first row's box), never a question about publishing 0 entries.
  const [noneTicked, setNoneTicked] = useState(false);
  const check = (button: HTMLButtonElement) => {
    if (selectedCount > 0) return true;
    setNoneTicked(true);
    button.form?.querySelector<HTMLElement>('input[name="entries"]')?.focus();
    return false;
  };
  return (
    <fieldset className="entries-bulk">
      <legend>{t("library.admin.bulkHeading")}</legend>
      {noneTicked && selectedCount === 0 ? (
        // The rows' boxes, where the focus goes, are not described by it: an alert says it.
        <p className="field__error" role="alert">
          {t("entryAdmin.validation.selectEntries")}
        </p>
      ) : null}
      <div className="list-toolbar__actions">
        <ConfirmButton
          name="libraryIntent"
          value="publish"
          disabled={pending}
          check={check}
          message={t("library.admin.confirmBulkPublish", { count: selectedCount })}
        >
          {t("library.admin.bulkPublish")}
        </ConfirmButton>
        <ConfirmButton
          name="libraryIntent"
          value="unpublish"
          disabled={pending}
          check={check}
          message={t("library.admin.confirmBulkUnpublish", { count: selectedCount })}
        >
          {t("library.admin.bulkUnpublish")}
        </ConfirmButton>
      </div>
    </fieldset>
  );
}
