import { useTranslation } from "../i18n/use-translation";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { pickLang } from "../../core/languages";
import { formatMoment } from "../../core/dates";
import { judgedThroughCopy, type JudgeCopyProblem } from "../../core/entry-limits";
import { isEntryActionIntent, parseEntryAction, type EntryAction } from "../../core/entry-actions";
import { SectionHeading } from "../components/section-heading";
import { EntryForm } from "../features/entry-form/entry-form";
import type { ChangesRequestedView } from "../features/entry-form/changes-requested-notice";
import "../features/entry-form/entry-form.css";
import { formValuesOf, unanswered } from "../features/entry-form/action-results";
import type { EntryActionResult, EntryView, TrackOption } from "../features/entry-form/types";
import {
  RESEND_VERIFICATION_INTENT,
  VerifyEmailNotice,
} from "../features/entry-form/verify-email-notice";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireEntrant } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/submit-entry";
import { personalPageHeaders } from "../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "sections.submitEntry" }),
  { name: "robots", content: "noindex" },
];

type ServerEntry = NonNullable<
  Awaited<ReturnType<Route.LoaderArgs["context"]["services"]["entries"]["get"]>>
>;

type Services = Route.LoaderArgs["context"]["services"];

/** A short-lived private link for the owner: images open inline (thumbnails), others download. */
function linkTo(services: Services, file: ServerEntry["files"][number]): string | null {
  try {
    return services.storage.signedUrl(file.storageKey, {
      filename: file.name,
      disposition: file.field === "images" || file.field === "video" ? "inline" : "attachment",
    });
  } catch {
    return null;
  }
}

/** The derived image's address (`{ src }` from the media module), if it is a local path. */
function thumbOf(variants: unknown): string | null {
  const src = (variants as { src?: unknown } | null)?.src;
  return typeof src === "string" && src.startsWith("/") && !src.startsWith("//") ? src : null;
}

/**
 * Why no judges' copy could be made of the entry's film and documents, by storage key: the
 * entrant is told under the file, while they can still replace it.
 */
async function judgeCopyProblems(
  entry: ServerEntry,
  services: Services,
): Promise<Map<string, JudgeCopyProblem>> {
  const copied = entry.files.filter((file) => judgedThroughCopy(file.field));
  if (copied.length === 0) return new Map();
  const states = await services.judgeCopies.statesOf(copied.map((file) => file.storageKey));
  const problems = new Map<string, JudgeCopyProblem>();
  for (const [key, copy] of states) if (copy.state === "failed") problems.set(key, copy.problem);
  return problems;
}

function viewOf(
  entry: ServerEntry,
  services: Services,
  problems: ReadonlyMap<string, JudgeCopyProblem>,
): EntryView {
  return {
    id: entry.id,
    code: entry.code,
    status: entry.status,
    version: entry.version,
    values: formValuesOf(entry),
    files: entry.files.map((file) => ({
      id: file.id,
      field: file.field,
      name: file.name,
      bytes: file.bytes,
      mime: file.mime,
      url: linkTo(services, file),
      thumbUrl: thumbOf(file.variants),
      judgeCopyProblem: problems.get(file.storageKey) ?? null,
      removable: file.removable,
    })),
    unjudgeableFileIds: entry.unjudgeableFileIds,
    updatedAt: entry.updatedAt,
    editable: entry.editable,
    withdrawable: entry.withdrawable,
    deletable: entry.deletable,
  };
}

/**
 * `/nop-bai-du-thi` (and `/en/nop-bai-du-thi`): the entry form of a signed-in entrant.
 * Without `?entry=` it is a new, not yet saved draft (nothing is created by opening the
 * page); the first autosave creates the draft and the address becomes
 * `/nop-bai-du-thi?entry=<id>`, which is what a reload or a shared link opens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const { lang } = requestMeta(request, context);
  const { entries } = context.services;
  const entryId = new URL(request.url).searchParams.get("entry");

  const found = entryId ? await entries.get(user.id, entryId) : null;
  if (entryId && !found) return { state: "notFound" as const, lang };
  // An entry is shown with its own season's tracks and categories, a past season's too.
  const options = await entries.formOptions(user.id, found?.seasonYear);
  if (!options.ok) {
    const messageKey = options.formError ?? "entry.problems.submissionNotOpen";
    return { state: "unavailable" as const, messageKey, lang };
  }
  const { submission, tracks: trackTree } = options.options;
  const tracks: TrackOption[] = trackTree.map((track) => ({
    id: track.id,
    name: pickLang(track.name, lang),
    categories: track.groups.flatMap((group) =>
      group.categories.map((category) => ({
        id: category.id,
        code: category.code,
        name: pickLang(category.name, lang),
        groupSlug: group.slug,
        groupName: pickLang(group.name, lang),
        videoRequired: category.videoRequired,
        feeVnd: category.feeVnd,
      })),
    ),
  }));

  let entry: EntryView | null = null;
  let changesRequested: ChangesRequestedView | null = null;
  if (found) {
    entry = viewOf(found, context.services, await judgeCopyProblems(found, context.services));
    changesRequested = found.changesRequested;
  } else if (submission.state !== "open") {
    // When submission opens, or when it closed, as the header's tooltip says it.
    const notice =
      submission.state === "not_yet_open"
        ? {
            key: "entryForm.opensOn",
            date: formatMoment(submission.opensAt, lang, "start"),
          }
        : submission.state === "closed"
          ? { key: "entryForm.closedOn", date: formatMoment(submission.closedAt, lang, "end") }
          : { key: "entryForm.closed", date: "" };
    return { state: "closed" as const, notice, lang };
  }
  const closesAt = submission.state === "open" ? submission.closesAt : null;
  return {
    state: "form" as const,
    entry,
    changesRequested,
    tracks,
    lang,
    // Drafts may start before the address is confirmed; submitting waits for it.
    emailVerified: user.emailVerified,
    email: user.email,
    closesAt: closesAt ? formatMoment(closesAt, lang, "end") : null,
    // Past the submission deadline, before the late one: entries still go in at the late fee.
    late: submission.state === "open" && submission.late,
    // A copy goes into the same season: offered while that season takes entries.
    duplicable: submission.state === "open",
  };
}

type Entries = Services["entries"];
type Refused = Extract<Awaited<ReturnType<Entries["autosave"]>>, { ok: false }>;

/** A stale `version`: someone (another tab) saved in between. */
const isConflict = (refused: Refused) =>
  refused.status === 409 && refused.formError === "entry.problems.versionConflict";
const formErrorOf = (refused: Refused) => refused.formError ?? "entryForm.requestFailed";

/**
 * The form's buttons post JSON (`EntryActionInput`): authorize, parse with the one schema
 * (anything else is a 400 naming the problem, never a guess), call the entry operation, and
 * turn its outcome into the answer the form waits for.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireEntrant(request, context);
  const { entries } = context.services;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  const parsed = parseEntryAction(body);
  if (!parsed.ok) return data(unanswered(parsed.intent, parsed.messageKey), { status: 400 });
  const input = parsed.action;

  switch (input.intent) {
    case "save":
      return save(entries, user.id, input);
    case "submit":
      return submit(entries, user.id, input);
    case "withdraw": {
      const result = await entries.withdraw(user.id, input.entryId);
      if (result.ok) return data<EntryActionResult>({ ok: true, intent: "withdraw" });
      // Refused while a pending payment holds the entry: the message names it.
      return result.paymentReference
        ? data<EntryActionResult>(
            {
              ok: false,
              intent: "withdraw",
              formError: formErrorOf(result),
              paymentReference: result.paymentReference,
            },
            { status: 409 },
          )
        : refusedAs("withdraw", result);
    }
    case "deleteDraft": {
      const result = await entries.deleteDraft(user.id, input.entryId);
      return result.ok
        ? data<EntryActionResult>({ ok: true, intent: "deleteDraft" })
        : refusedAs("deleteDraft", result);
    }
    case "removeFile": {
      const result = await entries.removeFile(user.id, input.entryId, input.fileId);
      return result.ok
        ? data<EntryActionResult>({ ok: true, intent: "removeFile" })
        : refusedAs("removeFile", result);
    }
    case "duplicate": {
      const result = await entries.duplicate(user.id, input.entryId, {
        categoryId: input.categoryId,
        ...(input.trackId ? { trackId: input.trackId } : {}),
      });
      return result.ok
        ? data<EntryActionResult>({ ok: true, intent: "duplicate", entryId: result.entry.id })
        : refusedAs("duplicate", result);
    }
  }
}

function refusedAs(
  intent: "withdraw" | "deleteDraft" | "removeFile" | "duplicate",
  refused: Refused,
) {
  return data<EntryActionResult>(
    { ok: false, intent, formError: formErrorOf(refused) },
    { status: 409 },
  );
}

type EntryPatch = Parameters<Entries["autosave"]>[2];
const patchOf = (values: Record<string, unknown>) => values as EntryPatch;

/** A new draft's answer as an autosave's: the form goes on from its version and code. */
async function createdAsSaved(entries: Entries, userId: string, values: EntryPatch) {
  const created = await entries.createDraft(userId, values);
  if (!created.ok) return created;
  const { id, version, code, updatedAt } = created.entry;
  return { ok: true as const, saved: { id, version, code, updatedAt, removedFileIds: [] } };
}

async function save(entries: Entries, userId: string, input: EntryAction & { intent: "save" }) {
  const values = patchOf(input.values);
  const result = input.entryId
    ? await entries.autosave(
        userId,
        input.entryId,
        values,
        input.version ? { version: input.version } : {},
      )
    : await createdAsSaved(entries, userId, values);
  if (result.ok) {
    return data<EntryActionResult>({
      ok: true,
      intent: "save",
      entryId: result.saved.id,
      version: result.saved.version,
      code: result.saved.code,
      savedAt: result.saved.updatedAt,
      ...(result.saved.removedFileIds.length > 0 ? { filesChanged: true } : {}),
    });
  }
  const reason = isConflict(result)
    ? "conflict"
    : result.status === 422
      ? "invalid"
      : result.formError === "entry.problems.notEntrant"
        ? "failed"
        : "locked";
  return data<EntryActionResult>(
    {
      ok: false,
      intent: "save",
      reason,
      ...(result.fieldErrors
        ? { fieldErrors: result.fieldErrors }
        : reason === "invalid" || reason === "locked"
          ? { formError: formErrorOf(result) }
          : {}),
      // What the server holds now: the form tells its own save whose answer was lost
      // from another tab's (autosave.ts).
      ...(isConflict(result) && result.entry
        ? { current: { version: result.entry.version, values: formValuesOf(result.entry) } }
        : {}),
    },
    { status: reason === "invalid" ? 422 : 409 },
  );
}

/** What is on the screen is saved first, so the rules run on exactly that. */
async function submit(entries: Entries, userId: string, input: EntryAction & { intent: "submit" }) {
  const { entryId, version } = input;
  const saved = await entries.autosave(
    userId,
    entryId,
    patchOf(input.values),
    version ? { version } : {},
  );
  if (!saved.ok && saved.status !== 422) {
    return data<EntryActionResult>(
      {
        ok: false,
        intent: "submit",
        missing: [],
        formError: isConflict(saved) ? "entryForm.save.conflict" : formErrorOf(saved),
      },
      { status: 409 },
    );
  }
  const result = await entries.submit(userId, entryId);
  if (result.ok) {
    return data<EntryActionResult>({
      ok: true,
      intent: "submit",
      entryId,
      version: result.entry.version,
      resubmitted: result.resubmitted,
    });
  }
  // Refused, the save still stands: the form's next autosave goes on from its version (a
  // save refused as invalid left the version as it was).
  const versionNow = saved.ok ? saved.saved.version : (version ?? undefined);
  const invalid = saved.ok
    ? []
    : Object.entries(saved.fieldErrors ?? {}).map(([field, messageKey]) => ({
        field,
        messageKey,
      }));
  const missing = (result.missing ?? []).map(({ field, messageKey }) => ({ field, messageKey }));
  return data<EntryActionResult>(
    {
      ok: false,
      intent: "submit",
      missing: [...invalid, ...missing.filter((m) => !invalid.some((i) => i.field === m.field))],
      ...(result.missing ? {} : { formError: formErrorOf(result) }),
      ...(versionNow !== undefined ? { version: versionNow } : {}),
    },
    { status: 422 },
  );
}

/**
 * A lost connection or a restarting server must not break the page: the autosave gets an
 * "offline" answer and tries again later (the typed text is in localStorage meanwhile).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  let intent: unknown = "save";
  try {
    intent = ((await request.clone().json()) as { intent?: unknown } | null)?.intent;
  } catch {
    // Not JSON: the server answers that.
  }
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (intent === "save") {
      return { ok: false, intent: "save", reason: "offline" } satisfies EntryActionResult;
    }
    if (!isEntryActionIntent(intent)) throw error;
    return unanswered(intent, "entryForm.offline");
  }
}

/**
 * Autosaves answer for themselves: reloading the page's data after each would be waste (the
 * form's fetchers also pass `defaultShouldRevalidate: false`, so the root and layout loaders
 * stay put — and a save while offline never turns into a failed reload of the whole page).
 * After a submit, withdrawal or file removal the entry itself is loaded again; after a draft is
 * deleted nothing is: the page leaves for the account (DeleteDraftPanel), and a reload of the
 * entry that no longer exists could replace the panel, and its way out, before it moved on.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const result = actionResult as EntryActionResult | undefined;
  // "Send the link again" posts to the account page: nothing of the entry changed.
  if ((result as { intent?: unknown } | undefined)?.intent === RESEND_VERIFICATION_INTENT) {
    return false;
  }
  if (result && typeof result === "object" && "intent" in result) {
    return result.ok && result.intent !== "save" && result.intent !== "deleteDraft";
  }
  return defaultShouldRevalidate;
}

export default function SubmitEntryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const back = (
    <p>
      <Link to={to("/tai-khoan")}>{t("entryForm.backToDashboard")}</Link>
    </p>
  );

  if (loaderData.state !== "form") {
    const message =
      loaderData.state === "notFound"
        ? t("entryForm.notFound")
        : loaderData.state === "closed"
          ? t(loaderData.notice.key, { date: loaderData.notice.date })
          : t(loaderData.messageKey);
    // Outside the submission window nothing went wrong: the page says when, as information.
    const tone = loaderData.state === "closed" ? "form-alert" : "form-alert form-alert--error";
    return (
      <div className="container page">
        <SectionHeading level={1} title={t("sections.submitEntry")} />
        <div className={tone} role="status">
          {message}
        </div>
        {back}
      </div>
    );
  }

  return (
    <div className="container page">
      <SectionHeading level={1} title={t("sections.submitEntry")} />
      <p className="lead">
        {t("entryForm.lead")}
        {loaderData.closesAt
          ? ` ${t(loaderData.late ? "entryForm.lateDeadline" : "entryForm.deadline", { date: loaderData.closesAt })}`
          : ""}
      </p>
      {back}
      {loaderData.emailVerified ? null : (
        <VerifyEmailNotice message={t("entryForm.verifyEmail", { email: loaderData.email })} />
      )}
      <EntryForm
        entry={loaderData.entry}
        tracks={loaderData.tracks}
        lang={loaderData.lang}
        changesRequested={loaderData.changesRequested}
        duplicable={loaderData.duplicable}
      />
    </div>
  );
}
