import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useBlocker } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { formatVietnamDateTime } from "../../../core/dates";
import { scoreSheetSchema, weightedTotal, type Criterion } from "../../../core/judging-criteria";
import { localeOf, pickLang, type Lang } from "../../../core/languages";
import type { ScoreView } from "../../../server/load-context";
import { Field, FormAlert } from "../../components/form/field";
import { Modal } from "../../components/modal";
import { useHydrated, useLiveFormValues } from "../../hydration/form-state";
import { ToastRegion, useToasts } from "../../components/toast";
import { judgeSignInPath } from "./return-path";
import { dropScoreDraft, keepScoreDraft, readScoreDraft } from "./score-draft";

type Pending = "score" | "update" | "delete" | "conflict";

/** A message of the sheet: an i18n key and the values it is written with. */
interface Message {
  key: string;
  values?: Record<string, string | number> | undefined;
}

interface Props {
  lang: Lang;
  roundId: number;
  entryId: string;
  code: string;
  criteria: Criterion[];
  score: ScoreView | null;
  conflict: boolean;
  /**
   * The sheet or the conflict note the browser sent itself, its script not running: nothing
   * was saved; the fields hold what was typed and the form says why.
   */
  sentWithoutScript?: { form: "sheet" | "conflict"; typed: Record<string, string> } | undefined;
  /**
   * Why the round takes no score now (open, but today is outside its days), as the judge is
   * told: the sheet then shows the saved score read-only, with no button and no conflict form.
   */
  readOnly?: Message | null | undefined;
}

const emptyValues = (criteria: Criterion[]) => Object.fromEntries(criteria.map((c) => [c.key, ""]));
const valuesOf = (criteria: Criterion[], score: ScoreView | null) =>
  score
    ? Object.fromEntries(criteria.map((c) => [c.key, String(score.scores[c.key] ?? "")]))
    : emptyValues(criteria);

/**
 * The judge's score sheet: one whole score per criterion, a comment, the weighted total shown
 * live. Checked in the browser with the same core schema the server uses; score, update and
 * delete each ask for confirmation in a dialog and end with the seed's toast. The version the
 * sheet was loaded with goes with every write: if another tab changed the score meanwhile the
 * server refuses, and the sheet shows the current score instead of overwriting it. Scores typed
 * and not saved, or a conflict note typed and not sent, are not dropped by a link to another
 * entry (the sheet asks first) nor by closing or reloading the tab (the browser asks). Scores
 * typed when the judge's session has ended survive signing in again: kept in this tab
 * (score-draft.ts), the sign-in returns to the entry and the sheet shows them again, saying so.
 * In a round that takes no score today the sheet is read-only: scores kept from before signing
 * in again are shown as such and stay kept in the tab, for when the round takes scores again.
 */
export function ScoreSheet({
  lang,
  roundId,
  entryId,
  code,
  criteria,
  score,
  conflict,
  sentWithoutScript,
  readOnly,
}: Props) {
  const { t } = useTranslation();
  const { toasts, show, dismiss } = useToasts();
  const [saved, setSaved] = useState<ScoreView | null>(score);
  // Scores typed before the page's script arrived are kept when React attaches.
  const formId = useId();
  const sentSheet = sentWithoutScript?.form === "sheet" ? sentWithoutScript.typed : null;
  const live: Record<string, unknown> = useLiveFormValues(
    formId,
    sentSheet
      ? {
          ...Object.fromEntries(criteria.map((c) => [c.key, sentSheet[c.key] ?? ""])),
          comment: sentSheet.comment ?? "",
        }
      : { ...valuesOf(criteria, score), comment: score?.comment ?? "" },
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(criteria.map((c) => [c.key, String(live[c.key] ?? "")])),
  );
  const [comment, setComment] = useState(String(live.comment ?? ""));
  const [declared, setDeclared] = useState(conflict);
  const noteSent = sentWithoutScript?.form === "conflict";
  const [note, setNote] = useState(noteSent ? (sentWithoutScript.typed.note ?? "") : "");
  // Shown while the conflict note holds what was typed before the judge signed in again.
  const [noteRestored, setNoteRestored] = useState(false);
  // Shown while the sheet holds scores put back from before the judge signed in again.
  // "changed": the score was saved elsewhere (another tab) since the restored values were typed;
  // "held": the round takes no score now, so they are only shown.
  const [restored, setRestored] = useState<false | "restored" | "changed" | "held">(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<Message | null>(
    sentSheet ? { key: "judging.portal.sheet.sentWithoutScript" } : null,
  );
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  // Set when the session has ended and the page goes to sign-in: nothing to ask then.
  const signedOut = useRef(false);
  // The dialog opens on the choice to make: Enter confirms, Esc cancels. (The dialog's own
  // effect has opened it by the time this one runs: a child's effects run first.)
  useEffect(() => {
    if (pending !== null) confirmRef.current?.focus();
  }, [pending]);
  // Scores typed before the session ended, kept while the judge signed in again: back in the
  // sheet, to check and save (an entry since declared a conflict on takes no score).
  useEffect(() => {
    const draft = readScoreDraft(roundId, entryId);
    if (!draft) return;
    if (conflict) {
      dropScoreDraft(roundId, entryId);
      return;
    }
    if (readOnly) {
      // Nothing can be saved now: the scores are shown, and the draft stays kept in the tab.
      if (draft.sheet) {
        setValues(Object.fromEntries(criteria.map((c) => [c.key, draft.scores[c.key] ?? ""])));
        setComment(draft.comment);
        setRestored("held");
      }
      return;
    }
    if (draft.note) {
      setNote(draft.note);
      setNoteRestored(true);
    }
    if (!draft.sheet) {
      // Only the note was kept: back in its field, where leaving asks first again.
      dropScoreDraft(roundId, entryId);
      return;
    }
    setValues(Object.fromEntries(criteria.map((c) => [c.key, draft.scores[c.key] ?? ""])));
    setComment(draft.comment);
    setRestored((score?.version ?? null) === draft.version ? "restored" : "changed");
    // Once, when the sheet of this entry first shows in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const stored = valuesOf(criteria, saved);
  // A read-only sheet has nothing to save: leaving loses nothing (a kept draft stays kept).
  const unsaved =
    !readOnly &&
    !declared &&
    (criteria.some((c) => (values[c.key] ?? "").trim() !== stored[c.key]) ||
      comment.trim() !== (saved?.comment ?? ""));
  // A conflict note typed and not sent is as much lost by leaving as typed scores.
  const noteUnsent = !readOnly && !declared && note.trim() !== "";
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (unsaved || noteUnsent) && currentLocation.pathname !== nextLocation.pathname,
  );
  // Staying is what Enter does: the typed scores are the thing to protect.
  useEffect(() => {
    if (blocker.state === "blocked") stayRef.current?.focus();
  }, [blocker.state]);
  useEffect(() => {
    if (!unsaved && !noteUnsent) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!signedOut.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved, noteUnsent]);
  const schema = scoreSheetSchema(criteria);
  const number = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 2 });

  const sheet = { scores: values, comment };
  const parsed = schema.safeParse(sheet);
  // While React hydrates, the total is the one the server showed (it did not see scores typed
  // before the script came); the render right after shows theirs.
  const hydrated = useHydrated();
  const shown = hydrated
    ? parsed
    : schema.safeParse({ scores: valuesOf(criteria, score), comment: score?.comment ?? "" });
  const total = shown.success ? weightedTotal(criteria, shown.data.scores) : null;
  const url = `/api/judging/rounds/${roundId}/entries/${entryId}`;

  const check = (event: FormEvent, action: "score" | "update") => {
    event.preventDefault();
    if (readOnly) return;
    setFormError(null);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.at(-1);
        if (typeof key === "string") found[key] ??= issue.message;
      }
      setErrors(found);
      const first = criteria.find((c) => found[c.key]);
      const input = first
        ? formRef.current?.querySelector<HTMLInputElement>(`[name="${first.key}"]`)
        : null;
      input?.focus();
      return;
    }
    setErrors({});
    setPending(action);
  };

  const send = async (method: string, path: string, body: unknown) => {
    setBusy(true);
    try {
      const response = await fetch(path, {
        method,
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      if (response.status === 401) {
        // The session ended: what was typed is kept in this tab, and the sign-in comes back here.
        signedOut.current = true;
        if (unsaved || noteUnsent) {
          keepScoreDraft(roundId, entryId, {
            scores: values,
            comment,
            version: saved?.version ?? null,
            sheet: unsaved,
            note: noteUnsent ? note : "",
          });
        }
        const signIn = lang === "en" ? "/en/giam-khao" : "/giam-khao";
        window.location.assign(judgeSignInPath(signIn, window.location.pathname));
        return null;
      }
      return {
        status: response.status,
        body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
      };
    } catch {
      setFormError({ key: "judging.errors.network" });
      return null;
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  /** A refusal: field errors, a form message, or (409) the current score from the other tab. */
  const refused = (answer: { status: number; body: Record<string, unknown> }) => {
    const body = answer.body as {
      formError?: string;
      formErrorValues?: Record<string, string | number>;
      fieldErrors?: Record<string, string>;
      current?: ScoreView | null;
    };
    if (answer.status === 409 && "current" in body) {
      const current = body.current ?? null;
      setSaved(current);
      setValues(valuesOf(criteria, current));
      setComment(current?.comment ?? "");
    }
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(body.fieldErrors ?? {}))
      fields[key.split(".").at(-1) ?? key] = message;
    setErrors(fields);
    // A round whose last day has just passed names it: what was typed stays in the sheet.
    setFormError({ key: body.formError ?? "judging.errors.invalid", values: body.formErrorValues });
  };

  const confirm = async () => {
    if (pending === "score" || pending === "update") {
      const answer = await send("PUT", `${url}/score`, {
        ...sheet,
        version: saved?.version ?? null,
      });
      if (!answer) return;
      if (answer.status !== 200) return refused(answer);
      const next = answer.body.score as ScoreView;
      setSaved(next);
      // The sheet shows what was stored ("07" as 7, the comment trimmed): nothing left unsaved.
      setValues(valuesOf(criteria, next));
      setComment(next.comment);
      setFormError(null);
      dropScoreDraft(roundId, entryId);
      setRestored(false);
      show(
        t(
          answer.body.action === "update"
            ? "judging.portal.toast.updated"
            : "judging.portal.toast.scored",
        ),
      );
    } else if (pending === "delete" && saved) {
      const answer = await send("DELETE", `${url}/score`, { version: saved.version });
      if (!answer) return;
      if (answer.status !== 200) return refused(answer);
      setSaved(null);
      setValues(emptyValues(criteria));
      setComment("");
      setFormError(null);
      dropScoreDraft(roundId, entryId);
      setRestored(false);
      show(t("judging.portal.toast.deleted"));
    } else if (pending === "conflict") {
      const answer = await send("POST", `${url}/conflict`, { note });
      if (!answer) return;
      if (answer.status !== 200) return refused(answer);
      setDeclared(true);
      setNoteRestored(false);
      dropScoreDraft(roundId, entryId);
      show(t("judging.portal.toast.conflict"));
    }
  };

  const formattedTotal = total === null ? "—" : number.format(total);
  const dialog: Record<Pending, { title: string; body: string }> = {
    score: {
      title: t("judging.portal.sheet.confirmScoreTitle"),
      body: t("judging.portal.sheet.confirmScore", { total: formattedTotal, code }),
    },
    update: {
      title: t("judging.portal.sheet.confirmUpdateTitle"),
      body: t("judging.portal.sheet.confirmUpdate", { total: formattedTotal, code }),
    },
    delete: {
      title: t("judging.portal.sheet.confirmDeleteTitle"),
      body: t("judging.portal.sheet.confirmDelete", { code }),
    },
    conflict: {
      title: t("judging.portal.conflict.confirmTitle"),
      body: t("judging.portal.conflict.confirm", { code }),
    },
  };

  return (
    <>
      {declared ? (
        <section className="panel judge-sheet" aria-labelledby="judge-sheet-heading">
          <h2 id="judge-sheet-heading">{t("judging.portal.conflict.heading")}</h2>
          <p role="note">{t("judging.portal.conflict.declared")}</p>
        </section>
      ) : (
        <>
          {/* Sent by script only (a dialog confirms first): held until the script is in. */}
          <form
            ref={formRef}
            id={formId}
            method="post"
            data-needs-script=""
            className="panel judge-sheet form"
            aria-labelledby="judge-sheet-heading"
            noValidate
            onSubmit={(event) => check(event, saved ? "update" : "score")}
          >
            <h2 id="judge-sheet-heading">{t("judging.portal.sheet.heading")}</h2>
            <FormAlert message={formError ? t(formError.key, formError.values ?? {}) : undefined} />
            {readOnly ? (
              <p className="form-alert judge-window-notice" role="note">
                {t(readOnly.key, readOnly.values ?? {})} {t("judging.portal.sheet.readOnly")}
              </p>
            ) : null}
            {restored === "held" ? (
              <p className="form-alert judge-window-notice" role="status">
                {t("judging.portal.sheet.draftHeld")}
              </p>
            ) : restored ? (
              <p
                className={`form-alert form-alert--${restored === "changed" ? "error" : "success"}`}
                role="status"
              >
                {t(
                  restored === "changed"
                    ? "judging.portal.sheet.draftRestoredChanged"
                    : "judging.portal.sheet.draftRestored",
                  {
                    action: t(saved ? "judging.portal.sheet.update" : "judging.portal.sheet.score"),
                  },
                )}
              </p>
            ) : null}
            {criteria.map((c) => (
              <Field
                key={c.key}
                label={pickLang(c.name, lang)}
                hint={`${t("judging.portal.sheet.scale", { min: c.min, max: c.max })} · ${t("judging.portal.sheet.weight", { weight: c.weight })}`}
                error={errors[c.key]}
                errorValues={{ min: c.min, max: c.max }}
                required
                dataField={c.key}
              >
                {(control) => (
                  <input
                    {...control}
                    name={c.key}
                    type="number"
                    inputMode="numeric"
                    min={c.min}
                    max={c.max}
                    step={1}
                    className="judge-sheet__score"
                    readOnly={Boolean(readOnly)}
                    value={values[c.key] ?? ""}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setValues((v) => ({ ...v, [c.key]: value }));
                    }}
                  />
                )}
              </Field>
            ))}
            <Field label={t("judging.portal.sheet.comment")} error={errors.comment}>
              {(control) => (
                <textarea
                  {...control}
                  name="comment"
                  rows={4}
                  maxLength={2000}
                  readOnly={Boolean(readOnly)}
                  value={comment}
                  onChange={(event) => setComment(event.currentTarget.value)}
                />
              )}
            </Field>
            <p className="judge-sheet__total" aria-live="polite">
              <span>{t("judging.portal.sheet.total")}: </span>
              <strong data-testid="live-total">{formattedTotal}</strong>
              {total === null ? (
                <span className="tree-node__meta"> · {t("judging.portal.sheet.incomplete")}</span>
              ) : null}
            </p>
            <p className="tree-node__meta">{t("judging.portal.sheet.totalHint")}</p>
            {saved ? (
              <p className="tree-node__meta">
                {t("judging.portal.sheet.lastSaved", {
                  at: formatVietnamDateTime(saved.updatedAt),
                })}
              </p>
            ) : null}
            {readOnly ? null : (
              <p className="judge-sheet__actions">
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy
                    ? t("judging.portal.sheet.saving")
                    : saved
                      ? t("judging.portal.sheet.update")
                      : t("judging.portal.sheet.score")}
                </button>
                {saved ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => setPending("delete")}
                  >
                    {t("judging.portal.sheet.delete")}
                  </button>
                ) : null}
              </p>
            )}
          </form>
          {readOnly ? null : (
            <form
              method="post"
              data-needs-script=""
              className="panel judge-conflict form"
              aria-labelledby="judge-conflict-heading"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                setPending("conflict");
              }}
            >
              <h2 id="judge-conflict-heading">{t("judging.portal.conflict.heading")}</h2>
              <p>{t("judging.portal.conflict.lead")}</p>
              <FormAlert
                message={noteSent ? t("judging.portal.conflict.sentWithoutScript") : undefined}
              />
              {noteRestored && noteUnsent ? (
                <p className="form-alert form-alert--success" role="status">
                  {t("judging.portal.conflict.noteRestored", {
                    action: t("judging.portal.conflict.declare"),
                  })}
                </p>
              ) : null}
              <Field label={t("judging.portal.conflict.note")}>
                {(control) => (
                  <textarea
                    {...control}
                    name="note"
                    rows={2}
                    maxLength={300}
                    value={note}
                    onChange={(event) => setNote(event.currentTarget.value)}
                  />
                )}
              </Field>
              <p>
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {t("judging.portal.conflict.declare")}
                </button>
              </p>
            </form>
          )}
        </>
      )}
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? dialog[pending].title : ""}
      >
        {pending ? <p>{dialog[pending].body}</p> : null}
        <p className="judge-sheet__actions">
          <button
            type="button"
            className="button button--primary"
            ref={confirmRef}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {t("judging.portal.sheet.confirm")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setPending(null)}
          >
            {t("judging.portal.sheet.cancel")}
          </button>
        </p>
      </Modal>
      <Modal
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title={t(
          unsaved ? "judging.portal.sheet.leaveTitle" : "judging.portal.sheet.leaveNoteTitle",
        )}
      >
        <p>
          {t(unsaved ? "judging.portal.sheet.leave" : "judging.portal.sheet.leaveNote", { code })}
        </p>
        {unsaved && noteUnsent ? <p>{t("judging.portal.sheet.leaveNoteToo")}</p> : null}
        <p className="judge-sheet__actions">
          <button
            type="button"
            className="button button--primary"
            ref={stayRef}
            onClick={() => blocker.reset?.()}
          >
            {t(unsaved ? "judging.portal.sheet.stay" : "judging.portal.sheet.stayNote")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              // Leaving drops what was typed, a copy kept from before signing in again too.
              dropScoreDraft(roundId, entryId);
              blocker.proceed?.();
            }}
          >
            {t(
              unsaved && noteUnsent
                ? "judging.portal.sheet.leaveAnywayBoth"
                : unsaved
                  ? "judging.portal.sheet.leaveAnyway"
                  : "judging.portal.sheet.leaveAnywayNote",
            )}
          </button>
        </p>
      </Modal>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </>
  );
}
