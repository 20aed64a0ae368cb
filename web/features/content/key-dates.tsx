import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatDate } from "../../../core/dates";
import { countdownTo, type KeyDate } from "../../../core/key-dates";
import { SectionHeading } from "../../components/section-heading";
import { useLang } from "../../lib/site";

const TICK_MS = 30_000;

/**
 * The clock the countdown reads: the server's reading first (so the browser's first render
 * matches the server's HTML), then the browser's own, every 30 seconds once hydrated.
 */
function useNow(serverNow: string): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The home page's key dates of the current season with a countdown to the submission deadline. */
export function KeyDates({ dates, now: serverNow }: { dates: KeyDate[]; now: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const now = useNow(serverNow);
  if (dates.length === 0) return null;
  const deadline = dates.find((d) => d.kind === "submissionCloses");
  const left = deadline ? countdownTo(deadline.at, now) : null;

  return (
    <section className="key-dates container" aria-labelledby="key-dates-heading">
      <SectionHeading id="key-dates-heading" title={t("home.keyDates.heading")} />
      {left ? (
        <p className="key-dates__countdown">
          <span className="key-dates__countdown-lead">{t("home.keyDates.countdownLead")}</span>{" "}
          <span className="key-dates__countdown-parts">
            <span className="key-dates__part">{t("home.keyDates.days", { count: left.days })}</span>{" "}
            <span className="key-dates__part">
              {t("home.keyDates.hours", { count: left.hours })}
            </span>{" "}
            <span className="key-dates__part">
              {t("home.keyDates.minutes", { count: left.minutes })}
            </span>
          </span>
        </p>
      ) : null}
      <ol className="key-dates__list">
        {dates.map((date) => {
          const past = Date.parse(date.at) <= now.getTime();
          return (
            // The list's items are reached by element in home.css: label, date, "passed".
            <li key={date.kind} className={past ? "past" : undefined} data-kind={date.kind}>
              <span>{t(`home.keyDates.kinds.${date.kind}`)}</span>
              <time dateTime={date.at}>{formatDate(date.at, lang)}</time>
              {past ? <span>{t("home.keyDates.passed")}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
