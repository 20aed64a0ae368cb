/**
 * The names on a row chart's category axis: each fits the axis's width on at most two lines,
 * a longer one shortened with an ellipsis (its whole name is the label's title and in the table
 * below the chart), and each row is tall enough for two lines, so no name reaches its
 * neighbour's. Pure: the browser passes its own text measure, tests a stand-in.
 */

/** The axis labels' font size and line height, in pixels. */
export const AXIS_FONT_PX = 12;
export const AXIS_LINE_PX = 15;
const MAX_LINES = 2;
/** Room between two rows' labels. */
const ROW_GAP_PX = 10;
/** The value axis under the rows (recharts' default height of a horizontal axis). */
const VALUE_AXIS_PX = 30;
const ELLIPSIS = "…";

export interface RowLabel {
  /** The whole name, for the label's title. */
  full: string;
  /** What the axis shows, one string a line. */
  lines: string[];
  truncated: boolean;
}

export interface RowsChartGeometry {
  /** The category axis's width: the labels' room. */
  labelWidth: number;
  /** One row's height. */
  rowPitch: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

/**
 * The size of a row chart `chartWidth` pixels wide with `rows` rows: at most two fifths of the
 * width (and 200 px) for the names, the rest for the bars.
 */
export function rowsChartGeometry(chartWidth: number, rows: number): RowsChartGeometry {
  const margin = { top: 16, right: 24, bottom: 8, left: 8 };
  const labelWidth = Math.max(100, Math.min(200, Math.floor(chartWidth * 0.4)));
  const rowPitch = MAX_LINES * AXIS_LINE_PX + ROW_GAP_PX;
  const height = Math.max(rows, 1) * rowPitch + margin.top + margin.bottom + VALUE_AXIS_PX;
  return { labelWidth, rowPitch, height, margin };
}

/** The longest start of `text` that fits `width` with an ellipsis after it. */
function shorten(text: string, width: number, measure: (text: string) => number): string {
  let end = text.length;
  while (end > 0 && measure(`${text.slice(0, end).trimEnd()}${ELLIPSIS}`) > width) end--;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

/** The longest start of `word` that fits `width` (at least one character). */
function fittingStart(word: string, width: number, measure: (text: string) => number): string {
  let end = word.length;
  while (end > 1 && measure(word.slice(0, end)) > width) end--;
  return word.slice(0, end);
}

/** Breaks one name into at most two lines of `width` pixels, with what did not fit. */
function wrap(
  label: string,
  width: number,
  measure: (text: string) => number,
): { lines: string[]; rest: string } {
  const lines: string[] = [];
  let rest = label.trim().replace(/\s+/g, " ");
  while (rest !== "" && lines.length < MAX_LINES) {
    if (measure(rest) <= width) {
      lines.push(rest);
      rest = "";
      break;
    }
    const words = rest.split(" ");
    let line = "";
    let used = 0;
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next) > width) break;
      line = next;
      used++;
    }
    // A word longer than the whole line is cut where it no longer fits.
    if (used === 0) line = fittingStart(words[0]!, width, measure);
    lines.push(line);
    rest = rest.slice(line.length).trimStart();
  }
  return { lines, rest };
}

/** The axis lines of each name, for an axis `width` pixels wide. */
export function layoutRowLabels(
  labels: readonly string[],
  width: number,
  measure: (text: string) => number,
): RowLabel[] {
  return labels.map((full) => {
    const { lines, rest } = wrap(full, width, measure);
    if (rest === "") return { full, lines, truncated: false };
    const last = lines.length - 1;
    lines[last] = shorten(`${lines[last]!} ${rest}`, width, measure);
    return { full, lines, truncated: true };
  });
}
