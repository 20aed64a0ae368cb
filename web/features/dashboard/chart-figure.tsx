import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import type { ChartPoint } from "./charts";

const Chart = lazy(() => import("./charts"));

/**
 * A titled chart with its text alternatives: the drawing is an image with a one-sentence
 * summary (`role="img"` + `aria-label`), followed by a table with a caption holding every
 * number. The chart itself is drawn in the browser after hydration; the table is in the
 * server's HTML.
 */
export function ChartFigure({
  id,
  title,
  summary,
  points,
  labelHeader,
  valueHeader,
  layout,
  marker,
  markerLabel,
  format = (n: number) => String(n),
}: {
  id: string;
  title: string;
  summary: string;
  points: ChartPoint[];
  labelHeader: string;
  valueHeader: string;
  layout?: "columns" | "rows";
  marker?: string | undefined;
  markerLabel?: string | undefined;
  format?: (value: number) => string;
}) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = (
    <p className="dashboard-chart__loading" aria-hidden="true">
      {t("adminDashboard.chartLoading")}
    </p>
  );
  return (
    <section className="panel admin-panel dashboard-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="dashboard-chart__drawing" role="img" aria-label={summary}>
        {mounted ? (
          <Suspense fallback={loading}>
            <Chart
              points={points}
              valueName={valueHeader}
              format={format}
              {...(layout ? { layout } : {})}
              {...(marker ? { marker, markerLabel } : {})}
            />
          </Suspense>
        ) : (
          loading
        )}
      </div>
      <details className="dashboard-chart__data">
        <summary>{t("adminDashboard.showTable")}</summary>
        <div className="table-scroll">
          <table className="table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col" className="dashboard-number">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.label}>
                  <th scope="row">{point.label}</th>
                  <td className="dashboard-number">{format(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
