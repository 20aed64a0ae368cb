import { useEffect, useId, useRef } from "react";
import { useTranslation } from "../i18n/use-translation";
import { CloseIcon } from "./icons";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** When locked, a click on the overlay does not close the modal (Esc and the close button still do). */
  locked?: boolean;
  size?: "medium" | "large";
  children: React.ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: the browser keeps focus inside it and makes the
 * page behind inert; Esc closes it; page scrolling is blocked while it is open; focus goes
 * back to whatever opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  locked = false,
  size = "medium",
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = "hidden";
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      root.style.overflow = previousOverflow;
      root.style.paddingRight = "";
      // Back to the opener if it is still on screen; otherwise to the main content.
      if (opener?.isConnected && opener.checkVisibility()) opener.focus();
      else document.getElementById("main")?.focus();
    };
  }, [open]);

  if (!open) return null;

  return (
    // The backdrop click is a pointer convenience; keyboard users have Esc and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      aria-modal="true"
      data-locked={locked ? "true" : undefined}
      onCancel={(event) => {
        // Esc: close through React state so the effect's clean-up runs once.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click whose target is the dialog itself landed on the backdrop, outside the panel.
        if (event.target === event.currentTarget && !locked) onCloseRef.current();
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button modal__close"
            onClick={() => onCloseRef.current()}
            aria-label={t("common.close")}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
