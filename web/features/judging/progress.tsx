import { useTranslation } from "../../i18n/use-translation";
import type { RoundProgress } from "../../../server/load-context";

/** A judge's progress in a round: assigned, scored, remaining, conflicts. */
export function JudgeProgress({ progress }: { progress: RoundProgress }) {
  const { t } = useTranslation();
  const items = [
    ["assigned", progress.assigned],
    ["scored", progress.scored],
    ["remaining", progress.remaining],
    ["conflicts", progress.conflicts],
  ] as const;
  return (
    <dl
      className="judge-progress"
      aria-label={t("judging.portal.progress.summary", { ...progress })}
    >
      {items.map(([key, value]) => (
        <div key={key} data-progress={key}>
          <dt>{t(`judging.portal.progress.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
