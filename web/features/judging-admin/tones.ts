import type { RoundState } from "../../../core/judging-rounds";
import type { StatusTone } from "../back-office/status-badge";

/** The badge colour of each round state (the text carries the meaning). */
export const ROUND_TONES: Record<RoundState, StatusTone> = {
  draft: "neutral",
  open: "info",
  closed: "warning",
  locked: "success",
};
