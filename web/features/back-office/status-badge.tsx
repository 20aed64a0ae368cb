import type { ReactNode } from "react";
import "./back-office.css";

export type StatusTone = "neutral" | "info" | "success" | "warning" | "danger";

/** A short coloured state label (draft, scheduled, published, paid …); the text carries the meaning. */
export function StatusBadge({
  tone = "neutral",
  children,
}: {
  tone?: StatusTone;
  children: ReactNode;
}) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
