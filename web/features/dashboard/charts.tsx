import { useEffect, useMemo, useRef, useState } from "react";
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import {
  AXIS_FONT_PX,
  AXIS_LINE_PX,
  layoutRowLabels,
  rowsChartGeometry,
  type RowLabel,
} from "./axis-labels";

/** One bar: its label on the axis and its value. */
export interface ChartPoint {
  label: string;
  value: number;
}

// The site's brand red and a dark gold (SVG attributes cannot read CSS variables everywhere).
const COLOR = "#7a1f1f";
const MARK = "#8a5a00";

/** The widest and narrowest drawing: below the narrowest, the drawing scrolls sideways. */
const MAX_WIDTH = 720;
const MIN_WIDTH = 320;
/** The gap between a row's name and the axis line. */
const TICK_GAP = 6;

/** The width of a text in the axis labels' font, as the browser draws it. */
function browserMeasure(): (text: string) => number {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return (text) => text.length * AXIS_FONT_PX * 0.65;
  context.font = `${AXIS_FONT_PX}px ${getComputedStyle(document.body).fontFamily}`;
  return (text) => context.measureText(text).width;
}

/** The drawing's width: its box's, kept between MIN_WIDTH and MAX_WIDTH. */
function useDrawingWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(MAX_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () =>
      setWidth(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(box.clientWidth))));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A row's name on the category axis: its lines centred on the row, its whole name as title. */
function RowTick({ x, y, label }: { x: number; y: number; label: RowLabel | undefined }) {
  if (!label) return null;
  const first = -((label.lines.length - 1) * AXIS_LINE_PX) / 2;
  return (
    <g transform={`translate(${x - TICK_GAP},${y})`} className="dashboard-chart__row-label">
      <title>{label.full}</title>
      <text textAnchor="end" fontSize={AXIS_FONT_PX} fill="#333" dominantBaseline="central">
        {label.lines.map((line, i) => (
          <tspan key={i} x={0} y={first + i * AXIS_LINE_PX}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/**
 * A bar chart as wide as its box (MIN_WIDTH–MAX_WIDTH) (recharts draws in the browser only; the page's table alternative
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
  const { ref, width } = useDrawingWidth();
  const geometry = rowsChartGeometry(width, points.length);
  // Each row's name fitted to the axis: at most two lines, never into the next row.
  const labels = useMemo(() => {
    if (!rows) return new Map<string, RowLabel>();
    const measure = browserMeasure();
    const fitted = layoutRowLabels(
      points.map((p) => p.label),
      geometry.labelWidth - TICK_GAP,
      measure,
    );
    return new Map(fitted.map((label) => [label.full, label]));
  }, [rows, points, geometry.labelWidth]);
  const height = rows ? geometry.height : 260;
  return (
    <div ref={ref} className="dashboard-chart__drawing" role="img" aria-label={summary}>
      <BarChart
        width={width}
        height={height}
        data={points}
        layout={rows ? "vertical" : "horizontal"}
        // The drawing is one image with a text summary; the table beside it is the way in for
        // the keyboard and screen readers, so the chart adds no focus stop of its own.
        accessibilityLayer={false}
        margin={rows ? geometry.margin : { top: 16, right: 24, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        {rows ? (
          <>
            <XAxis type="number" allowDecimals={false} tickFormatter={format} />
            {/* Every row is labelled: each row's height leaves room for two lines of its name. */}
            <YAxis
              type="category"
              dataKey="label"
              width={geometry.labelWidth}
              interval={0}
              tick={(props) => (
                <RowTick
                  x={Number(props.x)}
                  y={Number(props.y)}
                  label={labels.get(String(props.payload?.value))}
                />
              )}
            />
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
