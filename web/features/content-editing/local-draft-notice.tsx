import { useId } from "react";
import { formatVietnamDateTime } from "../../../core/dates";
import { useTranslation } from "../../i18n/use-translation";
import type { LocalDraftState } from "./local-draft";
import "./local-draft.css";

/**
 * Above a content form: a draft kept in this browser that differs from the stored record, with
 * "Restore" and "Discard" (plain buttons, reached and pressed from the keyboard), or once
 * answered, what became of it. The live region is in the page from the server render on, so
 * the offer, which appears once the page runs in the browser, is announced. Once answered, the
 * buttons are gone and the keyboard's place moves to the form's first field (`focus`).
 */
export function LocalDraftNotice({
  draft,
  focus,
  texts = {},
}: {
  draft: Pick<LocalDraftState, "offer" | "answer" | "restore" | "discard">;
  /** The control that takes the focus once answered (a CSS selector). */
  focus: string;
  /** A form's own wording (i18n keys) of the offer and of the restored notice. */
  texts?: { body?: string; restored?: string };
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const answered = (act: () => void) => () => {
    act();
    requestAnimationFrame(() => document.querySelector<HTMLElement>(focus)?.focus());
  };
  const { offer, answer } = draft;
  return (
    <div className="local-draft" role="status" aria-live="polite">
      {offer ? (
        <section className="panel local-draft__offer" aria-labelledby={headingId}>
          <h2 id={headingId} className="local-draft__title">
            {t("adminContent.draft.title")}
          </h2>
          <p>
            {t(texts.body ?? "adminContent.draft.body", {
              date: formatVietnamDateTime(offer.savedAt),
            })}
          </p>
          <div className="local-draft__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={answered(draft.restore)}
            >
              {t("adminContent.draft.restore")}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={answered(draft.discard)}
            >
              {t("adminContent.draft.discard")}
            </button>
          </div>
        </section>
      ) : answer ? (
        <p className="flash__message flash__message--success">
          {t(
            answer === "restored"
              ? (texts.restored ?? "adminContent.draft.restored")
              : "adminContent.draft.discarded",
          )}
        </p>
      ) : null}
    </div>
  );
}
