import type { ViewerTheme } from "./theme";

/** What the toolbar shows; kept in step with pdf.js's events. */
export interface ViewState {
  page: number;
  pageCount: number;
  scale: number;
  /** pdf.js's current scale value: a preset name or a number as text. */
  scaleValue: string;
  rotation: number;
  scrollMode: "vertical" | "horizontal" | "page" | "wrapped";
  spreadMode: "single" | "dual" | "dualCover";
  editor: "none" | "ink" | "stamp";
  annotated: boolean;
  canBack: boolean;
  canForward: boolean;
}

export const INITIAL_VIEW: ViewState = {
  page: 1,
  pageCount: 0,
  scale: 1,
  scaleValue: "auto",
  rotation: 0,
  scrollMode: "vertical",
  spreadMode: "single",
  editor: "none",
  annotated: false,
  canBack: false,
  canForward: false,
};

export const SCROLL_MODES = ["vertical", "horizontal", "page", "wrapped"] as const;
export const SPREAD_MODES = ["single", "dual", "dualCover"] as const;
export const THEMES = ["light", "dark", "auto"] as const;

/** What the toolbar's controls (and the keyboard shortcuts) ask of the viewer. */
export interface ToolbarActions {
  pageInput: (text: string) => void;
  pageCommit: () => void;
  previousPage: () => void;
  nextPage: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  zoomTo: (value: string) => void;
  toggleSidebar: () => void;
  toggleFind: () => void;
  ink: () => void;
  stamp: () => void;
  fullscreen: () => void;
  download: () => void;
  print: () => void;
  openFile: () => void;
  rotate: (by: 90 | -90) => void;
  scrollMode: (mode: ViewState["scrollMode"]) => void;
  spreadMode: (mode: ViewState["spreadMode"]) => void;
  theme: (theme: ViewerTheme) => void;
  properties: () => void;
  back: () => void;
  forward: () => void;
}
