import type { EntryStatus } from "../../../core/entry-status";
import type { StatusTone } from "../back-office/status-badge";

/** The badge colour of a status (the text carries the meaning; colour only helps scanning). */
export function statusTone(status: EntryStatus): StatusTone {
  switch (status) {
    case "accepted":
    case "shortlisted":
    case "finalist":
    case "winner":
      return "success";
    case "needs_changes":
      return "warning";
    case "rejected":
      return "danger";
    case "submitted":
    case "paid":
      return "info";
    default:
      return "neutral";
  }
}
