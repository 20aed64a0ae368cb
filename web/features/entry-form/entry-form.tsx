import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigate, useRevalidator } from "react-router";
import { entryDraftSchema, videoAdditionProblem } from "../../../core/entry";
import {
  ENTRY_IMAGES_MAX,
  ENTRY_TEXT_MAX_LENGTH,
  ENTRY_YEAR_MIN,
  type EntryFileField,
} from "../../../core/entry-limits";
import { entryStatusLabelKey } from "../../../core/entry-status";
import { parseVideoLink, VIDEO_LINK_MAX_LENGTH } from "../../../core/video-link";
import { FormAlert } from "../../components/form/field";
import { Modal } from "../../components/modal";
import { useHydrated, useLiveFormValues } from "../../hydration/form-state";
import { clearLocalCopy, readLocalCopy, useAutosave, type SaveStatus } from "./autosave";
import {
  categoryOptionLabel,
  CreditsEditor,
  DescriptionField,
  EntryTextField,
  fieldId,
  FieldError,
} from "./fields";
import { FileUploadField } from "./file-upload";
import {
  EMPTY_VALUES,
  FILE_FIELD_PATHS,
  type EntryActionResult,
  type EntryFileView,
  type EntryFormValues,
  type EntryView,
  type TrackOption,
} from "./types";
import { withdrawConfirmText } from "./withdraw-confirm";

/** The form's element id: its live values are read from it on hydration. */
const ENTRY_FORM_ID = "entry-form";
const DUPLICATE_SELECT_ID = "entry-duplicate-category";

const FILE_FIELD_BY_PATH = Object.fromEntries(
  Object.entries(FILE_FIELD_PATHS).map(([field, path]) => [path, field]),
) as Record<string, EntryFileField>;

/** The element a "missing item" link moves focus to. */
function targetOf(path: string): string {
  const fileField = FILE_FIELD_BY_PATH[path];
  if (fileField) return `${fileField}-input`;
  if (path === "trackId") return `${fieldId("trackId")}-0`;
  return fieldId(path);
}

function focusField(path: string) {
  const element = document.getElementById(targetOf(path));
  if (!element) return;
  element.scrollIntoView({ block: "center" });
  element.focus();
}

function StatusText({ status, lang }: { status: SaveStatus; lang: string }) {
  const { t } = useTranslation();
  switch (status.kind) {
    case "saving":
      return <>{t("entryForm.save.saving")}</>;
    case "saved": {
      const time = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "vi-VN", {
        hour: "2-digit",
        minute: "2-digit",
        timeZone: "Asia/Ho_Chi_Minh",
      }).format(new Date(status.at));
      return <>{t("entryForm.save.savedAt", { time })}</>;
    }
    case "retrying":
      return <>{t("entryForm.save.retrying")}</>;
    case "invalid":
      return <>{t(status.messageKey ?? "entryForm.save.invalid")}</>;
    case "conflict":
      return <>{t("entryForm.save.conflict")}</>;
    case "locked":
      return <>{t("entryForm.save.locked")}</>;
    default:
      return <>{t("entryForm.save.idle")}</>;
  }
}

/**
 * The entry form (PRODUCT §3.2, seed §3 Entry): every field, autosaved; uploads per file
 * field; submit with the server's list of what is missing; withdraw and duplicate.
 */
export function EntryForm({
  entry,
  tracks,
  lang,
}: {
  entry: EntryView | null;
  tracks: TrackOption[];
  lang: "vi" | "en";
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [entryId, setEntryId] = useState<string | null>(entry?.id ?? null);
  const readOnly = entry ? !entry.editable : false;
  const submitFetcher = useFetcher<EntryActionResult>({ key: "entry-submit" });
  const fileFetcher = useFetcher<EntryActionResult>({ key: "entry-files" });
  const withdrawFetcher = useFetcher<EntryActionResult>({ key: "entry-withdraw" });
  const duplicateFetcher = useFetcher<EntryActionResult>({ key: "entry-duplicate" });
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [duplicateCategory, setDuplicateCategory] = useState("");
  // A category chosen before the page hydrated shows in the select: the state takes it up.
  useEffect(() => {
    const select = document.getElementById(DUPLICATE_SELECT_ID);
    if (select instanceof HTMLSelectElement && select.value) setDuplicateCategory(select.value);
  }, []);
  const [restoredNotice, setRestoredNotice] = useState(false);
  const [staleCopy, setStaleCopy] = useState<EntryFormValues | null>(null);

  // The draft as the server rendered it into the inputs (so it shows before, and without,
  // JavaScript); on hydration, what the person already changed since the page showed
  // (hydration/form-state.ts). Output that depends on the values follows the server's copy
  // until hydrated, so the hydrating render matches the server's HTML.
  const [serverValues] = useState(() => entry?.values ?? EMPTY_VALUES);
  const initial = useLiveFormValues(ENTRY_FORM_ID, serverValues);
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
  const autosave = useAutosave({
    form,
    entryId,
    version: entry?.version ?? 0,
    enabled: !readOnly,
    onCreated,
  });

  // What this browser typed and the server never confirmed comes back after a reload; what
  // was changed on this page before it hydrated goes on top, and is saved.
  const restored = useRef(false);
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
        { ...EMPTY_VALUES, ...copy.values, ...changedValues },
        { keepDefaultValues: true },
      );
      setRestoredNotice(true);
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
  const trackId = hydrated ? watchedTrackId : serverValues.trackId;
  const videoLink = hydrated ? watchedVideoLink : serverValues.videoLink;
  const track = tracks.find((item) => item.id === trackId) ?? null;
  const groups = useMemo(() => {
    const byGroup = new Map<string, TrackOption["categories"]>();
    for (const category of track?.categories ?? []) {
      byGroup.set(category.groupName, [...(byGroup.get(category.groupName) ?? []), category]);
    }
    return [...byGroup.entries()];
  }, [track]);
  const errors = form.formState.errors;
  const errorOf = (name: keyof EntryFormValues) =>
    (errors[name] as { message?: string } | undefined)?.message;

  const files = entry?.files ?? [];
  const filesOf = (field: EntryFileField) => files.filter((file) => file.field === field);
  const videoFiles = filesOf("video");
  const linkPreview = videoLink ? parseVideoLink(videoLink) : null;

  const submitResult = submitFetcher.data?.intent === "submit" ? submitFetcher.data : undefined;
  const missing = submitResult && !submitResult.ok ? submitResult.missing : [];
  const missingPaths = new Set(missing.map((item) => item.field));
  const fileErrorOf = (field: EntryFileField) =>
    missing.find((item) => item.field === FILE_FIELD_PATHS[field])?.messageKey;
  const missingRef = useRef<HTMLDivElement>(null);

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
      missingRef.current?.focus();
    } else {
      // The route loads the entry again (shouldRevalidate) and shows it submitted.
      clearLocalCopy(entryId);
    }
    // The answer is handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitFetcher.state, submitResult]);

  useEffect(() => {
    const data = duplicateFetcher.data;
    if (duplicateFetcher.state === "idle" && data?.intent === "duplicate" && data.ok) {
      window.location.assign(`?entry=${encodeURIComponent(data.entryId)}`);
    }
  }, [duplicateFetcher.state, duplicateFetcher.data]);

  const onUploaded = () => {
    void revalidator.revalidate();
    autosave.saveNow();
  };
  // Uploads on their way, by field: a submission waits for them.
  const [uploadingByField, setUploadingByField] = useState<Record<string, number>>({});
  const onUploadingChange = useCallback((field: EntryFileField, count: number) => {
    setUploadingByField((now) => (now[field] === count ? now : { ...now, [field]: count }));
  }, []);
  const uploading = Object.values(uploadingByField).some((count) => count > 0);
  const onRemove = (file: EntryFileView) => {
    void fileFetcher.submit({ intent: "removeFile", entryId, fileId: file.id } as never, {
      method: "post",
      encType: "application/json",
      defaultShouldRevalidate: false,
    });
  };

  // Submitting waits for the uploads and the save on their way, then sends the form with the
  // version the last of them gave back; no save starts meanwhile (the submission saves first).
  const [submitQueued, setSubmitQueued] = useState(false);
  const submit = () => {
    autosave.hold();
    setSubmitQueued(true);
  };
  useEffect(() => {
    if (!submitQueued || uploading || autosave.busy || !entryId) return;
    setSubmitQueued(false);
    void submitFetcher.submit(
      {
        intent: "submit",
        entryId,
        version: autosave.currentVersion(),
        values: form.getValues(),
      } as never,
      { method: "post", encType: "application/json", defaultShouldRevalidate: false },
    );
  }, [submitQueued, uploading, autosave, entryId, form, submitFetcher]);

  const thisYear = new Date().getFullYear();
  const years: number[] = [];
  for (let year = thisYear + 1; year >= ENTRY_YEAR_MIN; year -= 1) years.push(year);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const code = autosave.code ?? entry?.code ?? null;
  const status = entry?.status ?? "draft";
  const fileCommon = { entryId, readOnly, onUploaded, onRemove, onUploadingChange };
  const submitting = submitQueued || submitFetcher.state !== "idle";

  return (
    <div className="entry-form">
      <div className="entry-form__bar">
        <dl className="facts entry-form__facts">
          <dt>{t("entry.fields.entryCode.label")}</dt>
          <dd data-testid="entry-code">{code ?? t("entryForm.codePending")}</dd>
          <dt>{t("entryForm.status")}</dt>
          <dd data-testid="entry-status">{t(entryStatusLabelKey(status))}</dd>
        </dl>
        <p
          className={`entry-form__save entry-form__save--${autosave.status.kind}`}
          role="status"
          aria-live="polite"
        >
          <StatusText status={autosave.status} lang={lang} />
        </p>
      </div>
      {autosave.status.kind === "conflict" ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>{t("entryForm.conflict.message")}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              clearLocalCopy(entryId);
              window.location.reload();
            }}
          >
            {t("entryForm.conflict.reload")}
          </button>
        </div>
      ) : null}
      {staleCopy ? (
        <div className="form-alert form-alert--error" role="status">
          <p>{t("entryForm.staleCopy.message")}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              form.reset({ ...EMPTY_VALUES, ...staleCopy }, { keepDefaultValues: true });
              setStaleCopy(null);
              autosave.saveNow();
            }}
          >
            {t("entryForm.staleCopy.restore")}
          </button>{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clearLocalCopy(entryId);
              setStaleCopy(null);
            }}
          >
            {t("entryForm.staleCopy.discard")}
          </button>
        </div>
      ) : null}
      <FormAlert tone="success" message={restoredNotice ? t("entryForm.restored") : undefined} />
      {readOnly ? <FormAlert tone="success" message={t("entryForm.readOnly")} /> : null}
      {submitResult?.ok || (entry && status === "submitted") ? (
        <FormAlert tone="success" message={t("entryForm.submitted", { code: code ?? "" })} />
      ) : null}
      {fileFetcher.data && !fileFetcher.data.ok && "formError" in fileFetcher.data ? (
        <FormAlert message={t(fileFetcher.data.formError)} />
      ) : null}
      {submitResult && !submitResult.ok && submitResult.formError ? (
        <FormAlert message={t(submitResult.formError)} />
      ) : null}

      {missing.length > 0 ? (
        <div
          ref={missingRef}
          tabIndex={-1}
          className="form-alert form-alert--error entry-form__missing"
          role="alert"
          aria-labelledby="entry-missing-title"
        >
          <p id="entry-missing-title">{t("entryForm.missing.title", { number: missing.length })}</p>
          <ul>
            {missing.map((item) => (
              <li key={item.field}>
                <a
                  href={`#${targetOf(item.field)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(item.field);
                  }}
                >
                  {t(item.messageKey)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <form
        id={ENTRY_FORM_ID}
        className="form form--wide"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset
          className="segmented"
          id={fieldId("trackId")}
          aria-describedby={errorOf("trackId") ? `${fieldId("trackId")}-error` : undefined}
        >
          <legend>
            {t("entry.fields.track.label")}
            <span aria-hidden="true"> *</span>
          </legend>
          {tracks.map((option, index) => (
            <label key={option.id}>
              <input
                id={`${fieldId("trackId")}-${index}`}
                type="radio"
                value={option.id}
                disabled={readOnly}
                defaultChecked={initial.trackId === option.id}
                {...form.register("trackId", {
                  onChange: () => form.setValue("categoryId", "", { shouldDirty: true }),
                })}
              />
              {option.name}
            </label>
          ))}
          <FieldError id={`${fieldId("trackId")}-error`} message={errorOf("trackId")} />
        </fieldset>

        <div className={`field${errorOf("categoryId") ? " field--invalid" : ""}`}>
          <label htmlFor={fieldId("categoryId")} className="field__label">
            {t("entry.fields.category.label")}
            <span aria-hidden="true"> *</span>
          </label>
          <select
            id={fieldId("categoryId")}
            className="field__input"
            disabled={readOnly || !track}
            aria-required
            aria-invalid={errorOf("categoryId") ? true : undefined}
            aria-describedby={`${fieldId("categoryId")}-hint${errorOf("categoryId") ? ` ${fieldId("categoryId")}-error` : ""}`}
            defaultValue={initial.categoryId}
            {...form.register("categoryId")}
          >
            <option value="">
              {track ? t("entryForm.chooseCategory") : t("entryForm.chooseTrackFirst")}
            </option>
            {groups.map(([groupName, categories]) => (
              <optgroup key={groupName} label={groupName}>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {categoryOptionLabel(category)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p id={`${fieldId("categoryId")}-hint`} className="field__hint">
            {t("entryForm.categoryHint")}
          </p>
          <FieldError id={`${fieldId("categoryId")}-error`} message={errorOf("categoryId")} />
        </div>

        <div className="form__grid">
          <EntryTextField
            form={form}
            name="brandName"
            defaultValue={initial.brandName}
            label={t("entry.fields.brandName.label")}
            required
            maxLength={ENTRY_TEXT_MAX_LENGTH.brandName}
            readOnly={readOnly}
            error={errorOf("brandName")}
          />
          <EntryTextField
            form={form}
            name="campaignName"
            defaultValue={initial.campaignName}
            label={t("entry.fields.campaignName.label")}
            required
            maxLength={ENTRY_TEXT_MAX_LENGTH.campaignName}
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

        <fieldset className="entry-form__period">
          <legend>{t("entryForm.period")}</legend>
          <div className="entry-form__period-grid">
            {(
              [
                ["startMonth", months, true],
                ["startYear", years, true],
                ["endMonth", months, false],
                ["endYear", years, false],
              ] as const
            ).map(([name, choices, required]) => (
              <div key={name} className={`field${errorOf(name) ? " field--invalid" : ""}`}>
                <label htmlFor={fieldId(name)} className="field__label">
                  {t(`entry.fields.${name}.label`)}
                  {required ? <span aria-hidden="true"> *</span> : null}
                </label>
                <select
                  id={fieldId(name)}
                  className="field__input"
                  disabled={readOnly}
                  aria-required={required || undefined}
                  aria-invalid={errorOf(name) ? true : undefined}
                  aria-describedby={errorOf(name) ? `${fieldId(name)}-error` : undefined}
                  defaultValue={initial[name]}
                  {...form.register(name, {
                    onChange: () =>
                      void form.trigger(["startMonth", "startYear", "endMonth", "endYear"]),
                  })}
                >
                  <option value="">{t("entryForm.choose")}</option>
                  {choices.map((value) => (
                    <option key={value} value={String(value)}>
                      {name.endsWith("Month") ? t("entryForm.month", { month: value }) : value}
                    </option>
                  ))}
                </select>
                <FieldError id={`${fieldId(name)}-error`} message={errorOf(name)} />
              </div>
            ))}
          </div>
        </fieldset>

        <FileUploadField
          {...fileCommon}
          field="images"
          label={t("entry.fields.images.label")}
          hint={t("entry.fields.images.hint")}
          files={filesOf("images")}
          maxFiles={ENTRY_IMAGES_MAX}
          required
          error={fileErrorOf("images")}
        />

        <fieldset className="entry-form__group">
          <legend>{t("entry.fields.video.label")}</legend>
          <p className="field__hint">{t("entry.fields.video.hint")}</p>
          <FileUploadField
            {...fileCommon}
            field="video"
            label={t("entry.fields.videoFile.label")}
            files={videoFiles}
            blockedReason={
              videoLink.trim() && videoFiles.length === 0
                ? t("entryForm.videoLinkPresent")
                : videoFiles.length > 0
                  ? t(videoAdditionProblem({ videoFileId: videoFiles[0]!.id }) ?? "")
                  : null
            }
            error={fileErrorOf("video")}
          />
          <EntryTextField
            form={form}
            name="videoLink"
            defaultValue={initial.videoLink}
            label={t("entry.fields.videoLink.label")}
            hint={
              videoFiles.length > 0 ? t("entryForm.videoFilePresent") : t("entryForm.videoLinkHint")
            }
            maxLength={VIDEO_LINK_MAX_LENGTH}
            readOnly={readOnly || videoFiles.length > 0}
            error={errorOf("videoLink")}
          />
          {linkPreview ? (
            <div className="entry-form__video-preview">
              <p className="field__hint">
                {t("entryForm.videoRecognised", {
                  provider: linkPreview.provider === "youtube" ? "YouTube" : "Vimeo",
                })}
              </p>
              <iframe
                src={linkPreview.embedUrl}
                title={t("entryForm.videoPreview")}
                loading="lazy"
                allow="encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          ) : null}
        </fieldset>

        <fieldset className="entry-form__group" id={fieldId("ideaArticleViFileId")}>
          <legend>
            {t("entryForm.ideaMaterials")}
            <span aria-hidden="true"> *</span>
          </legend>
          <p className="field__hint">{t("entry.fields.ideaMaterials.hint")}</p>
          {missingPaths.has("ideaArticleViFileId") ? (
            <p className="field__error">{t("validation.entryIdeaArticleRequired")}</p>
          ) : null}
          <div className="form__grid">
            {(["ideaArticleVi", "ideaArticleEn", "slidesVi", "slidesEn"] as const).map((field) => (
              <FileUploadField
                key={field}
                {...fileCommon}
                field={field}
                label={t(`entry.fields.${field}.label`)}
                files={filesOf(field)}
              />
            ))}
          </div>
        </fieldset>

        <div className="form__grid">
          <FileUploadField
            {...fileCommon}
            field="legalCommitment"
            label={t("entry.fields.legalCommitment.label")}
            hint={t("entry.fields.legalCommitment.hint")}
            files={filesOf("legalCommitment")}
            required
            error={fileErrorOf("legalCommitment")}
          />
          <FileUploadField
            {...fileCommon}
            field="copyrightCommitment"
            label={t("entry.fields.copyrightCommitment.label")}
            hint={t("entry.fields.copyrightCommitment.hint")}
            files={filesOf("copyrightCommitment")}
            required
            error={fileErrorOf("copyrightCommitment")}
          />
        </div>

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
          </div>
        ) : null}
      </form>

      {entry ? (
        <div className="entry-form__more">
          {tracks.length > 0 && entry.status !== "withdrawn" ? (
            <section className="panel" aria-labelledby="entry-duplicate-title">
              <h2 id="entry-duplicate-title">{t("entryForm.duplicate.title")}</h2>
              <p className="field__hint">{t("entryForm.duplicate.hint")}</p>
              <div className="field">
                <label htmlFor={DUPLICATE_SELECT_ID} className="field__label">
                  {t("entry.fields.category.label")}
                </label>
                <select
                  id={DUPLICATE_SELECT_ID}
                  className="field__input"
                  value={duplicateCategory}
                  onChange={(event) => setDuplicateCategory(event.target.value)}
                >
                  <option value="">{t("entryForm.chooseCategory")}</option>
                  {tracks.map((option) => (
                    <optgroup key={option.id} label={option.name}>
                      {option.categories
                        .filter((category) => category.id !== form.getValues("categoryId"))
                        .map((category) => (
                          <option key={category.id} value={`${option.id}:${category.id}`}>
                            {category.groupName} — {category.name}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
              </div>
              <p>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={!duplicateCategory || duplicateFetcher.state !== "idle"}
                  onClick={() => {
                    const [target, category] = duplicateCategory.split(":");
                    void duplicateFetcher.submit(
                      {
                        intent: "duplicate",
                        entryId: entry.id,
                        trackId: target,
                        categoryId: category,
                      } as never,
                      {
                        method: "post",
                        encType: "application/json",
                        defaultShouldRevalidate: false,
                      },
                    );
                  }}
                >
                  {t("entryForm.duplicate.button")}
                </button>
              </p>
              {duplicateFetcher.data?.intent === "duplicate" && !duplicateFetcher.data.ok ? (
                <FormAlert message={t(duplicateFetcher.data.formError)} />
              ) : null}
            </section>
          ) : null}
          {entry.withdrawable ? (
            <section className="panel" aria-labelledby="entry-withdraw-title">
              <h2 id="entry-withdraw-title">{t("entryForm.withdraw.title")}</h2>
              <p className="field__hint">{t("entryForm.withdraw.hint")}</p>
              <p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setWithdrawOpen(true)}
                >
                  {t("entryForm.withdraw.button")}
                </button>
              </p>
              {withdrawFetcher.data?.intent === "withdraw" && !withdrawFetcher.data.ok ? (
                <FormAlert message={t(withdrawFetcher.data.formError)} />
              ) : null}
              <Modal
                open={withdrawOpen}
                onClose={() => setWithdrawOpen(false)}
                title={t("entryForm.withdraw.confirmTitle")}
              >
                <p>
                  {withdrawConfirmText(t, { code, campaignName: form.getValues("campaignName") })}
                </p>
                <p className="entry-form__actions">
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => {
                      setWithdrawOpen(false);
                      void withdrawFetcher.submit(
                        { intent: "withdraw", entryId: entry.id } as never,
                        {
                          method: "post",
                          encType: "application/json",
                          defaultShouldRevalidate: false,
                        },
                      );
                    }}
                  >
                    {t("entryForm.withdraw.confirm")}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setWithdrawOpen(false)}
                  >
                    {t("entryForm.withdraw.cancel")}
                  </button>
                </p>
              </Modal>
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
