import { useTranslation } from "../../i18n/use-translation";
import { Form, Link } from "react-router";
import { formatDate, formatMoment, formatVnd } from "../../../core/dates";
import { entryStatusLabelKey } from "../../../core/entry-status";
import { localeOf, pickLang, type Lang } from "../../../core/languages";
import type { DashboardFigures } from "../../../core/dashboard";
import type { RoundProgressLine } from "../../../core/judging-progress";
import { useLocalizedPath } from "../../lib/site";
import { ChartFigure } from "./chart-figure";
import "./dashboard.css";

/** A name in the page's language (Vietnamese when it has no English one). */
const nameIn = (item: { nameVi: string; nameEn: string }, lang: Lang) =>
  pickLang({ vi: item.nameVi, en: item.nameEn }, lang);

/** `01/09` for an axis, from a Vietnam day `2026-09-01`. */
const shortDay = (day: string, lang: Lang) => formatDate(day, lang).slice(0, 5);

/**
 * The dashboard's figures: counts, per-day series, the estimated fees and the judging progress
 * of one season.
 */
export function DashboardView({
  figures,
  payments,
  lang,
  linkRounds,
}: {
  figures: DashboardFigures;
  /**
   * The payments recorded for the season: collected, pending, still due at today's fees; null
   * (like `figures.fees`) for a viewer who may not see money.
   */
  payments: { collectedVnd: number; pendingVnd: number; dueVnd: number } | null;
  lang: Lang;
  /** Whether the viewer may open the judging pages, so each round links to its page. */
  linkRounds: boolean;
}) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(localeOf(lang));
  const count = (n: number) => number.format(n);
  const name = (item: { nameVi: string; nameEn: string }) => nameIn(item, lang);
  const fees = figures.fees;
  const deadline = figures.season.deadlineDay;
  const submissionDays = figures.submissionsPerDay;
  const inSeries = deadline && submissionDays.some((d) => d.day === deadline);
  const total = (series: { count: number }[]) => series.reduce((n, d) => n + d.count, 0);
  const peak = (series: { day: string; count: number }[]) =>
    series.reduce<{ day: string; count: number } | null>(
      (best, d) => (d.count > (best?.count ?? 0) ? d : best),
      null,
    );
  const daily = (series: { day: string; count: number }[]) =>
    series.map((d) => ({ label: shortDay(d.day, lang), value: d.count, day: d.day }));
  const dailySummary = (key: string, series: { day: string; count: number }[]) => {
    const top = peak(series);
    return t(key, {
      total: count(total(series)),
      count: total(series),
      from: series[0] ? formatDate(series[0].day, lang) : "",
      to: series.at(-1) ? formatDate(series.at(-1)!.day, lang) : "",
      peak: top ? count(top.count) : "0",
      peakDay: top ? formatDate(top.day, lang) : "—",
    });
  };
  const listSummary = (points: { label: string; value: number }[]) =>
    points.map((p) => `${p.label}: ${count(p.value)}`).join("; ");

  const statusPoints = figures.byStatus.map((s) => ({
    label: t(entryStatusLabelKey(s.status)),
    value: s.count,
  }));
  const trackPoints = figures.byTrack.map((tr) => ({ label: name(tr), value: tr.count }));
  const categoryPoints = figures.byCategory.map((c) => ({
    label: `${c.code} · ${name(c)}`,
    value: c.count,
  }));
  const typePoints = figures.byRegistrantType.map((r) => ({
    label: t(`adminDashboard.registrantTypes.${r.type}`),
    value: r.count,
  }));

  return (
    <>
      <section className="panel admin-panel" aria-labelledby="dashboard-totals">
        <h2 id="dashboard-totals">
          {t("adminDashboard.totalsHeading", { season: name(figures.season) })}
        </h2>
        <dl className="dashboard-totals">
          <div>
            <dt>{t("adminDashboard.totals.entries")}</dt>
            <dd>{count(figures.total)}</dd>
          </div>
          <div>
            <dt>{t("adminDashboard.totals.counted")}</dt>
            <dd>{count(figures.counted)}</dd>
          </div>
          <div>
            <dt>{t("adminDashboard.totals.deadline")}</dt>
            <dd>
              {figures.season.submissionClosesAt
                ? formatMoment(figures.season.submissionClosesAt, lang, "end")
                : t("adminDashboard.totals.noDeadline")}
            </dd>
          </div>
          {figures.season.lateDeadline ? (
            <div>
              <dt>{t("adminDashboard.totals.lateDeadline")}</dt>
              <dd>{formatMoment(figures.season.lateDeadline, lang, "end")}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <ChartFigure
        id="chart-status"
        title={t("adminDashboard.charts.byStatus")}
        summary={listSummary(statusPoints)}
        points={statusPoints}
        labelHeader={t("adminDashboard.columns.status")}
        valueHeader={t("adminDashboard.columns.entries")}
        layout="rows"
        format={count}
      />
      <ChartFigure
        id="chart-submissions"
        title={t("adminDashboard.charts.submissionsPerDay")}
        summary={dailySummary("adminDashboard.dailySummary.submissions", submissionDays)}
        points={daily(submissionDays)}
        labelHeader={t("adminDashboard.columns.day")}
        valueHeader={t("adminDashboard.columns.submissions")}
        marker={inSeries && deadline ? shortDay(deadline, lang) : undefined}
        markerLabel={t("adminDashboard.deadlineMark")}
        format={count}
      />
      <ChartFigure
        id="chart-registrations"
        title={t("adminDashboard.charts.registrationsPerDay")}
        summary={dailySummary(
          "adminDashboard.dailySummary.registrations",
          figures.registrationsPerDay,
        )}
        points={daily(figures.registrationsPerDay)}
        labelHeader={t("adminDashboard.columns.day")}
        valueHeader={t("adminDashboard.columns.registrations")}
        format={count}
      />
      <ChartFigure
        id="chart-track"
        title={t("adminDashboard.charts.byTrack")}
        summary={listSummary(trackPoints)}
        points={trackPoints}
        labelHeader={t("adminDashboard.columns.track")}
        valueHeader={t("adminDashboard.columns.entries")}
        layout="rows"
        format={count}
      />
      <ChartFigure
        id="chart-category"
        title={t("adminDashboard.charts.byCategory")}
        summary={listSummary(categoryPoints)}
        points={categoryPoints}
        labelHeader={t("adminDashboard.columns.category")}
        valueHeader={t("adminDashboard.columns.entries")}
        layout="rows"
        format={count}
      />
      <ChartFigure
        id="chart-type"
        title={t("adminDashboard.charts.byRegistrantType")}
        summary={listSummary(typePoints)}
        points={typePoints}
        labelHeader={t("adminDashboard.columns.registrantType")}
        valueHeader={t("adminDashboard.columns.entries")}
        layout="rows"
        format={count}
      />

      {fees ? (
        <section className="panel admin-panel" aria-labelledby="dashboard-fees">
          <h2 id="dashboard-fees">{t("adminDashboard.fees.heading")}</h2>
          <p className="field__hint">{t("adminDashboard.fees.estimated")}</p>
          <dl className="dashboard-totals">
            <div>
              <dt>{t("adminDashboard.fees.collected")}</dt>
              <dd>
                {formatVnd(fees.collectedVnd, lang)}
                <span className="dashboard-totals__note">
                  {t("adminDashboard.fees.entries", { count: fees.collectedEntries })}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t("adminDashboard.fees.due")}</dt>
              <dd>
                {formatVnd(fees.dueVnd, lang)}
                <span className="dashboard-totals__note">
                  {t("adminDashboard.fees.entries", { count: fees.dueEntries })}
                </span>
              </dd>
            </div>
          </dl>
        </section>
      ) : null}

      {payments ? (
        <section className="panel admin-panel" aria-labelledby="dashboard-payments">
          <h2 id="dashboard-payments">{t("adminDashboard.payments.heading")}</h2>
          <dl className="dashboard-totals">
            <div>
              <dt>{t("adminDashboard.payments.collected")}</dt>
              <dd>{formatVnd(payments.collectedVnd, lang)}</dd>
            </div>
            <div>
              <dt>{t("adminDashboard.payments.pending")}</dt>
              <dd>{formatVnd(payments.pendingVnd, lang)}</dd>
            </div>
            <div>
              <dt>{t("adminDashboard.payments.due")}</dt>
              <dd>{formatVnd(payments.dueVnd, lang)}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      <JudgingProgress
        rounds={figures.judging}
        year={figures.season.year}
        lang={lang}
        linkRounds={linkRounds}
      />
    </>
  );
}

/**
 * Each judging round of the season: its state, entries, judges, and the score sheets submitted
 * out of those expected, in words and as a progress bar. Rounds link to their page only for a
 * viewer who may open judging; everyone who sees the dashboard sees the figures.
 */
function JudgingProgress({
  rounds,
  year,
  lang,
  linkRounds,
}: {
  rounds: RoundProgressLine[];
  year: number;
  lang: Lang;
  linkRounds: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const locale = localeOf(lang);
  const number = new Intl.NumberFormat(locale);
  const percentFormat = new Intl.NumberFormat(locale, { style: "percent" });
  const count = (n: number) => number.format(n);
  const percent = (p: number) => percentFormat.format(p / 100);
  return (
    <section className="panel admin-panel" aria-labelledby="dashboard-judging">
      <h2 id="dashboard-judging">{t("adminDashboard.judging.heading")}</h2>
      {rounds.length === 0 ? (
        <p>{t("adminDashboard.judging.notStarted")}</p>
      ) : (
        <>
          <p className="field__hint">{t("adminDashboard.judging.expectedHint")}</p>
          <div className="table-scroll">
            <table className="table dashboard-judging">
              <caption>{t("adminDashboard.judging.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("adminDashboard.judging.columns.round")}</th>
                  <th scope="col">{t("adminDashboard.judging.columns.state")}</th>
                  <th scope="col" className="dashboard-number">
                    {t("adminDashboard.judging.columns.entries")}
                  </th>
                  <th scope="col" className="dashboard-number">
                    {t("adminDashboard.judging.columns.judges")}
                  </th>
                  <th scope="col">{t("adminDashboard.judging.columns.sheets")}</th>
                </tr>
              </thead>
              <tbody>
                {rounds.map((round) => {
                  const label = `${round.position}. ${nameIn(round, lang)}`;
                  const sheetsId = `dashboard-round-${round.id}-sheets`;
                  const sheets =
                    round.percent === null
                      ? t("adminDashboard.judging.noneExpected")
                      : t("adminDashboard.judging.sheets", {
                          count: round.expected,
                          submitted: count(round.submitted),
                          expected: count(round.expected),
                          percent: percent(round.percent),
                        });
                  return (
                    <tr key={round.id}>
                      <th scope="row">
                        {linkRounds ? (
                          <Link to={`${to(`/quan-tri/cham-giai/vong/${round.id}`)}?year=${year}`}>
                            {label}
                          </Link>
                        ) : (
                          label
                        )}
                      </th>
                      <td>{t(`judgingAdmin.state.${round.state}`)}</td>
                      <td className="dashboard-number">{count(round.entries)}</td>
                      <td className="dashboard-number">{count(round.judges)}</td>
                      <td>
                        <span id={sheetsId}>{sheets}</span>
                        {round.percent === null ? null : (
                          <progress
                            className="dashboard-judging__bar"
                            value={round.submitted}
                            max={round.expected}
                            aria-label={t("adminDashboard.judging.barLabel", { round: label })}
                            aria-describedby={sheetsId}
                          >
                            {percent(round.percent)}
                          </progress>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** The season picker: a plain GET form, so it works without JavaScript and keeps the URL. */
export function SeasonPicker({ years, year }: { years: number[]; year: number }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="dashboard-picker">
      <label htmlFor="dashboard-season">{t("adminDashboard.season")}</label>
      <select id="dashboard-season" name="season" defaultValue={String(year)}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary button--small">
        {t("adminDashboard.show")}
      </button>
    </Form>
  );
}
