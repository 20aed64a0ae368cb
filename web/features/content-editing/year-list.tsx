import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useActionData } from "react-router";
import { useLocalizedPath } from "../../lib/site";
import type { FormResult } from "../../lib/use-server-form";
import { AdminPage } from "../back-office/page";
import { ConfirmButton } from "../back-office/confirm";
import { FlashMessage } from "../back-office/flash";
import { YearPicker } from "./year-picker";

/**
 * The list of a year's jurors or winners: the page with its add and view-public buttons,
 * the action's notice, the year picker (with any further filters) and the list itself.
 */
export function YearListPage({
  keys,
  path,
  publicPath,
  year,
  years,
  filters,
  children,
}: {
  /** The i18n section of the list (`adminContent.jury`). */
  keys: "adminContent.jury" | "adminContent.winners";
  path: string;
  publicPath: string;
  year: number;
  years: number[];
  filters?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<FormResult>();
  return (
    <AdminPage
      title={t(`${keys}.titleOfYear`, { year })}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t(`${keys}.title`) },
      ]}
      actions={
        <>
          <Link className="button button--primary" to={to(`${path}/moi?year=${year}`)}>
            {t(`${keys}.add`)}
          </Link>
          <Link className="button button--secondary" to={to(`${publicPath}?year=${year}`)}>
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
        {filters}
      </YearPicker>
      {children}
    </AdminPage>
  );
}

/** A row's edit link and its delete button (confirmed first). */
export function RowActions({
  id,
  editTo,
  editLabel,
  confirm,
  deleteLabel,
}: {
  id: number;
  editTo: string;
  editLabel: string;
  confirm: string;
  deleteLabel: string;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="content-admin-actions">
      <Link to={to(editTo)} aria-label={editLabel}>
        {t("adminContent.common.edit")}
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <ConfirmButton
          className="button button--secondary button--small"
          message={confirm}
          aria-label={deleteLabel}
        >
          {t("adminContent.common.delete")}
        </ConfirmButton>
      </Form>
    </div>
  );
}
