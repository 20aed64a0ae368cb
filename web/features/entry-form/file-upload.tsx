import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { PreviousUpload, Upload } from "tus-js-client";
import {
  ENTRY_FILE_RULES,
  entryFileProblemMessage,
  type EntryFileField,
} from "../../../core/entry-limits";
import { acceptAttribute } from "../../../core/upload-rules";
import {
  UPLOAD_FILE_ID_HEADER,
  UPLOADS_PATH,
  uploadErrorKey,
  uploadFailedMessage,
  uploadFailure,
} from "../../../core/uploads";
import { Field } from "../../components/form/field";
import { withRetries } from "../../lib/retry-load";
import type { EntryFileView } from "./types";
import {
  arrangeBatches,
  batchSettled,
  dropFile,
  newBatch,
  type UploadBatch,
} from "./upload-batches";
import { AttachedFiles, SUCCESS_MESSAGES, TransferList, type Transfer } from "./upload-lists";

/** A transfer's own key: the same file chosen twice is two transfers. */
function transferKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}:${Math.random().toString(36).slice(2)}`;
}

/** The tus client, fetched when first needed (and again after a failed fetch). */
const loadTus = () => withRetries(() => import("tus-js-client"));

/** Back-off between automatic retries: a hotel Wi-Fi that drops for a minute is survived. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000];

/** The server's reason for a refusal (an i18n key in its JSON body), if it gave one. */
function serverReason(error: unknown, field: EntryFileField): string | undefined {
  const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  if (!response) return undefined;
  const key = uploadErrorKey(response.getBody(), field);
  return key === uploadFailedMessage(field) ? undefined : key;
}

function isClientError(error: unknown): boolean {
  const status = (
    error as { originalResponse?: { getStatus(): number } | null }
  ).originalResponse?.getStatus();
  return status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 423;
}

/**
 * One file field of the entry: choose files, see each upload's progress (percentage and
 * speed), pause and resume, and the attached files with their remove buttons. Uploads go
 * over tus to `/api/uploads` with the entry and field in the metadata; the server checks
 * the content and attaches the file, then `onUploaded` lets the page refresh and save.
 * The upload URL is kept in localStorage (tus fingerprint), so choosing the same file
 * again after a reload or a lost connection continues where it stopped.
 */
export function FileUploadField({
  entryId,
  field,
  label,
  hint,
  files,
  maxFiles = 1,
  required = false,
  readOnly = false,
  blockedReason,
  replaceable = false,
  error,
  onUploaded,
  onRemove,
  onUploadingChange,
  onNotify,
  onReorder,
}: {
  entryId: string | null;
  field: EntryFileField;
  label: string;
  hint?: string | undefined;
  files: EntryFileView[];
  maxFiles?: number;
  required?: boolean;
  /** The entry can no longer change: no picker, no remove buttons. */
  readOnly?: boolean;
  /** Why nothing can be added now (a translated sentence), e.g. a video link is there. */
  blockedReason?: string | null | undefined;
  /**
   * A field of one file that a new upload replaces (the server swaps them): its picker stays
   * once the file is there. A submitted entry's required file is changed this way, since
   * removing it first is refused.
   */
  replaceable?: boolean;
  error?: string | undefined;
  /** An upload was attached, as the file `fileId` when the server named it. */
  onUploaded: (fileId?: string) => void;
  onRemove: (file: EntryFileView) => void;
  /** How many of this field's uploads are on their way now. */
  onUploadingChange?: (field: EntryFileField, uploading: number) => void;
  /** Shows the seed's upload messages as toasts; without it they are only announced. */
  onNotify?: (message: string, tone: "success" | "error") => void;
  /** Files in a chosen order (pictures): moving one saves the new order with the draft. */
  onReorder?: ((ids: string[]) => void) | undefined;
}) {
  const { t } = useTranslation();
  const inputId = `${field}-input`;
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [clientError, setClientError] = useState<string | null>(null);
  const [interrupted, setInterrupted] = useState<PreviousUpload[]>([]);
  const [announce, setAnnounce] = useState("");
  const uploads = useRef(new Map<string, Upload>());
  /** Files whose upload could not start because the upload code did not arrive. */
  const waiting = useRef(new Map<string, File>());
  const samples = useRef(new Map<string, { at: number; bytes: number }>());

  // The order the person gave the files here, kept over the server's until it has caught up
  // (files added since go last, files removed drop out).
  const [order, setOrder] = useState<string[] | null>(null);
  const shown = order
    ? [
        ...order.flatMap((id) => files.filter((f) => f.id === id)),
        ...files.filter((f) => !order.includes(f.id)),
      ]
    : files;
  const moved = useRef<{ id: string; delta: -1 | 1 } | null>(null);
  // Pictures chosen together finish in any order: once attached, they go back to the order
  // chosen (through the same reorder as a move), unless the person has moved one since.
  const batches = useRef<UploadBatch[]>([]);
  const arrangedFor = useRef("");
  useEffect(() => {
    if (!onReorder || batches.current.length === 0) return;
    const saved = files.map((f) => f.id);
    const listed = order
      ? [...order.filter((id) => saved.includes(id)), ...saved.filter((id) => !order.includes(id))]
      : saved;
    // A batch is let go once the server has its files in order (read when the files reload).
    batches.current = batches.current.filter((batch) => !batchSettled(batch, saved));
    const arranged = arrangeBatches(listed, batches.current);
    // Sent again only when the files have changed since: a reorder saved alongside an upload
    // finishing names one picture too few, and the server leaves such an order alone.
    const sameAsSaved = arranged.join() === saved.join();
    const attempt = `${arranged.join()}|${saved.join()}`;
    if (sameAsSaved || attempt === arrangedFor.current) return;
    arrangedFor.current = attempt;
    if (arranged.join() !== listed.join()) setOrder(arranged);
    onReorder(arranged);
  }, [files, order, onReorder]);
  const move = (file: EntryFileView, delta: -1 | 1) => {
    const ids = shown.map((f) => f.id);
    const from = ids.indexOf(file.id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    ids.splice(from, 1);
    ids.splice(to, 0, file.id);
    moved.current = { id: file.id, delta };
    // The person orders the pictures by hand from now on.
    batches.current = [];
    setOrder(ids);
    onReorder?.(ids);
    setAnnounce(
      t("entryForm.upload.movedTo", { name: file.name, position: to + 1, count: ids.length }),
    );
  };
  // The moved file keeps the focus: on the same button, or the other one at the list's end.
  useEffect(() => {
    const last = moved.current;
    if (!last) return;
    moved.current = null;
    const item = filesBox.current?.querySelector<HTMLElement>(`[data-file-id="${last.id}"]`);
    const buttons = item ? [...item.querySelectorAll<HTMLButtonElement>("button[data-move]")] : [];
    const same = buttons.find((b) => b.dataset.move === String(last.delta) && !b.disabled);
    (same ?? buttons.find((b) => !b.disabled))?.focus();
  }, [order]);

  // A file being removed: once it has left the list, focus goes to the remove button now in its
  // place (or the one before it), else to the picker, never to the page's top, and the removal
  // is announced.
  const filesBox = useRef<HTMLDivElement>(null);
  const removing = useRef<{ id: string; index: number; name: string } | null>(null);
  const remove = (file: EntryFileView) => {
    removing.current = { id: file.id, index: files.indexOf(file), name: file.name };
    for (const batch of batches.current) dropFile(batch, file.id);
    onRemove(file);
  };
  useEffect(() => {
    const removed = removing.current;
    if (!removed || files.some((f) => f.id === removed.id)) return;
    removing.current = null;
    const buttons = filesBox.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
    const next = buttons[Math.min(removed.index, buttons.length - 1)];
    (next ?? document.getElementById(inputId))?.focus();
    setAnnounce(t("entryForm.upload.removed", { name: removed.name }));
  }, [files, inputId, t]);

  const update = useCallback((key: string, change: Partial<Transfer>) => {
    setTransfers((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Uploads this browser started for this field and never finished (page closed, reload).
  useEffect(() => {
    if (!entryId) return;
    let cancelled = false;
    // Without the upload code (it did not arrive) there is simply nothing to list.
    void loadTus()
      .then(async ({ defaultOptions }) => {
        const all = await defaultOptions.urlStorage.findAllUploads().catch(() => []);
        if (cancelled) return;
        setInterrupted(
          all.filter((u) => u.metadata.entryId === entryId && u.metadata.field === field),
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [entryId, field, transfers.length]);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const upload of running.values()) void upload.abort();
    };
  }, []);

  const active = transfers.filter((item) => item.state !== "done").length;
  // A finished upload stays listed until its file shows among the attached ones (the video
  // keeps its row: the seed's "Video upload successful!" belongs there).
  const attachedNames = new Set(files.map((file) => file.name));
  const shownTransfers = transfers.filter(
    (item) => item.state !== "done" || field === "video" || !attachedNames.has(item.name),
  );
  const full = maxFiles === 1 && files.length >= 1;
  const replaces = full && replaceable;
  const sending = transfers.some((item) => item.state === "uploading");
  const uploading = transfers.filter((item) => item.state === "uploading").length;

  // The form waits for uploads on their way before it submits.
  useEffect(() => {
    onUploadingChange?.(field, uploading);
  }, [field, uploading, onUploadingChange]);
  useEffect(() => () => onUploadingChange?.(field, 0), [field, onUploadingChange]);

  // Leaving while bytes are on their way: the browser asks first (a paused upload is safe,
  // it continues after the same file is chosen again).
  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [sending]);
  const room = (replaces ? 1 : maxFiles - files.length) - active;
  const blocked = Boolean(blockedReason) || !entryId || room <= 0;

  // A toast is a live region itself: the message is not announced a second time here.
  function notify(message: string, tone: "success" | "error") {
    if (onNotify) onNotify(message, tone);
    else setAnnounce(message);
  }

  /** Starts (or, `again`, restarts) the upload of `file`, listed under `key` (see `transferKey`). */
  async function start(file: File, key: string, again = false) {
    if (!entryId) return;
    // Listed (and counted as on its way) at once, before the upload code has even loaded.
    if (again) {
      update(key, {
        state: "uploading",
        error: undefined,
        reason: undefined,
        retryable: undefined,
      });
    } else {
      setTransfers((list) => [
        ...list.filter((item) => item.state !== "done"),
        { key, name: file.name, bytesTotal: file.size, bytesSent: 0, speed: 0, state: "uploading" },
      ]);
    }
    samples.current.set(key, { at: Date.now(), bytes: 0 });
    let tus: Awaited<ReturnType<typeof loadTus>>;
    try {
      tus = await loadTus();
    } catch {
      // The upload code did not arrive (after its retries): the row says so and "Resume"
      // fetches it again; the file stays chosen.
      waiting.current.set(key, file);
      update(key, {
        state: "failed",
        error: uploadFailedMessage(field),
        reason: "upload.codeNotLoaded",
        retryable: true,
      });
      notify(`${t(uploadFailedMessage(field))} ${t("upload.codeNotLoaded")}`, "error");
      return;
    }
    const upload = new tus.Upload(file, {
      endpoint: UPLOADS_PATH,
      retryDelays: RETRY_DELAYS,
      chunkSize: 8 * 1024 * 1024,
      metadata: { entryId, field, filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: (f: File) =>
        Promise.resolve(["vx-entry", entryId, field, f.name, f.size, f.lastModified].join(":")),
      onShouldRetry: (err) => !isClientError(err),
      onProgress: (bytesSent, bytesTotal) => {
        const now = Date.now();
        const last = samples.current.get(key) ?? { at: now, bytes: 0 };
        const elapsed = (now - last.at) / 1000;
        let speed: number | undefined;
        if (elapsed >= 0.5) {
          speed = Math.max(0, (bytesSent - last.bytes) / elapsed);
          samples.current.set(key, { at: now, bytes: bytesSent });
        }
        setTransfers((list) =>
          list.map((item) =>
            item.key === key
              ? {
                  ...item,
                  bytesSent,
                  bytesTotal,
                  speed:
                    speed === undefined
                      ? item.speed
                      : item.speed
                        ? item.speed * 0.5 + speed * 0.5
                        : speed,
                }
              : item,
          ),
        );
      },
      onError: (err) => {
        // A refusal (wrong file, too large, no longer allowed) is final; anything else (the
        // connection, a fault of the server's) can go on from where it stopped: "Continue".
        const retryable = !isClientError(err);
        if (!retryable) {
          uploads.current.delete(key);
          settle(key);
        }
        const failure = uploadFailure(field, serverReason(err, field));
        update(key, { state: "failed", ...failure, retryable });
        notify(`${t(failure.error)}${failure.reason ? ` ${t(failure.reason)}` : ""}`, "error");
      },
      onSuccess: ({ lastResponse }) => {
        uploads.current.delete(key);
        const fileId = lastResponse.getHeader(UPLOAD_FILE_ID_HEADER) || undefined;
        settle(key, fileId);
        update(key, { state: "done", bytesSent: file.size });
        const success = SUCCESS_MESSAGES[field];
        if (success) notify(t(success), "success");
        else setAnnounce(t("entryForm.upload.succeeded", { name: file.name }));
        onUploaded(fileId);
      },
    });
    uploads.current.set(key, upload);
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  function choose(list: FileList | null) {
    setClientError(null);
    if (!list || list.length === 0) return;
    const chosen = Array.from(list);
    if (chosen.length > room) {
      setClientError(
        field === "images" ? "validation.entryImagesMax" : "validation.entryVideoPresent",
      );
      return;
    }
    for (const file of chosen) {
      const problem = entryFileProblemMessage(field, {
        name: file.name,
        size: file.size,
        type: file.type,
      });
      if (problem) {
        setClientError(problem);
        return;
      }
    }
    const keys = chosen.map(transferKey);
    if (onReorder && chosen.length > 1) batches.current.push(newBatch(keys));
    chosen.forEach((file, index) => void start(file, keys[index]!));
  }

  /** An upload can no longer finish: attached as `fileId`, refused or cancelled. */
  function settle(key: string, fileId?: string) {
    for (const batch of batches.current) {
      if (!batch.open.delete(key)) continue;
      if (fileId) batch.fileIds.set(key, fileId);
    }
  }

  function pause(key: string) {
    const upload = uploads.current.get(key);
    if (!upload) return;
    void upload.abort();
    update(key, { state: "paused", speed: 0 });
  }

  function resume(key: string) {
    const file = waiting.current.get(key);
    if (file) {
      waiting.current.delete(key);
      void start(file, key, true);
      return;
    }
    const upload = uploads.current.get(key);
    if (!upload) return;
    samples.current.set(key, {
      at: Date.now(),
      bytes: transfers.find((i) => i.key === key)?.bytesSent ?? 0,
    });
    update(key, { state: "uploading", error: undefined, reason: undefined, retryable: undefined });
    upload.start();
  }

  function cancel(key: string) {
    waiting.current.delete(key);
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    settle(key);
    if (upload) void upload.abort(true).catch(() => undefined);
    setTransfers((list) => list.filter((item) => item.key !== key));
  }

  const shownError = clientError ?? error;
  return (
    <Field
      id={inputId}
      label={label}
      hint={hint}
      error={shownError}
      required={required}
      className="upload"
      dataField={field}
      after={
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
      }
    >
      {(control) => (
        <>
          <div ref={filesBox}>
            <AttachedFiles
              field={field}
              files={shown}
              readOnly={readOnly}
              onRemove={remove}
              onMove={onReorder ? move : undefined}
            />
          </div>

          <TransferList
            field={field}
            transfers={shownTransfers}
            onPause={pause}
            onResume={resume}
            onCancel={cancel}
          />

          {interrupted.length > 0 && transfers.length === 0 ? (
            <p className="field__hint upload__interrupted">
              {t("entryForm.upload.interrupted", {
                names: interrupted.map((u) => u.metadata.filename ?? "").join(", "),
              })}
            </p>
          ) : null}

          {!readOnly && !(full && !blockedReason && !replaces) ? (
            <div className="upload__picker">
              <input
                id={inputId}
                type="file"
                className="visually-hidden upload__input"
                accept={acceptAttribute(ENTRY_FILE_RULES[field])}
                multiple={maxFiles > 1}
                disabled={blocked}
                aria-describedby={control["aria-describedby"]}
                aria-invalid={control["aria-invalid"]}
                onChange={(event) => {
                  choose(event.target.files);
                  event.target.value = "";
                }}
              />
              {/* The browser's own button speaks the browser's language; this one the page's. */}
              <label
                htmlFor={inputId}
                className={`button button--secondary upload__button${blocked ? " upload__button--disabled" : ""}`}
                aria-hidden="true"
              >
                {maxFiles > 1
                  ? t("entryForm.upload.chooseFiles")
                  : replaces
                    ? t("entryForm.upload.chooseReplacement")
                    : t("entryForm.upload.chooseFile")}
              </label>
              {replaces && !blockedReason ? (
                <span className="muted">{t("entryForm.upload.replaceHint")}</span>
              ) : null}
              {maxFiles > 1 ? (
                <span className="muted">
                  {t("entryForm.upload.count", { used: files.length, max: maxFiles })}
                </span>
              ) : null}
            </div>
          ) : null}
          {!readOnly && blockedReason ? <p className="field__hint">{blockedReason}</p> : null}
          {!readOnly && room <= 0 && !blockedReason && maxFiles > 1 ? (
            <p className="field__hint">{t("validation.entryImagesMax")}</p>
          ) : null}
          {!entryId && !readOnly ? (
            <p className="field__hint">{t("entryForm.upload.needsDraft")}</p>
          ) : null}
        </>
      )}
    </Field>
  );
}
