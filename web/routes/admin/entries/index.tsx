import type { RowSelectionState } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { data, Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import {
  bulkTargetsFor,
  catalogueFiltersDropped,
  pageRange,
  parseEntryListQuery,
  withinSeasonCatalogue,
} from "../../../../core/entry-admin-list";
import {
  bulkStatusChangeFields,
  bulkStatusChangeSchema,
  parseSelectedValue,
} from "../../../../core/entry-status-change";
import { langOfPath } from "../../../../core/languages";
import { publishEntriesSchema } from "../../../../core/library";
import { refusal } from "../../../../core/refusal";
import { canPublishToLibrary, isStaffRole } from "../../../../core/roles";
import { FormAlert } from "../../../components/form/field";
import type { FormResult } from "../../../components/form/schema-form";
import { FlashMessage } from "../../../features/back-office/flash";
import { actorOf, refused } from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { Pager } from "../../../features/back-office/table";
import {
  BulkOutcome,
  BulkStatusBar,
  ExportLinks,
  LibraryBulkBar,
} from "../../../features/entries-admin/bulk-actions";
import { EntriesTable } from "../../../features/entries-admin/entries-table";
import { EntryFilterBar } from "../../../features/entries-admin/filter-bar";
import "../../../features/entries-admin/entries-admin.css";
import { invalidForm } from "../../../lib/forms.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/index";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("entryAdmin.table.title");

/**
 * `/quan-tri/bai-du-thi`: every entry of a season (the current one unless `?season=`), with
 * the server filtering, searching, sorting and paging; the URL holds the whole state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "entries");
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  const asked = parseEntryListQuery(url.searchParams);
  const seasonYear =
    asked.season ?? (await context.services.seasons.current())?.year ?? new Date().getFullYear();
  const options = await context.services.entryAdmin.filterOptions({ seasonYear, lang });
  // What the filters can show is what the table lists (and its links and export carry); a
  // track, group or category of another season (the form sent with a new season chosen) is
  // dropped and the page says so, rather than seeming to filter by it.
  const query = withinSeasonCatalogue(asked, options);
  const dropped = catalogueFiltersDropped(asked, options);
  const result = await context.services.entryAdmin.list({ query, seasonYear, lang });
  return {
    result,
    options,
    query,
    seasonYear,
    dropped,
    targets: isStaffRole(user.role) ? bulkTargetsFor(user.role) : [],
    canPublish: canPublishToLibrary(user.role),
    today: context.services.entries.today(),
  };
}

/** Bulk status change: authorize, parse with the core schema, call the lifecycle operation. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "entries");
  const form = await request.formData();
  const selected = form
    .getAll("entries")
    .map((value) => parseSelectedValue(String(value)))
    .filter((value) => value !== null);
  // The library buttons share the form (and its ticked rows) with the status change.
  if (form.has("libraryIntent")) {
    if (!canPublishToLibrary(user.role)) {
      return refused(refusal(403, "library.errors.forbidden"), form, { formKey: "bulk" });
    }
    const parsed = publishEntriesSchema.safeParse({
      intent: form.get("libraryIntent"),
      ids: selected.map((entry) => entry.id),
    });
    if (!parsed.success) return refused(invalidForm(parsed.error), form, { formKey: "bulk" });
    const outcome = await context.services.library.publish(actorOf(user, context), parsed.data);
    if (!outcome.ok) return refused(outcome, form, { formKey: "bulk" });
    return data({ ok: true as const, formKey: "library", library: outcome });
  }
  const intent = String(form.get("intent") ?? "");
  if (intent !== "changeStatus") {
    return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
  }
  const parsed = bulkStatusChangeSchema.safeParse(bulkStatusChangeFields(form));
  if (!parsed.success) return refused(invalidForm(parsed.error), form, { formKey: "bulk" });
  // requireStaff let only staff in; the check narrows the role's type.
  if (!isStaffRole(user.role)) throw new Response("Forbidden", { status: 403 });
  const outcome = await context.services.entries.changeStatuses(
    { ...actorOf(user, context), role: user.role, name: user.name },
    parsed.data,
  );
  if (!outcome.ok) return refused(outcome, form, { formKey: "bulk" });
  return data({
    ok: true as const,
    formKey: "bulk",
    changed: outcome.changed,
    skipped: outcome.skipped,
  });
}

type LibraryDone = {
  ok: true;
  library: { intent: "publish" | "unpublish"; count: number };
};

type BulkDone = {
  ok: true;
  changed: { code: string | null }[];
  skipped: { code: string | null; reason: string }[];
};

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminEntries({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>() as
    (FormResult | BulkDone | LibraryDone) | undefined;
  const { result, options, query, seasonYear, dropped, targets, canPublish, today } = loaderData;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const submitting = navigation.state === "submitting";
  const done = actionData && actionData.ok && "changed" in actionData ? actionData : undefined;
  const libraryDone =
    actionData && actionData.ok && "library" in actionData ? actionData.library : undefined;
  const refusedBulk = actionData && !actionData.ok ? (actionData as FormResult) : undefined;

  // A new page, filter or finished change starts with nothing ticked.
  useEffect(() => setSelection({}), [location.search, done, libraryDone]);
  // Each finished change empties the bulk bar: its status and reason were for the rows just
  // moved, and the next ticked rows must not be sent them unseen (in the entrants' emails).
  const [bulkRound, setBulkRound] = useState(0);
  useEffect(() => {
    if (done) setBulkRound((round) => round + 1);
  }, [done]);

  const selected = result.items.filter((row) => selection[row.id]);
  const range = pageRange(result.page, result.pageSize, result.total);
  const action = `${location.pathname}${location.search}`;
  return (
    <AdminPage
      title={t("entryAdmin.table.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("entryAdmin.table.title") },
      ]}
      lead={t("entryAdmin.table.lead")}
    >
      <FlashMessage />
      {done ? <BulkOutcome changed={done.changed} skipped={done.skipped} /> : null}
      {libraryDone ? (
        <div className="flash" role="status" aria-live="polite">
          <p className="flash__message flash__message--success">
            {t(`library.admin.notices.${libraryDone.intent}ed`, { count: libraryDone.count })}
          </p>
        </div>
      ) : null}
      <FormAlert message={refusedBulk?.formError ? t(refusedBulk.formError) : undefined} />
      <EntryFilterBar query={query} seasonYear={seasonYear} options={options} dropped={dropped} />
      <ExportLinks query={query} selected={selected} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? t("entryAdmin.table.loading") : ""}
      </p>
      {!result.seasonFound ? (
        <p className="empty-state" role="status">
          {t("entryAdmin.table.seasonMissing", { year: seasonYear })}
        </p>
      ) : result.items.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{t("entryAdmin.table.empty")}</p>
          <Link to={location.pathname}>{t("entryAdmin.table.clearFilters")}</Link>
        </div>
      ) : (
        <Form method="post" action={action} className={loading ? "entries-table--loading" : ""}>
          {targets.length > 0 ? (
            <BulkStatusBar
              key={refusedBulk ? JSON.stringify(refusedBulk.values ?? {}) : `bulk-${bulkRound}`}
              afterChange={done !== undefined}
              targets={targets}
              today={today}
              selectedCount={selected.length}
              result={refusedBulk}
              pending={submitting}
            />
          ) : null}
          {canPublish ? (
            <LibraryBulkBar selectedCount={selected.length} pending={submitting} />
          ) : null}
          <p className="entries-range">
            {t("entryAdmin.table.range", {
              from: range.from,
              to: range.to,
              total: range.total,
              count: range.total,
            })}
          </p>
          <EntriesTable
            result={result}
            query={query}
            caption={t("entryAdmin.table.caption", { year: seasonYear })}
            selection={selection}
            onSelectionChange={setSelection}
            loading={loading}
            today={today}
          />
        </Form>
      )}
      <Pager result={result} />
    </AdminPage>
  );
}
