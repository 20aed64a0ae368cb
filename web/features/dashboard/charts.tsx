import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";

/** One bar: its label on the axis and its value. */
export interface ChartPoint {
  label: string;
  value: number;
}

// The site's brand red and a dark gold (SVG attributes cannot read CSS variables everywhere).
const COLOR = "#7a1f1f";
const MARK = "#8a5a00";

/**
 * A bar chart of fixed size (recharts draws in the browser only; the page's table alternative
 * carries the same numbers for the server's HTML and for screen readers). Loaded on demand by
 * the dashboard alone, so no other page's script includes the chart library.
 */
export default function Chart({
  points,
  summary,
  layout = "columns",
  marker,
  markerLabel,
  valueName,
  format = String,
}: {
  points: ChartPoint[];
  /** One sentence saying what the drawing shows: the drawing is one image with this name. */
  summary: string;
  layout?: "columns" | "rows";
  /** A label on the category axis to mark with a line (the submission deadline). */
  marker?: string | undefined;
  markerLabel?: string | undefined;
  valueName: string;
  format?: (value: number) => string;
}) {
  const rows = layout === "rows";
  const height = rows ? Math.max(160, points.length * 28 + 40) : 260;
  return (
    <div className="dashboard-chart__drawing" role="img" aria-label={summary}>
      <BarChart
        width={720}
        height={height}
        data={points}
        layout={rows ? "vertical" : "horizontal"}
        // The drawing is one image with a text summary; the table beside it is the way in for
        // the keyboard and screen readers, so the chart adds no focus stop of its own.
        accessibilityLayer={false}
        margin={{ top: 16, right: 24, bottom: 8, left: rows ? 8 : 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        {rows ? (
          <>
            <XAxis type="number" allowDecimals={false} tickFormatter={format} />
            {/* Every row is labelled: each row's height leaves room for its name. */}
            <YAxis type="category" dataKey="label" width={200} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" minTickGap={12} />
            <YAxis allowDecimals={false} tickFormatter={format} />
          </>
        )}
        <Tooltip formatter={(value) => [format(Number(value)), valueName]} />
        <Bar dataKey="value" name={valueName} fill={COLOR} isAnimationActive={false} />
        {marker && !rows ? (
          <ReferenceLine
            x={marker}
            stroke={MARK}
            strokeWidth={2}
            strokeDasharray="4 2"
            label={{ value: markerLabel ?? "", position: "insideTopRight", fill: MARK }}
          />
        ) : null}
      </BarChart>
    </div>
  );
}
