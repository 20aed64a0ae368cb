import { useEffect, useState } from "react";
import { LazyPart, PartFailed } from "../../components/lazy-part";
import { useTranslation } from "../../i18n/use-translation";
import type { ChartPoint } from "./charts";

const loadChart = () => import("./charts");

/**
 * A titled chart with its text alternatives: the drawing is an image with a one-sentence
 * summary (`role="img"` + `aria-label`), followed by a table with a caption holding every
 * number. The chart itself is drawn in the browser after hydration; the table is in the
 * server's HTML. If the chart's code cannot be fetched, the figure says so, with a way to try
 * again, and the table still holds every number.
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
    <div className="dashboard-chart__drawing" role="img" aria-label={summary}>
      <p className="dashboard-chart__loading" aria-hidden="true">
        {t("adminDashboard.chartLoading")}
      </p>
    </div>
  );
  return (
    <section className="panel admin-panel dashboard-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {mounted ? (
        <LazyPart
          load={loadChart}
          props={{
            points,
            summary,
            valueName: valueHeader,
            format,
            ...(layout ? { layout } : {}),
            ...(marker ? { marker, markerLabel } : {}),
          }}
          loading={loading}
          failed={(retry) => (
            <PartFailed
              className="dashboard-chart__failed"
              message={t("adminDashboard.chartFailed")}
              onRetry={retry}
            />
          )}
        />
      ) : (
        loading
      )}
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
