import { formatDay } from "../../../core/dates";
import {
  roundScoringMessage,
  type RoundScoringState,
  type ScoringWindow,
} from "../../../core/judging-rounds";
import { useTranslation } from "../../i18n/use-translation";

type PortalRound = ScoringWindow & { scoring: RoundScoringState };

/** A round's days for its judges: both, or the one that is set; nothing when neither is. */
export function RoundDates({ round }: { round: ScoringWindow }) {
  const { t } = useTranslation();
  const from = formatDay(round.startsOn);
  const to = formatDay(round.endsOn);
  if (!from && !to) return null;
  return (
    <p>
      {from && to
        ? t("judging.portal.rounds.dates", { from, to })
        : from
          ? t("judging.portal.rounds.from", { from })
          : t("judging.portal.rounds.until", { to })}
    </p>
  );
}

/**
 * What a judge is told of an open round that takes no score today: its first day is still to
 * come, or its last has passed (the server refuses with the same words). Nothing otherwise.
 */
export function ScoringWindowNotice({ round }: { round: PortalRound }) {
  const { t } = useTranslation();
  const message = roundScoringMessage(round, round.scoring);
  if (!message) return null;
  return (
    <p className="form-alert judge-window-notice" role="note">
      {t(message.key, message.values ?? {})}
    </p>
  );
}
