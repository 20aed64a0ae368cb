import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatMoment } from "../../../core/dates";
import { countdownTarget, countdownTo, keyDateLabel, type KeyDate } from "../../../core/key-dates";
import { SectionHeading } from "../../components/section-heading";
import { useLang } from "../../lib/site";

const TICK_MS = 30_000;

/** Deadlines end with their day's last minute; openings and the ceremony begin a day. */
const MOMENT_EDGE: Record<KeyDate["kind"], "start" | "end"> = {
  registrationOpens: "start",
  submissionOpens: "start",
  earlyBird: "end",
  registrationCloses: "end",
  submissionCloses: "end",
  lateDeadline: "end",
  ceremony: "start",
};

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

/**
 * The home page's key dates of the current season with a countdown to what comes next for
 * entrants: the opening of submission, its deadline, then the late deadline (core/key-dates.ts).
 */
export function KeyDates({ dates, now: serverNow }: { dates: KeyDate[]; now: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const now = useNow(serverNow);
  if (dates.length === 0) return null;
  const target = countdownTarget(dates, now);
  const left = target ? countdownTo(target.at, now) : null;

  // Classes only where the stylesheet cannot reach an element by its place (home.css): the home
  // page's HTML is on a byte budget.
  return (
    <section className="key-dates container" aria-labelledby="key-dates-heading">
      <SectionHeading id="key-dates-heading" title={t("home.keyDates.heading")} />
      {target && left ? (
        <p className="key-dates__countdown">
          <span>{t(`home.keyDates.countdown.${target.label}`)}</span>{" "}
          <span className="key-dates__countdown-parts">
            <span>{t("home.keyDates.days", { count: left.days })}</span>{" "}
            <span>{t("home.keyDates.hours", { count: left.hours })}</span>{" "}
            <span>{t("home.keyDates.minutes", { count: left.minutes })}</span>
          </span>
        </p>
      ) : null}
      <ol>
        {dates.map((date) => {
          const past = Date.parse(date.at) <= now.getTime();
          // The date the countdown counts to stands out (the deadline once all have passed).
          const marked = date.kind === (target?.kind ?? "submissionCloses");
          const classes = [past ? "past" : "", marked ? "deadline" : ""];
          return (
            // The list's items are reached by element in home.css: label, date, "passed".
            <li key={date.kind} className={classes.join(" ").trim() || undefined}>
              <span>{t(`home.keyDates.kinds.${keyDateLabel(date, dates)}`)}</span>
              <time dateTime={date.at}>{formatMoment(date.at, lang, MOMENT_EDGE[date.kind])}</time>
              {past ? <span>{t("home.keyDates.passed")}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
