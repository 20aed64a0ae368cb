import type { ReactNode } from "react";
import { Modal } from "../../components/modal";

/**
 * A question before an action that cannot be undone: the dialog with its text, the confirming
 * button first (Enter takes it) and the one that keeps things as they are.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {children}
      <p className="entry-form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {cancelLabel}
        </button>
      </p>
    </Modal>
  );
}
