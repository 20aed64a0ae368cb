import { useTranslation } from "../../i18n/use-translation";
import { Form, useActionData, useLocation } from "react-router";
import { formatDate } from "../../../core/dates";
import { parseListQuery } from "../../../core/list-query";
import { refusal } from "../../../core/refusal";
import { STAFF_ROLES } from "../../../core/roles";
import { changeRoleSchema, inviteStaffSchema, setActiveSchema } from "../../../core/staff";
import { FormAlert } from "../../components/form/field";
import { AdminPage } from "../../features/back-office/page";
import { backOfficeMeta } from "../../features/back-office/meta";
import { ConfirmButton } from "../../features/back-office/confirm";
import { DataTable, ListToolbar, type DataColumn } from "../../features/back-office/table";
import { FlashMessage } from "../../features/back-office/flash";
import { SchemaForm, type FormResult } from "../../components/form/schema-form";
import { StatusBadge } from "../../features/back-office/status-badge";
import {
  actorOf,
  redirectWithNotice,
  refused,
  submitForm,
} from "../../features/back-office/form.server";
import { requireStaff } from "../../lib/session.server";
import { useLang } from "../../lib/site";
import type { Route } from "./+types/users";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("adminPlatform.users.title");

const ROLES = ["entrant", ...STAFF_ROLES] as const;
const LIST = { sorts: ["created"] as const, defaultDir: "desc" as const, filters: { role: ROLES } };

/** `/quan-tri/nguoi-dung`: accounts (search, role filter, pages), invitations, roles, deactivation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, "users");
  const query = parseListQuery(new URL(request.url).searchParams, LIST);
  const result = await context.services.staff.list({
    q: query.q,
    role: (query.filters.role ?? "") as never,
    page: query.page,
    pageSize: query.pageSize,
    dir: query.dir,
  });
  return { result, query, meId: me.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "users");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const formKey = String(form.get("formKey") ?? intent);
  const { staff } = context.services;
  const actor = actorOf(user, context);
  const back = (notice: string) =>
    redirectWithNotice(request, `/quan-tri/nguoi-dung${new URL(request.url).search}`, notice);

  if (intent === "invite") {
    return submitForm(
      form,
      inviteStaffSchema,
      (input) => staff.invite(input, actor),
      () => back("adminPlatform.notices.invited"),
      { formKey },
    );
  }
  if (intent === "role") {
    return submitForm(
      form,
      changeRoleSchema,
      (input) => staff.changeRole(input.userId, input.role, actor),
      () => back("adminPlatform.notices.saved"),
      { formKey, invalid: "adminPlatform.validation.role" },
    );
  }
  if (intent === "active") {
    return submitForm(
      form,
      setActiveSchema,
      (input) => staff.setActive(input.userId, input.active, actor),
      (_, input) =>
        back(
          input.active ? "adminPlatform.notices.reactivated" : "adminPlatform.notices.deactivated",
        ),
      { formKey, invalid: "adminPlatform.errors.badRequest" },
    );
  }
  if (intent === "resend") {
    const outcome = await staff.sendInvitation(String(form.get("userId") ?? ""), actor);
    if (!outcome.ok) return refused(outcome, form, { formKey });
    return back("adminPlatform.notices.invited");
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form, { formKey });
}

type Row = Route.ComponentProps["loaderData"]["result"]["items"][number];

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const { query, meId } = loaderData;
  const rowError = result && !result.ok && result.formKey?.startsWith("row:") ? result : undefined;
  const action = `${location.pathname}${location.search}`;
  const columns: DataColumn<Row>[] = [
    {
      key: "name",
      header: t("adminPlatform.users.columns.name"),
      rowHeader: true,
      cell: (row) => (
        <>
          {row.name}
          <br />
          <span className="tree-node__meta">{row.email}</span>
        </>
      ),
    },
    {
      key: "role",
      header: t("adminPlatform.users.columns.role"),
      cell: (row) =>
        row.role === "entrant" ? (
          t("admin.roles.entrant")
        ) : (
          <Form method="post" action={action} className="admin-inline-form">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="formKey" value={`row:${row.id}`} />
            <input type="hidden" name="userId" value={row.id} />
            <label className="visually-hidden" htmlFor={`role-${row.id}`}>
              {t("adminPlatform.users.roleFor", { name: row.name })}
            </label>
            <select
              id={`role-${row.id}`}
              name="role"
              defaultValue={row.role}
              className="field__input"
            >
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.roles.${role}`)}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--secondary button--small">
              {t("adminPlatform.users.changeRole")}
              <span className="visually-hidden"> {row.name}</span>
            </button>
          </Form>
        ),
    },
    {
      key: "status",
      header: t("adminPlatform.users.columns.status"),
      cell: (row) => (
        <>
          <StatusBadge tone={row.active ? "success" : "danger"}>
            {t(row.active ? "adminPlatform.users.active" : "adminPlatform.users.inactive")}
          </StatusBadge>{" "}
          {row.invited ? (
            <StatusBadge tone="info">{t("adminPlatform.users.invited")}</StatusBadge>
          ) : null}
        </>
      ),
    },
    {
      key: "created",
      header: t("adminPlatform.users.columns.created"),
      sortable: true,
      cell: (row) => formatDate(row.createdAt, lang),
    },
    {
      key: "actions",
      header: t("adminPlatform.users.columns.actions"),
      cell: (row) => (
        <div className="admin-inline-form">
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="active" />
            <input type="hidden" name="formKey" value={`row:${row.id}`} />
            <input type="hidden" name="userId" value={row.id} />
            {row.active ? null : <input type="hidden" name="active" value="on" />}
            <ConfirmButton
              className="button button--secondary button--small"
              message={t(
                row.active
                  ? "adminPlatform.users.confirmDeactivate"
                  : "adminPlatform.users.confirmReactivate",
                { name: row.name },
              )}
            >
              {t(row.active ? "adminPlatform.users.deactivate" : "adminPlatform.users.reactivate")}
              <span className="visually-hidden"> {row.name}</span>
            </ConfirmButton>
          </Form>
          {row.invited ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="formKey" value={`row:${row.id}`} />
              <input type="hidden" name="userId" value={row.id} />
              <button type="submit" className="button button--secondary button--small">
                {t("adminPlatform.users.resend")}
                <span className="visually-hidden"> {row.name}</span>
              </button>
            </Form>
          ) : null}
          {row.id === meId ? (
            <span className="tree-node__meta">{t("adminPlatform.users.you")}</span>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <AdminPage
      title={t("adminPlatform.users.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("adminPlatform.users.title") },
      ]}
      lead={t("adminPlatform.users.lead")}
    >
      <FlashMessage />
      <FormAlert message={rowError?.formError ? t(rowError.formError) : undefined} />
      <section className="panel admin-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t("adminPlatform.users.inviteHeading")}</h2>
        <SchemaForm
          wide
          schema={inviteStaffSchema as never}
          formKey="invite"
          intent="invite"
          defaults={{ role: "editor", lang: "vi" }}
          result={result}
          submitLabel={t("adminPlatform.users.invite")}
          fields={[
            {
              name: "email",
              kind: "email",
              label: t("adminPlatform.users.fields.email"),
              required: true,
              autoComplete: "off",
              row: "who",
            },
            {
              name: "name",
              label: t("adminPlatform.users.fields.name"),
              required: true,
              autoComplete: "off",
              row: "who",
            },
            {
              name: "role",
              kind: "select",
              label: t("adminPlatform.users.fields.role"),
              row: "what",
              options: STAFF_ROLES.map((role) => ({
                value: role,
                label: t(`admin.roles.${role}`),
              })),
            },
            {
              name: "lang",
              kind: "select",
              label: t("adminPlatform.users.fields.lang"),
              row: "what",
              options: [
                { value: "vi", label: "Tiếng Việt" },
                { value: "en", label: "English" },
              ],
            },
          ]}
        />
      </section>
      <ListToolbar
        searchLabel={t("adminPlatform.users.search")}
        filters={[
          {
            name: "role",
            label: t("adminPlatform.users.fields.role"),
            options: ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) })),
          },
        ]}
        values={{
          q: query.q,
          pageSize: query.pageSize,
          role: query.filters.role ?? "",
          sort: query.sort,
          dir: query.dir,
        }}
      />
      <DataTable
        caption={t("adminPlatform.users.title")}
        columns={columns}
        result={loaderData.result}
        rowKey={(row) => row.id}
        sort={query.sort}
        dir={query.dir}
      />
    </AdminPage>
  );
}
