import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { CloseIcon } from "./icons";

/** How long a toast stays before it closes by itself (seed §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;

export interface Toast {
  id: number;
  tone: "success" | "error" | "info";
  message: string;
}

/** The page's toasts and a way to add one; each closes itself after TOAST_AUTO_CLOSE_MS. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((t) => t.id !== id)),
    [],
  );
  const show = useCallback((message: string, tone: Toast["tone"] = "success") => {
    const id = next.current++;
    setToasts((list) => [...list, { id, tone, message }]);
  }, []);
  return { toasts, show, dismiss };
}

/**
 * Where toasts appear: a polite live region (an alert for errors), so a screen reader announces
 * each one; each has a close button and closes itself after five seconds.
 */
export function ToastRegion({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}) {
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div className={`toast toast--${toast.tone}`} data-testid="toast">
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={t("toast.close")}
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
