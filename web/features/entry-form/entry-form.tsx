import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { entryDraftSchema } from "../../../core/entry";
import {
  ENTRY_IMAGES_MAX,
  ENTRY_TEXT_MAX_LENGTH,
  type EntryFileField,
} from "../../../core/entry-limits";
import { FormAlert } from "../../components/form/field";
import { ToastRegion, useToasts } from "../../components/toast";
import { useHydrated, useLiveFormValues } from "../../hydration/form-state";
import { clearLocalCopy, readLocalCopy, useAutosave, type KeepComplete } from "./autosave";
import { CatalogueFields } from "./catalogue-fields";
import { ChangesRequestedNotice, type ChangesRequestedView } from "./changes-requested-notice";
import { DocumentFields } from "./document-fields";
import { DuplicatePanel } from "./duplicate-panel";
import { CreditsEditor, DescriptionField, EntryTextField } from "./fields";
import { FileUploadField } from "./file-upload";
import { FILE_FIELD_BY_PATH, MissingList, StandingMissingList } from "./missing-list";
import { PeriodFields } from "./period-fields";
import { postEntryAction } from "./post";
import { ConflictAlert, StaleCopyAlert } from "./recovery-alerts";
import { EntryFormBar } from "./save-status";
import {
  EMPTY_VALUES,
  FILE_FIELD_PATHS,
  type EntryActionResult,
  type EntryFileView,
  type EntryFormValues,
  type EntryView,
  type TrackOption,
} from "./types";
import { VideoFields } from "./video-fields";
import { DeleteDraftPanel } from "./delete-draft-panel";
import { WithdrawClosed, WithdrawPanel } from "./withdraw-panel";

/** The form's element id: its live values are read from it on hydration. */
const ENTRY_FORM_ID = "entry-form";

/**
 * The entry form (PRODUCT §3.2, seed §3 Entry): every field, autosaved; uploads per file
 * field; submit with the server's list of what is missing; withdraw and duplicate.
 */
export function EntryForm({
  entry,
  tracks,
  lang,
  changesRequested,
  duplicable,
}: {
  entry: EntryView | null;
  tracks: TrackOption[];
  lang: "vi" | "en";
  /** While the entry needs changes: what to fix and until when. */
  changesRequested?: ChangesRequestedView | null;
  /** Whether the entry's season takes entries, so a copy into another category can be made. */
  duplicable: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [entryId, setEntryId] = useState<string | null>(entry?.id ?? null);
  const readOnly = entry ? !entry.editable : false;
  // Past its first submission an entry keeps its award and category: its code and fee
  // depend on them (the server refuses a change).
  const catalogueLocked = readOnly || (entry !== null && entry.status !== "draft");
  const submitFetcher = useFetcher<EntryActionResult>({ key: "entry-submit" });
  const fileFetcher = useFetcher<EntryActionResult>({ key: "entry-files" });
  // A copy restored from this browser: being saved, then saved.
  const [restoredNotice, setRestoredNotice] = useState<"saving" | "saved" | null>(null);
  const [staleCopy, setStaleCopy] = useState<EntryFormValues | null>(null);

  // The draft as the server rendered it into the inputs (so it shows before, and without,
  // JavaScript); on hydration, what the person already changed since the page showed
  // (hydration/form-state.ts). Output that depends on the values follows the server's copy
  // until hydrated, so the hydrating render matches the server's HTML.
  const [serverValues] = useState(() => entry?.values ?? EMPTY_VALUES);
  const live = useLiveFormValues(ENTRY_FORM_ID, serverValues);
  // A locked award and category are the server's, whatever the inputs held.
  const [initial] = useState(() =>
    catalogueLocked
      ? { ...live, trackId: serverValues.trackId, categoryId: serverValues.categoryId }
      : live,
  );
  const hydrated = useHydrated();

  const form = useForm<EntryFormValues>({
    resolver: zodResolver(entryDraftSchema) as unknown as Resolver<EntryFormValues>,
    defaultValues: initial,
    mode: "onChange",
  });

  const onCreated = useCallback(
    (id: string) => {
      setEntryId(id);
      void navigate(`?entry=${encodeURIComponent(id)}`, {
        replace: true,
        preventScrollReset: true,
      });
    },
    [navigate],
  );
  // Once submitted, every save keeps the entry complete by the rules its submission passed:
  // a required field emptied stays here, marked, and is not sent (the server refuses it too).
  const keepComplete = useMemo(
    () => (entry && entry.status !== "draft" ? keepCompleteOf(entry, tracks) : null),
    [entry, tracks],
  );
  // A save that took a file away (a video link replacing the film): the files are read again.
  const onFilesChanged = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const autosave = useAutosave({
    form,
    entryId,
    version: entry?.version ?? 0,
    enabled: !readOnly,
    onCreated,
    keepComplete,
    onFilesChanged,
  });

  // What this browser typed and the server never confirmed comes back after a reload; what
  // was changed on this page before it hydrated goes on top, and is saved.
  const restored = useRef(false);
  /** What a copy kept in this browser may not change: a locked award and category. */
  const lockedValues = () =>
    catalogueLocked ? { trackId: serverValues.trackId, categoryId: serverValues.categoryId } : {};
  useEffect(() => {
    if (restored.current || readOnly) return;
    restored.current = true;
    const changed = (Object.keys(initial) as (keyof EntryFormValues)[]).filter(
      (name) => JSON.stringify(initial[name]) !== JSON.stringify(serverValues[name]),
    );
    const changedValues = Object.fromEntries(changed.map((name) => [name, initial[name]]));
    // A new award leaves the category of the old one behind.
    const categories = tracks.find((item) => item.id === initial.trackId)?.categories ?? [];
    if (changed.includes("trackId") && !categories.some((c) => c.id === initial.categoryId)) {
      changedValues.categoryId = "";
      form.setValue("categoryId", "");
    }
    const copy = readLocalCopy(entry?.id ?? null);
    if (copy && JSON.stringify(copy.values) === JSON.stringify(serverValues)) {
      clearLocalCopy(entry?.id ?? null);
    } else if (copy && (!entry || copy.version === entry.version)) {
      form.reset(
        { ...EMPTY_VALUES, ...copy.values, ...changedValues, ...lockedValues() },
        { keepDefaultValues: true },
      );
      setRestoredNotice("saving");
      autosave.saveNow();
      return;
    } else if (copy) {
      setStaleCopy(copy.values);
    }
    if (changed.length > 0) autosave.saveNow();
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const watchedTrackId = form.watch("trackId");
  const watchedVideoLink = form.watch("videoLink");
  // A locked award and category are the entry's as the server has them now: after a first
  // submission on this page, no longer the values the page was loaded with (a new entry's
  // were empty). A locked field is left out of react-hook-form, which would read it as empty.
  const lockedCatalogue =
    catalogueLocked && entry
      ? { trackId: entry.values.trackId, categoryId: entry.values.categoryId }
      : null;
  const trackId = lockedCatalogue
    ? lockedCatalogue.trackId
    : hydrated
      ? watchedTrackId
      : serverValues.trackId;
  const videoLink = hydrated ? watchedVideoLink : serverValues.videoLink;
  const track = tracks.find((item) => item.id === trackId) ?? null;
  const errors = form.formState.errors;
  const errorOf = (name: keyof EntryFormValues) =>
    (errors[name] as { message?: string } | undefined)?.message;

  const files = entry?.files ?? [];
  const filesOf = (field: EntryFileField) => files.filter((file) => file.field === field);
  const videoFiles = filesOf("video");

  const submitResult = submitFetcher.data?.intent === "submit" ? submitFetcher.data : undefined;
  const missing = submitResult && !submitResult.ok ? submitResult.missing : [];
  const missingPaths = new Set(missing.map((item) => item.field));
  const fileErrorOf = (field: EntryFileField) =>
    missing.find((item) => item.field === FILE_FIELD_PATHS[field])?.messageKey;
  const missingRef = useRef<HTMLDivElement>(null);

  // The notice of a restored copy says it is being saved, until it is.
  useEffect(() => {
    if (autosave.status.kind === "saved" || autosave.status.kind === "partly") {
      setRestoredNotice((notice) => (notice ? "saved" : null));
    }
  }, [autosave.status.kind]);

  useEffect(() => {
    if (submitFetcher.state !== "idle" || !submitResult) return;
    // The submission saved the form first: saving goes on from the version it left.
    autosave.release(submitResult.version);
    if (!submitResult.ok) {
      for (const item of submitResult.missing) {
        if (!FILE_FIELD_BY_PATH[item.field]) {
          form.setError(item.field as never, { type: "server", message: item.messageKey });
        }
      }
      // Brought in view below the sticky header and bar (its scroll margin), then focused.
      missingRef.current?.scrollIntoView({ block: "start" });
      missingRef.current?.focus({ preventScroll: true });
    } else {
      // The route loads the entry again (shouldRevalidate) and shows it submitted.
      clearLocalCopy(entryId);
    }
    // The answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitFetcher.state, submitResult]);

  const onUploaded = () => {
    void revalidator.revalidate();
    autosave.saveNow();
  };
  // A film uploaded over a submitted entry's link took its place: the server cleared the link
  // as it attached the film and moved the version by one (attach-file.ts). Saving waits, since
  // the form still holds the link and a link saved over the film takes the film away, until
  // the entry is read again with the film; then the link field is emptied and saving goes on
  // from the server's version.
  const linkReplacedBy = useRef<string | null>(null);
  const onVideoUploaded = (fileId?: string) => {
    const link = autosave.savedValue("videoLink");
    if (!fileId || typeof link !== "string" || link.trim() === "") {
      onUploaded();
      return;
    }
    autosave.hold();
    linkReplacedBy.current = fileId;
    revalidator.revalidate().catch(() => {
      linkReplacedBy.current = null;
      autosave.release();
    });
  };
  useEffect(() => {
    const fileId = linkReplacedBy.current;
    if (!fileId || !entry || autosave.busy) return;
    if (!entry.files.some((file) => file.id === fileId)) return;
    linkReplacedBy.current = null;
    autosave.releaseAfterServerMove(entry.version);
    form.clearErrors("videoLink");
    form.setValue("videoLink", entry.values.videoLink);
    // Once, when the entry read again holds the film (and no save of this page is on its way).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry, autosave.busy]);
  // Uploads on their way, by field: a submission waits for them.
  const [uploadingByField, setUploadingByField] = useState<Record<string, number>>({});
  const onUploadingChange = useCallback((field: EntryFileField, count: number) => {
    setUploadingByField((now) => (now[field] === count ? now : { ...now, [field]: count }));
  }, []);
  const uploading = Object.values(uploadingByField).some((count) => count > 0);
  const onRemove = (file: EntryFileView) => {
    if (entryId)
      void postEntryAction(fileFetcher, { intent: "removeFile", entryId, fileId: file.id });
  };

  // Submitting waits for the uploads and the save on their way, then sends the form with the
  // version the last of them gave back; no save starts meanwhile (the submission saves first).
  const [submitQueued, setSubmitQueued] = useState(false);
  // "cancelled" says so after the entrant called off a submission that waited on uploads.
  const [queueNotice, setQueueNotice] = useState<"cancelled" | null>(null);
  const submitButtonRef = useRef<HTMLButtonElement>(null);
  const submit = () => {
    autosave.hold();
    setQueueNotice(null);
    setSubmitQueued(true);
  };
  // A submission still waiting on uploads can be called off: the entry stays a draft, the
  // uploads go on, and saving resumes.
  const cancelQueuedSubmit = () => {
    setSubmitQueued(false);
    autosave.release();
    setQueueNotice("cancelled");
  };
  // The cancel button goes away: the keyboard lands on the submit button, enabled again.
  useEffect(() => {
    if (queueNotice === "cancelled") submitButtonRef.current?.focus();
  }, [queueNotice]);
  useEffect(() => {
    if (!submitQueued || uploading || autosave.busy || !entryId) return;
    setSubmitQueued(false);
    void postEntryAction(submitFetcher, {
      intent: "submit",
      entryId,
      version: autosave.currentVersion(),
      values: { ...form.getValues() },
    });
  }, [submitQueued, uploading, autosave, entryId, form, submitFetcher]);

  const code = autosave.code ?? entry?.code ?? null;
  const status = entry?.status ?? "draft";
  const { toasts, show: onNotify, dismiss } = useToasts();
  // Past submission a required file is replaced by uploading another (removing it is refused).
  const fileCommon = {
    entryId,
    readOnly,
    onUploaded,
    onRemove,
    onUploadingChange,
    onNotify,
    replaceable: status !== "draft",
  };
  const submitting = submitQueued || submitFetcher.state !== "idle";

  return (
    <div className="entry-form">
      <EntryFormBar
        code={code}
        status={status}
        save={autosave.status}
        lang={lang}
        readOnly={readOnly}
      />
      {autosave.status.kind === "conflict" ? (
        <ConflictAlert
          onReload={() => {
            clearLocalCopy(entryId);
            window.location.reload();
          }}
        />
      ) : null}
      {staleCopy ? (
        <StaleCopyAlert
          onRestore={() => {
            form.reset(
              { ...EMPTY_VALUES, ...staleCopy, ...lockedValues() },
              { keepDefaultValues: true },
            );
            setStaleCopy(null);
            autosave.saveNow();
          }}
          onDiscard={() => {
            clearLocalCopy(entryId);
            setStaleCopy(null);
          }}
        />
      ) : null}
      <FormAlert
        tone="success"
        message={
          restoredNotice === "saving"
            ? t("entryForm.restored")
            : restoredNotice === "saved"
              ? t("entryForm.restoredSaved")
              : undefined
        }
      />
      {entry?.status === "needs_changes" && changesRequested ? (
        <ChangesRequestedNotice changes={changesRequested} editable={!readOnly} />
      ) : null}
      {readOnly ? <FormAlert tone="success" message={t("entryForm.readOnly")} /> : null}
      {/* Answering the submit button, which goes away: the message takes the focus. */}
      {submitResult?.ok && submitResult.resubmitted ? (
        <FormAlert
          tone="success"
          message={t("entryForm.resubmitted", { code: code ?? "" })}
          takeFocus
        />
      ) : submitResult?.ok || (entry && status === "submitted") ? (
        <FormAlert
          tone="success"
          message={t("entryForm.submitted", { code: code ?? "" })}
          takeFocus={submitResult?.ok === true}
        />
      ) : null}
      {fileFetcher.data && !fileFetcher.data.ok && "formError" in fileFetcher.data ? (
        <FormAlert message={t(fileFetcher.data.formError)} />
      ) : null}
      {submitResult && !submitResult.ok && submitResult.formError ? (
        <FormAlert message={t(submitResult.formError)} />
      ) : null}

      {/* An entry already submitted says what it lacks now (a film judges cannot play, an item
          from before a rule), as its dashboard does, until a resubmission answers with its own. */}
      {keepComplete && !readOnly && missing.length === 0 && entry ? (
        <StandingMissingList
          form={form}
          saved={keepComplete.saved}
          serverValues={serverValues}
          options={{ ...keepComplete.options, unjudgeableFileIds: entry.unjudgeableFileIds }}
        />
      ) : (
        <MissingList missing={missing} listRef={missingRef} />
      )}

      {/* Saved and sent by script only: a submission before the script is in waits for it. */}
      <form
        id={ENTRY_FORM_ID}
        method="post"
        data-needs-script=""
        className="form form--wide"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <CatalogueFields
          form={form}
          tracks={tracks}
          track={track}
          initial={initial}
          readOnly={readOnly}
          locked={lockedCatalogue}
          errorOf={errorOf}
        />

        <div className="form__grid">
          <EntryTextField
            form={form}
            name="brandName"
            defaultValue={initial.brandName}
            label={t("entry.fields.brandName.label")}
            required
            counted={{ max: ENTRY_TEXT_MAX_LENGTH.brandName, serverValue: serverValues.brandName }}
            readOnly={readOnly}
            error={errorOf("brandName")}
          />
          <EntryTextField
            form={form}
            name="campaignName"
            defaultValue={initial.campaignName}
            label={t("entry.fields.campaignName.label")}
            required
            counted={{
              max: ENTRY_TEXT_MAX_LENGTH.campaignName,
              serverValue: serverValues.campaignName,
            }}
            readOnly={readOnly}
            error={errorOf("campaignName")}
          />
        </div>

        <DescriptionField
          form={form}
          name="descriptionVi"
          defaultValue={initial.descriptionVi}
          serverValue={serverValues.descriptionVi}
          label={t("entry.fields.descriptionVi.label")}
          readOnly={readOnly}
          error={errorOf("descriptionVi")}
        />
        <DescriptionField
          form={form}
          name="descriptionEn"
          defaultValue={initial.descriptionEn}
          serverValue={serverValues.descriptionEn}
          label={t("entry.fields.descriptionEn.label")}
          readOnly={readOnly}
          error={errorOf("descriptionEn")}
        />

        <PeriodFields form={form} initial={initial} readOnly={readOnly} errorOf={errorOf} />

        <FileUploadField
          {...fileCommon}
          field="images"
          label={t("entry.fields.images.label")}
          hint={t("entry.fields.images.hint")}
          files={filesOf("images")}
          onReorder={readOnly ? undefined : autosave.reorderImages}
          maxFiles={ENTRY_IMAGES_MAX}
          required
          error={fileErrorOf("images")}
        />

        <VideoFields
          form={form}
          common={{ ...fileCommon, onUploaded: onVideoUploaded }}
          files={videoFiles}
          videoLink={videoLink}
          initialLink={initial.videoLink}
          readOnly={readOnly}
          error={fileErrorOf("video")}
          linkError={errorOf("videoLink")}
        />

        <DocumentFields
          common={fileCommon}
          filesOf={filesOf}
          fileErrorOf={fileErrorOf}
          ideaMissing={missingPaths.has("ideaArticleViFileId")}
        />

        <section className="entry-form__group" aria-labelledby="entry-credits-title">
          <h2 id="entry-credits-title" className="entry-form__subtitle">
            {t("entry.fields.credits.label")}
          </h2>
          <p className="field__hint">{t("entryForm.credits.hint")}</p>
          <CreditsEditor
            form={form}
            kind="companies"
            legend={t("entry.fields.creditCompanies.label")}
            readOnly={readOnly}
          />
          <CreditsEditor
            form={form}
            kind="people"
            legend={t("entry.fields.creditPeople.label")}
            readOnly={readOnly}
          />
        </section>

        {!readOnly && (status === "draft" || status === "needs_changes") ? (
          <div className="entry-form__actions">
            <button
              ref={submitButtonRef}
              type="submit"
              className="button button--primary"
              disabled={!entryId || submitting}
            >
              {submitting
                ? t("entryForm.submitting")
                : status === "needs_changes"
                  ? t("entryForm.resubmit")
                  : t("entryForm.submit")}
            </button>
            {!entryId ? <p className="field__hint">{t("entryForm.submitNeedsDraft")}</p> : null}
            {/* An upload can take minutes: the queued submission says what it waits for. */}
            {submitQueued && uploading ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={cancelQueuedSubmit}
              >
                {t("entryForm.cancelQueuedSubmit")}
              </button>
            ) : null}
            <p className="field__hint" role="status">
              {submitQueued && uploading
                ? t("entryForm.submitWaitsForUploads")
                : queueNotice === "cancelled"
                  ? t("entryForm.queuedSubmitCancelled")
                  : ""}
            </p>
          </div>
        ) : null}
      </form>

      {entry ? (
        <div className="entry-form__more">
          {duplicable && tracks.length > 0 && entry.status !== "withdrawn" ? (
            <DuplicatePanel
              entryId={entry.id}
              tracks={tracks}
              currentCategoryId={() =>
                lockedCatalogue ? lockedCatalogue.categoryId : form.getValues("categoryId")
              }
            />
          ) : null}
          {entry.deletable ? (
            <DeleteDraftPanel
              entryId={entry.id}
              code={code}
              campaignName={() => form.getValues("campaignName")}
            />
          ) : entry.withdrawable ? (
            <WithdrawPanel
              entryId={entry.id}
              code={code}
              campaignName={() => form.getValues("campaignName")}
            />
          ) : entry.status === "accepted" ? (
            <WithdrawClosed />
          ) : null}
        </div>
      ) : null}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

/** A submitted entry as the server holds it, with its category's rules (see useAutosave). */
function keepCompleteOf(entry: EntryView, tracks: TrackOption[]): KeepComplete {
  const idOf = (field: EntryFileField) => entry.files.find((f) => f.field === field)?.id ?? "";
  const category = tracks
    .flatMap((track) => track.categories)
    .find((item) => item.id === entry.values.categoryId);
  return {
    saved: {
      ...entry.values,
      imageIds: entry.files.filter((f) => f.field === "images").map((f) => f.id),
      ...Object.fromEntries(
        (Object.keys(FILE_FIELD_PATHS) as EntryFileField[])
          .filter((field) => field !== "images")
          .map((field) => [FILE_FIELD_PATHS[field], idOf(field)]),
      ),
    },
    options: { videoRequired: category?.videoRequired ?? true },
  };
}
