import { describe, expect, it } from "vitest";
import { AXIS_LINE_PX, layoutRowLabels, rowsChartGeometry } from "./axis-labels";

// A wide estimate of a 12 px sans-serif line: capitals and digits wider than small letters, so
// a line measured by it is no narrower than the browser draws it.
const measure = (text: string) =>
  [...text].reduce((sum, ch) => sum + (ch === " " ? 4 : /[A-ZĐ0-9]/.test(ch) ? 9 : 7.5), 0);

const LABELS = [
  "TVC · Phim quảng cáo truyền hình",
  "OOH · Quảng cáo ngoài trời và trên phương tiện giao thông công cộng",
  "EVT · Sự kiện / Kích hoạt thương hiệu tại điểm bán",
  "AGY · Công ty quảng cáo của năm",
  "YTA · Tài năng",
  "INT · Chiến dịch tích hợp đa nền tảng kỹ thuật số dành cho thương hiệu Việt",
  "Khôngcókhoảngtrắngnàotrongtênrấtdàinàycả",
];

describe("the row charts' axis labels", () => {
  for (const chartWidth of [358, 720]) {
    it(`fit their axis and never reach the next row at a chart ${chartWidth} px wide`, () => {
      const geometry = rowsChartGeometry(chartWidth, LABELS.length);
      expect(geometry.labelWidth).toBeGreaterThanOrEqual(100);
      // The bars keep at least half of the drawing.
      expect(geometry.labelWidth).toBeLessThanOrEqual(chartWidth / 2);
      const labels = layoutRowLabels(LABELS, geometry.labelWidth, measure);
      const boxes = labels.map((label, i) => {
        const middle = (i + 0.5) * geometry.rowPitch;
        const height = label.lines.length * AXIS_LINE_PX;
        return { top: middle - height / 2, bottom: middle + height / 2 };
      });
      for (const [i, label] of labels.entries()) {
        expect(label.lines.length).toBeGreaterThanOrEqual(1);
        expect(label.lines.length).toBeLessThanOrEqual(2);
        for (const line of label.lines)
          expect(measure(line)).toBeLessThanOrEqual(geometry.labelWidth);
        // The whole name stays available (the label's title) and what is shown begins it.
        expect(label.full).toBe(LABELS[i]);
        const shown = label.lines.join(" ").replace(/…$/, "");
        expect(LABELS[i]!.replace(/\s+/g, "")).toContain(shown.replace(/\s+/g, ""));
        expect(label.truncated).toBe(label.lines.join(" ").endsWith("…"));
        if (i > 0) expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.bottom);
      }
      // The plot's rows are as tall as the geometry says (margins and the value axis aside).
      expect(geometry.height).toBe(
        LABELS.length * geometry.rowPitch + geometry.margin.top + geometry.margin.bottom + 30,
      );
    });
  }

  it("keeps a short name whole on one line", () => {
    const [label] = layoutRowLabels(["YTA · Tài năng"], 200, measure);
    expect(label).toEqual({ full: "YTA · Tài năng", lines: ["YTA · Tài năng"], truncated: false });
  });

  it("shortens a name longer than two lines with an ellipsis", () => {
    const [label] = layoutRowLabels([LABELS[5]!], 140, measure);
    expect(label!.lines).toHaveLength(2);
    expect(label!.truncated).toBe(true);
    expect(label!.lines[1]!.endsWith("…")).toBe(true);
  });
});
