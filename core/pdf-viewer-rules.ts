/** The PDF viewer's limits and behaviour (seed §5, §9), shared by the viewer and its tests. */
export const PDF_VIEWER = {
  /** Zoom limits: 10 % to 1000 %. */
  minScale: 0.1,
  maxScale: 10,
  /** Pages rendered ahead on either side of the visible ones. */
  renderAround: 3,
  /** Length of the animated scroll to another page. */
  smoothScrollMs: 400,
  /** After a resize: re-fit a preset zoom (page fit / width) after 100 ms, re-render after 200 ms. */
  refitDebounceMs: 100,
  rerenderDebounceMs: 200,
  /** Largest canvas pdf.js may draw a page on (16,777,216 pixels, 4096 × 4096). */
  maxCanvasPixels: 16_777_216,
  /** Positions remembered for Back / Forward after following links or jumping to a page. */
  historyLimit: 50,
  /** Byte ranges fetched from the server (64 KiB), so the first page shows early. */
  rangeChunkSize: 65_536,
  /** Annotation editor defaults: ink thickness and opacity (lines are drawn with round caps). */
  inkThickness: 1,
  inkOpacity: 1,
} as const;

/** Image types the stamp tool accepts (seed §5); pdf.js fits a stamp within 75 % of the page. */
export const STAMP_IMAGE_TYPES = [
  "image/apng",
  "image/avif",
  "image/bmp",
  "image/gif",
  "image/jpeg",
  "image/png",
  "image/svg+xml",
  "image/webp",
  "image/x-icon",
] as const;

/** Zoom presets offered beside the percentages ("auto": page width, at most 125 %). */
export const ZOOM_PRESETS = ["auto", "page-fit", "page-width", "page-actual"] as const;
export type ZoomPreset = (typeof ZOOM_PRESETS)[number];
export const ZOOM_PERCENTAGES = [50, 75, 100, 125, 150, 200, 300, 400] as const;

export function isZoomPreset(value: string): value is ZoomPreset {
  return (ZOOM_PRESETS as readonly string[]).includes(value);
}

/** A zoom factor kept within the viewer's limits. */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(PDF_VIEWER.maxScale, Math.max(PDF_VIEWER.minScale, scale));
}

/**
 * What the page-number box accepts (seed §5): a whole number from 1 to the page count,
 * written with digits only. "0", "1.5", "1e1", "-2", "+3" and anything past the end are
 * refused (null).
 */
export function parsePageNumber(input: string, pageCount: number): number | null {
  const value = input.trim();
  if (!/^[0-9]{1,9}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= pageCount ? page : null;
}

/** The open-file button accepts only `.pdf` files (seed §5). */
export function isPdfFileName(name: string): boolean {
  return /\.pdf$/i.test(name.trim());
}

/**
 * The file name a downloaded document gets: its title in lower-case ASCII words joined by
 * hyphens (`Tiêu chí chấm giải 2026` → `tieu-chi-cham-giai-2026.pdf`).
 */
export function downloadFileName(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase()
    .replace(/\.pdf$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${slug || "document"}.pdf`;
}

/** Loading progress in whole percent, or null while the total size is unknown. */
export function percentLoaded(loaded: number, total: number): number | null {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(loaded)) return null;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/**
 * Back / Forward through the places a reader jumped from (links, page box, thumbnails,
 * search), at most `limit` of them; the oldest are forgotten first.
 */
export class DestinationHistory<T> {
  private readonly past: T[] = [];
  private future: T[] = [];

  constructor(private readonly limit: number = PDF_VIEWER.historyLimit) {}

  /** Remembers where the reader was before a jump; a new jump forgets the Forward list. */
  push(from: T): void {
    this.past.push(from);
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit);
    this.future = [];
  }

  /** Where Back goes from `current`, which Forward then returns to; null when there is none. */
  back(current: T): T | null {
    const target = this.past.pop();
    if (target === undefined) return null;
    this.future.push(current);
    return target;
  }

  forward(current: T): T | null {
    const target = this.future.pop();
    if (target === undefined) return null;
    this.past.push(current);
    return target;
  }

  get canGoBack(): boolean {
    return this.past.length > 0;
  }

  get canGoForward(): boolean {
    return this.future.length > 0;
  }

  get size(): number {
    return this.past.length;
  }

  clear(): void {
    this.past.length = 0;
    this.future = [];
  }
}
