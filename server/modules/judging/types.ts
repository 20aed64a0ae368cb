import type { Criterion } from "../../../core/judging-criteria";
import type { RoundScoringState, RoundState } from "../../../core/judging-rounds";
import type { ResultMethod } from "../../../core/judging-results";
import type { ResponsiveImageData } from "../../../core/media-image";

/** A signed-in judge, as the portal knows them (never more). */
export interface JudgeIdentity {
  id: string;
  name: string;
  seasonId: number;
  lang: "vi" | "en";
}

export interface RoundView {
  id: number;
  seasonId: number;
  position: number;
  name: { vi: string; en: string };
  startsOn: string | null;
  endsOn: string | null;
  state: RoundState;
  method: ResultMethod;
  criteria: Criterion[];
}

/**
 * A round as the judge portal shows it: with whether it takes scores today (an open round
 * outside its dates does not: `roundScoringState`).
 */
export interface PortalRound extends RoundView {
  scoring: RoundScoringState;
}

/** One score of a judge on an entry in a round. */
export interface ScoreView {
  scores: Record<string, number>;
  comment: string;
  total: number;
  version: number;
  updatedAt: string;
}

/** An entry as a judge's list shows it: the code, category, title — nobody's name. */
export interface AssignedEntry {
  id: string;
  code: string;
  categoryId: number | null;
  category: { vi: string; en: string } | null;
  title: string;
  brand: string;
  score: ScoreView | null;
  conflict: boolean;
}

/** A file of an entry as a judge gets it: a signed link named after the entry code. */
export interface BlindFile {
  id: string;
  field: string;
  /** A link the judge may open; null when the file is withheld. */
  url: string | null;
  mime: string;
  image: ResponsiveImageData | null;
  /**
   * Why a file has no link: its copy without metadata is still being made ("pending") or
   * could not be made ("failed": encrypted, damaged, too large to process; a picture with no
   * re-encoded variant). Null otherwise.
   */
  withheld: "pending" | "failed" | null;
}

/** An entry for scoring: the work and its descriptions only (blind judging). */
export interface BlindEntry extends AssignedEntry {
  descriptionVi: string;
  descriptionEn: string;
  period: {
    startMonth: number | null;
    startYear: number | null;
    endMonth: number | null;
    endYear: number | null;
  };
  videoLink: string;
  files: BlindFile[];
  track: { vi: string; en: string } | null;
}
