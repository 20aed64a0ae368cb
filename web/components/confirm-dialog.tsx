import {
  useEffect,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../i18n/use-translation";

/** What a confirmation asks: the question, and the label of the button that goes ahead. */
export interface ConfirmQuestion {
  message: string;
  /** The action itself ("Xoá", "Huỷ khoản thanh toán này"), never a bare "OK". */
  confirmLabel: ReactNode;
  /** The way back; "Huỷ" / "Cancel" unless the action's own words would make that ambiguous. */
  cancelLabel?: string | undefined;
}

/**
 * The question in an in-page modal on the native `<dialog>` (`showModal`: the page behind is
 * inert, Esc cancels). It starts on the way back, so Enter or Space pressed without reading
 * never does something that cannot be undone. Drawn at the end of `<body>`, so a button in a
 * table cell or a paragraph can ask too. Not the browser's `window.confirm`: browsers let a
 * person suppress repeated dialogs (then the action could never be confirmed again), and they
 * look foreign to the site.
 */
export function ConfirmDialog({
  question,
  onAnswer,
}: {
  question: ConfirmQuestion | null;
  onAnswer: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const open = question !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [open]);

  if (!question) return null;
  const answer = (confirmed: boolean) => {
    dialogRef.current?.close();
    onAnswer(confirmed);
  };
  return createPortal(
    // The backdrop click is a pointer convenience; keyboard users have Esc and the buttons.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="modal confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={questionId}
      onCancel={(event) => {
        // Esc: answered here, so the opener gets its focus back once.
        event.preventDefault();
        answer(false);
      }}
      onClick={(event) => {
        // A click whose target is the dialog itself landed on the backdrop, outside the panel.
        if (event.target === event.currentTarget) answer(false);
      }}
    >
      <div className="modal__panel">
        <div className="modal__body">
          <p id={questionId} className="confirm-dialog__question">
            {question.message}
          </p>
          <p className="confirm-dialog__actions">
            <button type="button" className="button button--primary" onClick={() => answer(true)}>
              {question.confirmLabel}
            </button>
            <button
              type="button"
              ref={cancelRef}
              className="button button--secondary"
              onClick={() => answer(false)}
            >
              {question.cancelLabel ?? t("common.cancel")}
            </button>
          </p>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}

type Submitter = HTMLButtonElement | HTMLInputElement;

/**
 * A form submission held until the person confirms it: `ask` shows the question; confirmed, the
 * form is submitted again by `requestSubmit(submitter)`, so the clicked button's name and value
 * go with it and the form's own submit handlers (React Router's, the form's checks) run as for
 * a click. `approved` tells a submit handler that the submission in progress is that one.
 * Whatever the answer, focus goes back to the button that asked.
 */
export function useConfirmedSubmit() {
  const [asked, setAsked] = useState<
    | (ConfirmQuestion & {
        form: HTMLFormElement;
        submitter: Submitter | null;
        onConfirmed?: (() => void) | undefined;
      })
    | null
  >(null);
  const approvedForm = useRef<HTMLFormElement | null>(null);

  const dialog = (
    <ConfirmDialog
      question={asked}
      onAnswer={(confirmed) => {
        const held = asked;
        setAsked(null);
        if (!held) return;
        if (held.submitter?.isConnected) held.submitter.focus();
        if (!confirmed || !held.form.isConnected) return;
        held.onConfirmed?.();
        approvedForm.current = held.form;
        try {
          // Submit events are dispatched synchronously: the approval covers this one only.
          held.form.requestSubmit(
            held.submitter?.isConnected && held.submitter.form === held.form
              ? held.submitter
              : undefined,
          );
        } finally {
          approvedForm.current = null;
        }
      }}
    />
  );

  return {
    dialog,
    ask(
      form: HTMLFormElement,
      submitter: Submitter | null,
      question: ConfirmQuestion,
      onConfirmed?: () => void,
    ) {
      setAsked({ ...question, form, submitter, onConfirmed });
    },
    approved: (form: HTMLFormElement) => approvedForm.current === form,
  };
}

/**
 * A submit button that asks first, in the page's own dialog; cancelling sends nothing. Without
 * JavaScript (or before the page's code has arrived) it simply submits, so the server must be
 * fine with that: destructive actions are checked and audited there anyway.
 */
export function ConfirmSubmitButton({
  message,
  confirmLabel,
  cancelLabel,
  check,
  onClick,
  children,
  ...button
}: {
  message: string;
  /** The dialog's go-ahead button; the button's own text unless given. */
  confirmLabel?: ReactNode;
  cancelLabel?: string;
  /** Checks the form first: false stops the submission without asking (it shows the errors). */
  check?: (button: HTMLButtonElement) => boolean;
  /** Runs once the person has confirmed, just before the form is sent. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "type">) {
  const confirmation = useConfirmedSubmit();
  return (
    <>
      <button
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          const target = event.currentTarget;
          if (check && !check(target)) return;
          const form = target.form;
          if (!form) return;
          confirmation.ask(
            form,
            target,
            { message, confirmLabel: confirmLabel ?? children, cancelLabel },
            onClick ? () => onClick(event) : undefined,
          );
        }}
      >
        {children}
      </button>
      {confirmation.dialog}
    </>
  );
}
