import { useTranslation } from "react-i18next";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { pickLang } from "../../core/category-tree";
import { formatDate } from "../../core/dates";
import { canTransition } from "../../core/entry-status";
import { SectionHeading } from "../components/section-heading";
import { EntryForm } from "../features/entry-form/entry-form";
import "../features/entry-form/entry-form.css";
import {
  EMPTY_VALUES,
  type EntryActionResult,
  type EntryFormValues,
  type EntryView,
  type TrackOption,
} from "../features/entry-form/types";
import {
  RESEND_VERIFICATION_INTENT,
  VerifyEmailNotice,
} from "../features/entry-form/verify-email-notice";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireEntrant } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/submit-entry";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "sections.submitEntry" }),
  { name: "robots", content: "noindex" },
];

type ServerEntry = NonNullable<
  Awaited<ReturnType<Route.LoaderArgs["context"]["services"]["entries"]["get"]>>
>;

const text = (value: unknown) =>
  value === undefined || value === null ? "" : String(value as string | number);

/** The server's entry as the form edits it: every value a string, credits as rows. */
function formValuesOf(entry: ServerEntry): EntryFormValues {
  const values = entry.values as Record<string, unknown>;
  const credits = (values.credits ?? { companies: [], people: [] }) as EntryFormValues["credits"];
  const result: EntryFormValues = { ...EMPTY_VALUES, credits };
  for (const key of Object.keys(EMPTY_VALUES) as (keyof EntryFormValues)[]) {
    if (key !== "credits") result[key] = text(values[key]);
  }
  result.trackId = entry.track?.id ?? result.trackId;
  result.categoryId = entry.category?.id ?? result.categoryId;
  return result;
}

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

function viewOf(entry: ServerEntry, services: Services): EntryView {
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
    })),
    updatedAt: entry.updatedAt,
    editable: entry.editable,
    withdrawable: canTransition(entry.status, "withdrawn", "entrant"),
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

  const options = await entries.formOptions(user.id);
  if (!options.ok) return { state: "unavailable" as const, messageKey: options.messageKey, lang };
  const { submission, tracks: trackTree } = options.options;
  const tracks: TrackOption[] = trackTree.map((track) => ({
    id: track.id,
    name: pickLang(track.name, lang),
    categories: track.groups.flatMap((group) =>
      group.categories.map((category) => ({
        id: category.id,
        code: category.code,
        name: pickLang(category.name, lang),
        groupName: pickLang(group.name, lang),
        videoRequired: category.videoRequired,
        feeVnd: category.feeVnd,
      })),
    ),
  }));

  let entry: EntryView | null = null;
  if (entryId) {
    const found = await entries.get(user.id, entryId);
    if (!found) return { state: "notFound" as const, lang };
    entry = viewOf(found, context.services);
  } else if (submission.state !== "open") {
    return { state: "closed" as const, submission, lang };
  }
  const closesAt = submission.state === "open" ? submission.closesAt : null;
  return {
    state: "form" as const,
    entry,
    tracks,
    lang,
    // Drafts may start before the address is confirmed; submitting waits for it.
    emailVerified: user.emailVerified,
    email: user.email,
    closesAt: closesAt ? formatDate(closesAt, lang) : null,
  };
}

interface ActionBody {
  intent?: unknown;
  entryId?: unknown;
  version?: unknown;
  values?: unknown;
  fileId?: unknown;
  categoryId?: unknown;
  trackId?: unknown;
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireEntrant(request, context);
  const { entries } = context.services;
  let body: ActionBody;
  try {
    body = (await request.json()) as ActionBody;
  } catch {
    return data<EntryActionResult>(
      { ok: false, intent: "withdraw", formError: "entryForm.requestFailed" },
      { status: 400 },
    );
  }
  const entryId = str(body.entryId);
  const values = (body.values && typeof body.values === "object" ? body.values : {}) as Parameters<
    typeof entries.saveDraft
  >[2];
  const version = typeof body.version === "number" ? body.version : undefined;

  switch (body.intent) {
    case "save": {
      const result = entryId
        ? await entries.saveDraft(user.id, entryId, values, version ? { version } : {})
        : await entries.createDraft(user.id, values);
      if (result.ok) {
        return data<EntryActionResult>({
          ok: true,
          intent: "save",
          entryId: result.entry.id,
          version: result.entry.version,
          code: result.entry.code,
          savedAt: result.entry.updatedAt,
        });
      }
      const reason =
        result.error === "conflict"
          ? "conflict"
          : result.error === "invalid"
            ? "invalid"
            : result.error === "closed" ||
                result.error === "not_editable" ||
                result.error === "not_found"
              ? "locked"
              : "failed";
      return data<EntryActionResult>(
        {
          ok: false,
          intent: "save",
          reason,
          ...(result.fieldErrors
            ? { fieldErrors: result.fieldErrors }
            : reason === "invalid"
              ? { formError: result.messageKey }
              : {}),
          // What the server holds now: the form tells its own save whose answer was lost
          // from another tab's (autosave.ts).
          ...(result.error === "conflict" && "entry" in result && result.entry
            ? { current: { version: result.entry.version, values: formValuesOf(result.entry) } }
            : {}),
        },
        { status: reason === "invalid" ? 422 : 409 },
      );
    }
    case "submit": {
      // What is on the screen is saved first, so the rules run on exactly that.
      const saved = await entries.saveDraft(user.id, entryId, values, version ? { version } : {});
      if (!saved.ok && saved.error !== "invalid") {
        return data<EntryActionResult>(
          {
            ok: false,
            intent: "submit",
            missing: [],
            formError: saved.error === "conflict" ? "entryForm.save.conflict" : saved.messageKey,
          },
          { status: 409 },
        );
      }
      const result = await entries.submit(user.id, entryId);
      if (result.ok) {
        return data<EntryActionResult>({
          ok: true,
          intent: "submit",
          entryId,
          version: result.entry.version,
        });
      }
      // Refused, the save still stands: the form's next autosave goes on from its version (a
      // save refused as invalid left the version as it was).
      const versionNow = saved.ok ? saved.entry.version : version;
      const invalid = saved.ok
        ? []
        : Object.entries(saved.fieldErrors ?? {}).map(([field, messageKey]) => ({
            field,
            messageKey,
          }));
      const missing = (result.missing ?? []).map(({ field, messageKey }) => ({
        field,
        messageKey,
      }));
      return data<EntryActionResult>(
        {
          ok: false,
          intent: "submit",
          missing: [
            ...invalid,
            ...missing.filter((m) => !invalid.some((i) => i.field === m.field)),
          ],
          ...(result.error === "incomplete" ? {} : { formError: result.messageKey }),
          ...(versionNow !== undefined ? { version: versionNow } : {}),
        },
        { status: 422 },
      );
    }
    case "withdraw": {
      const result = await entries.withdraw(user.id, entryId);
      return result.ok
        ? data<EntryActionResult>({ ok: true, intent: "withdraw" })
        : data<EntryActionResult>(
            { ok: false, intent: "withdraw", formError: result.messageKey },
            { status: 409 },
          );
    }
    case "removeFile": {
      const result = await entries.removeFile(user.id, entryId, str(body.fileId));
      return result.ok
        ? data<EntryActionResult>({ ok: true, intent: "removeFile" })
        : data<EntryActionResult>(
            { ok: false, intent: "removeFile", formError: result.messageKey },
            { status: 409 },
          );
    }
    case "duplicate": {
      const trackId = str(body.trackId);
      const result = await entries.duplicate(user.id, entryId, {
        categoryId: str(body.categoryId),
        ...(trackId ? { trackId } : {}),
      });
      return result.ok
        ? data<EntryActionResult>({ ok: true, intent: "duplicate", entryId: result.entry.id })
        : data<EntryActionResult>(
            { ok: false, intent: "duplicate", formError: result.messageKey },
            { status: 409 },
          );
    }
    default:
      return data<EntryActionResult>(
        { ok: false, intent: "withdraw", formError: "entryForm.requestFailed" },
        { status: 400 },
      );
  }
}

/**
 * A lost connection or a restarting server must not break the page: the autosave gets an
 * "offline" answer and tries again later (the typed text is in localStorage meanwhile).
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  let intent: unknown = "save";
  try {
    intent = ((await request.clone().json()) as ActionBody).intent;
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
    if (intent === "submit") {
      return {
        ok: false,
        intent: "submit",
        missing: [],
        formError: "entryForm.offline",
      } satisfies EntryActionResult;
    }
    return {
      ok: false,
      intent: intent === "duplicate" || intent === "removeFile" ? intent : "withdraw",
      formError: "entryForm.offline",
    } satisfies EntryActionResult;
  }
}

/**
 * Autosaves answer for themselves: reloading the page's data after each would be waste (the
 * form's fetchers also pass `defaultShouldRevalidate: false`, so the root and layout loaders
 * stay put — and a save while offline never turns into a failed reload of the whole page).
 * After a submit, withdrawal or file removal the entry itself is loaded again.
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
    return result.ok && result.intent !== "save";
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
          ? t("entryForm.closed")
          : t(loaderData.messageKey);
    return (
      <div className="container page">
        <SectionHeading level={1} title={t("sections.submitEntry")} />
        <div className="form-alert form-alert--error" role="status">
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
        {loaderData.closesAt ? ` ${t("entryForm.deadline", { date: loaderData.closesAt })}` : ""}
      </p>
      {back}
      {loaderData.emailVerified ? null : (
        <VerifyEmailNotice message={t("entryForm.verifyEmail", { email: loaderData.email })} />
      )}
      <EntryForm entry={loaderData.entry} tracks={loaderData.tracks} lang={loaderData.lang} />
    </div>
  );
}
