import { useTranslation } from "../../../i18n/use-translation";
import { data, Link, useActionData } from "react-router";
import { statusChangeSchema } from "../../../../core/entry-status-change";
import { isPublishableStatus, publishEntriesSchema } from "../../../../core/library";
import { refusal } from "../../../../core/refusal";
import { canPublishToLibrary, type StaffRole } from "../../../../core/roles";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { FlashMessage } from "../../../features/back-office/flash";
import { actorOf, redirectWithNotice, refused } from "../../../features/back-office/form.server";
import { EntryDetails, EntrySummary } from "../../../features/entry-review/entry-facts";
import { EntryFiles } from "../../../features/entry-review/entry-files";
import {
  LIBRARY_FORM_KEY,
  LIBRARY_INTENTS,
  LibraryPanel,
  refusalForOneEntry,
} from "../../../features/entry-review/library-panel";
import "../../../features/entry-review/entry-review.css";
import { RegistrantCard } from "../../../features/entry-review/registrant-card";
import {
  isEntryId,
  listSearchOf,
  loadEntryReview,
} from "../../../features/entry-review/review.server";
import {
  CHANGE_STATUS_INTENT,
  STATUS_FORM_KEY,
  StatusForm,
  type StatusFormResult,
} from "../../../features/entry-review/status-form";
import { StatusHistory } from "../../../features/entry-review/status-history";
import { formValues, invalidForm } from "../../../lib/forms.server";
import { requireStaff } from "../../../lib/session.server";
import { useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/entry";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("admin.sections.entries");

/**
 * `/quan-tri/bai-du-thi/:id`: one entry for the staff of the `entries` section — every field
 * and file, the registrant, the status history and the status changes the lifecycle allows
 * this staff member's role from the entry's state.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "entries");
  if (!isEntryId(params.id)) throw data(null, { status: 404 });
  const entry = await loadEntryReview(context.services, params.id, user.role as StaffRole);
  if (!entry) throw data(null, { status: 404 });
  const publishedAt = await context.services.library.publishedAt(params.id);
  return {
    entry,
    listSearch: listSearchOf(request),
    publishedAt,
    canPublish: canPublishToLibrary(user.role),
    today: context.services.entries.today(),
  };
}

/** Authorize → parse with the core schema → the lifecycle's operation (which audits and emails). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "entries");
  const form = await request.formData();
  const intent = form.get("intent");
  if (LIBRARY_INTENTS.some((i) => i === intent)) {
    if (!isEntryId(params.id)) throw data(null, { status: 404 });
    if (!canPublishToLibrary(user.role)) {
      return refused(refusal(403, "library.errors.forbidden"), form, {
        formKey: LIBRARY_FORM_KEY,
      });
    }
    const parsed = publishEntriesSchema.safeParse({ intent, ids: [params.id] });
    if (!parsed.success) {
      return refused(invalidForm(parsed.error), form, { formKey: LIBRARY_FORM_KEY });
    }
    const outcome = await context.services.library.publish(actorOf(user, context), parsed.data);
    if (!outcome.ok) {
      return refused(refusalForOneEntry(outcome), form, { formKey: LIBRARY_FORM_KEY });
    }
    const list = listSearchOf(request);
    return redirectWithNotice(
      request,
      `/quan-tri/bai-du-thi/${params.id}${list ? `?list=${encodeURIComponent(list)}` : ""}`,
      `library.admin.notices.${outcome.intent === "publish" ? "publishedOne" : "unpublishedOne"}`,
    );
  }
  if (intent !== CHANGE_STATUS_INTENT) {
    return refused(refusal(400, "entryReview.errors.badRequest"), form, {
      formKey: STATUS_FORM_KEY,
    });
  }
  if (!isEntryId(params.id)) throw data(null, { status: 404 });
  const entryId = params.id;
  const { entries } = context.services;
  const actor = { ...actorOf(user, context), role: user.role as StaffRole, name: user.name };
  const list = listSearchOf(request);
  const parsed = statusChangeSchema.safeParse(formValues(form));
  if (!parsed.success)
    return refused(invalidForm(parsed.error), form, { formKey: STATUS_FORM_KEY });
  const outcome = await entries.changeStatus(actor, entryId, parsed.data);
  if (outcome.ok) {
    return redirectWithNotice(
      request,
      `/quan-tri/bai-du-thi/${entryId}${list ? `?list=${encodeURIComponent(list)}` : ""}`,
      "entryReview.notices.changed",
    );
  }
  if (outcome.code !== "conflict") return refused(outcome, form, { formKey: STATUS_FORM_KEY });
  // Someone else moved it first: say what it is now; what was typed stays in the form.
  const now = await entries.getForStaff(entryId);
  return data<StatusFormResult>(
    {
      ok: false,
      formKey: STATUS_FORM_KEY,
      values: formValues(form),
      fieldErrors: {},
      formError: "entryReview.errors.conflict",
      ...(now ? { currentStatus: now.status } : {}),
    },
    { status: 409 },
  );
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminEntry({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>() as StatusFormResult | undefined;
  const { entry, listSearch, publishedAt, canPublish, today } = loaderData;
  const listPath = `${to("/quan-tri/bai-du-thi")}${listSearch ? `?${listSearch}` : ""}`;
  const title = t("entryReview.title", { code: entry.code ?? "" }).trim();
  return (
    <AdminPage
      title={entry.code ? title : t("entryReview.noCode")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        {
          label: t("admin.sections.entries"),
          to: `/quan-tri/bai-du-thi${listSearch ? `?${listSearch}` : ""}`,
        },
        { label: entry.code ?? t("entryReview.noCode") },
      ]}
      actions={<Link to={listPath}>{t("entryReview.backToList")}</Link>}
      lead={
        <p>
          <strong>{entry.campaignName || t("entryReview.untitled")}</strong>
          {entry.brandName ? ` — ${entry.brandName}` : ""}
        </p>
      }
    >
      <FlashMessage />
      <div className="entry-review">
        <div className="entry-review__main">
          <EntrySummary entry={entry} />
          <StatusForm
            status={entry.status}
            statusVersion={entry.statusVersion}
            nextStatuses={entry.nextStatuses}
            listSearch={listSearch}
            today={today}
            result={result}
          />
          <LibraryPanel
            entryId={entry.id}
            publishedAt={publishedAt}
            publishable={isPublishableStatus(entry.status)}
            canPublish={canPublish}
            result={result}
          />
          <StatusHistory history={entry.history} />
          <EntryDetails entry={entry} />
          <EntryFiles entry={entry} />
        </div>
        <aside className="entry-review__side" aria-label={t("entryReview.registrant.heading")}>
          <RegistrantCard registrant={entry.registrant} />
        </aside>
      </div>
    </AdminPage>
  );
}
