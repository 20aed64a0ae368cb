import { describe, expect, it } from "vitest";
import {
  clampScale,
  DestinationHistory,
  downloadFileName,
  isPdfFileName,
  parsePageNumber,
  PDF_VIEWER,
  percentLoaded,
} from "./pdf-viewer-rules";

describe("parsePageNumber", () => {
  it("accepts a whole number from 1 to the page count", () => {
    expect(parsePageNumber("1", 12)).toBe(1);
    expect(parsePageNumber("12", 12)).toBe(12);
    expect(parsePageNumber(" 7 ", 12)).toBe(7);
    expect(parsePageNumber("007", 12)).toBe(7);
  });

  it.each(["0", "13", "1.5", "2.0", "1e1", "-2", "+3", "", " ", "abc", "٣", "12345678901"])(
    "refuses %j in a 12-page document",
    (input) => {
      expect(parsePageNumber(input, 12)).toBeNull();
    },
  );

  it("refuses everything while there are no pages", () => {
    expect(parsePageNumber("1", 0)).toBeNull();
  });
});

describe("clampScale", () => {
  it("keeps the zoom within 10 % and 1000 %", () => {
    expect(clampScale(0.01)).toBe(PDF_VIEWER.minScale);
    expect(clampScale(25)).toBe(PDF_VIEWER.maxScale);
    expect(clampScale(1.5)).toBe(1.5);
    expect(clampScale(Number.NaN)).toBe(1);
  });
});

describe("isPdfFileName", () => {
  it("accepts .pdf in any case and nothing else", () => {
    expect(isPdfFileName("tieu-chi.pdf")).toBe(true);
    expect(isPdfFileName("TIEU-CHI.PDF")).toBe(true);
    expect(isPdfFileName("anh.png")).toBe(false);
    expect(isPdfFileName("tai-lieu.pdf.exe")).toBe(false);
    expect(isPdfFileName("pdf")).toBe(false);
  });
});

describe("downloadFileName", () => {
  it("is the title in plain lower-case words, ending in .pdf", () => {
    expect(downloadFileName("Tiêu chí chấm giải và thể lệ tóm tắt 2026")).toBe(
      "tieu-chi-cham-giai-va-the-le-tom-tat-2026.pdf",
    );
    expect(downloadFileName("Đề án: Quảng cáo “Xanh”.pdf")).toBe("de-an-quang-cao-xanh.pdf");
    expect(downloadFileName("…")).toBe("document.pdf");
    expect(downloadFileName("a".repeat(200))).toBe(`${"a".repeat(80)}.pdf`);
  });
});

describe("percentLoaded", () => {
  it("is whole percent, or null while the size is unknown", () => {
    expect(percentLoaded(0, 200)).toBe(0);
    expect(percentLoaded(99, 200)).toBe(49);
    expect(percentLoaded(300, 200)).toBe(100);
    expect(percentLoaded(10, 0)).toBeNull();
    expect(percentLoaded(10, Number.NaN)).toBeNull();
  });
});

describe("DestinationHistory", () => {
  it("goes back to where a jump started and forward again", () => {
    const history = new DestinationHistory<number>();
    history.push(1); // jumped from page 1 to 5
    history.push(5); // jumped from page 5 to 9
    expect(history.back(9)).toBe(5);
    expect(history.back(5)).toBe(1);
    expect(history.back(1)).toBeNull();
    expect(history.forward(1)).toBe(5);
    expect(history.forward(5)).toBe(9);
    expect(history.forward(9)).toBeNull();
  });

  it("forgets the forward list on a new jump", () => {
    const history = new DestinationHistory<number>();
    history.push(1);
    expect(history.back(4)).toBe(1);
    expect(history.canGoForward).toBe(true);
    history.push(1);
    expect(history.canGoForward).toBe(false);
  });

  it("remembers at most 50 places, forgetting the oldest", () => {
    const history = new DestinationHistory<number>();
    for (let page = 1; page <= 60; page++) history.push(page);
    expect(history.size).toBe(PDF_VIEWER.historyLimit);
    let last: number | null = null;
    for (let current = 61; history.canGoBack;) {
      last = history.back(current);
      current = last ?? current;
    }
    expect(last).toBe(11);
  });
});
