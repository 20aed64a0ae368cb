import type { TFunction } from "i18next";
import type { Lang } from "../../core/languages";

type Args = Record<string, unknown>;
/** A pdf.js message: its text and/or attributes, as pdf.js's Fluent files define them. */
type Message = { value?: string; attrs?: Record<string, string> };

/**
 * The texts pdf.js writes into the page itself (page landmarks, annotation editor controls),
 * in the page's language from our catalogues instead of pdf.js's own English bundle.
 */
function messages(t: TFunction, lang: Lang): Record<string, (args: Args) => Message> {
  const label = (key: string) => () => ({ attrs: { "aria-label": t(key) } });
  const title = (key: string) => () => ({ attrs: { title: t(key) } });
  const text = (key: string) => () => ({ value: t(key) });
  const resizer = label("pdf.engine.resize");
  return {
    "pdfjs-page-landmark": (args) => ({
      attrs: { "aria-label": t("pdf.engine.pageLandmark", { page: args.page }) },
    }),
    "pdfjs-editor-ink-editor": label("pdf.engine.inkEditor"),
    "pdfjs-editor-stamp-editor": label("pdf.engine.stampEditor"),
    "pdfjs-editor-remove-ink-button": title("pdf.engine.removeInk"),
    "pdfjs-editor-remove-stamp-button": title("pdf.engine.removeStamp"),
    "pdfjs-editor-remove-freetext-button": title("pdf.engine.remove"),
    "pdfjs-editor-remove-highlight-button": title("pdf.engine.remove"),
    "pdfjs-editor-remove-signature-button": title("pdf.engine.remove"),
    "pdfjs-editor-resizer-top-left": resizer,
    "pdfjs-editor-resizer-top-middle": resizer,
    "pdfjs-editor-resizer-top-right": resizer,
    "pdfjs-editor-resizer-middle-right": resizer,
    "pdfjs-editor-resizer-bottom-right": resizer,
    "pdfjs-editor-resizer-bottom-middle": resizer,
    "pdfjs-editor-resizer-bottom-left": resizer,
    "pdfjs-editor-resizer-middle-left": resizer,
    "pdfjs-editor-alt-text-button": label("pdf.engine.altText"),
    "pdfjs-editor-alt-text-button-label": text("pdf.engine.altText"),
    "pdfjs-editor-alt-text-edit-button": label("pdf.engine.altText"),
    "pdfjs-editor-alt-text-decorative-tooltip": text("pdf.engine.altText"),
    "pdfjs-editor-new-alt-text-missing-button": label("pdf.engine.altText"),
    "pdfjs-editor-new-alt-text-missing-button-label": text("pdf.engine.altText"),
    "pdfjs-editor-new-alt-text-added-button": label("pdf.engine.altText"),
    "pdfjs-editor-new-alt-text-added-button-label": text("pdf.engine.altText"),
    "pdfjs-editor-new-alt-text-to-review-button": label("pdf.engine.altText"),
    "pdfjs-editor-new-alt-text-to-review-button-label": text("pdf.engine.altText"),
    "pdfjs-editor-ink-added-alert": text("pdf.engine.inkAdded"),
    "pdfjs-editor-stamp-added-alert": text("pdf.engine.stampAdded"),
    "pdfjs-text-annotation-type": (args) => ({
      attrs: { alt: t("pdf.engine.annotation", { type: args.type }) },
    }),
    "pdfjs-annotation-date-time-string": (args) => ({
      value:
        args.dateObj instanceof Date || typeof args.dateObj === "number"
          ? new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "vi-VN", {
              dateStyle: "short",
              timeStyle: "medium",
            }).format(args.dateObj)
          : "",
    }),
  };
}

const ID = "data-l10n-id";
const ARGS = "data-l10n-args";

/**
 * pdf.js's localisation interface (IL10n) over our i18next catalogues: pdf.js marks elements
 * with `data-l10n-id` / `data-l10n-args`; this fills in their text and attributes, also for
 * elements it adds later (a mutation observer per connected root).
 */
export class ViewerL10n {
  private readonly table: Record<string, (args: Args) => Message>;
  private readonly observers = new Map<Element, MutationObserver>();
  private paused = false;

  constructor(
    t: TFunction,
    private readonly lang: Lang,
  ) {
    this.table = messages(t, lang);
  }

  getLanguage(): string {
    return this.lang === "en" ? "en-GB" : "vi";
  }

  getDirection(): string {
    return "ltr";
  }

  async get(ids: string | string[], args: Args | null = null, fallback?: string): Promise<string> {
    // pdf.js asks for several ids at once and then expects a list back (its typing says otherwise).
    if (Array.isArray(ids)) {
      return ids.map((id) => this.format(id, {}).value ?? "") as unknown as string;
    }
    return this.format(ids, args ?? {}).value ?? fallback ?? "";
  }

  async translate(element: HTMLElement): Promise<void> {
    this.translateTree(element);
    if (this.observers.has(element) || typeof MutationObserver === "undefined") return;
    const observer = new MutationObserver((records) => {
      if (this.paused) return;
      for (const record of records) {
        if (record.type === "attributes") this.translateElement(record.target as Element);
        for (const node of record.addedNodes) {
          if (node instanceof Element) this.translateTree(node);
        }
      }
    });
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: [ID, ARGS],
    });
    this.observers.set(element, observer);
  }

  async translateOnce(element: HTMLElement): Promise<void> {
    this.translateTree(element);
  }

  async destroy(): Promise<void> {
    for (const observer of this.observers.values()) observer.disconnect();
    this.observers.clear();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  private format(id: string, args: Args): Message {
    return this.table[id]?.(args) ?? {};
  }

  private translateTree(root: Element): void {
    if (root.hasAttribute(ID)) this.translateElement(root);
    for (const element of root.querySelectorAll(`[${ID}]`)) this.translateElement(element);
  }

  private translateElement(element: Element): void {
    const id = element.getAttribute(ID);
    if (!id) return;
    let args: Args = {};
    const raw = element.getAttribute(ARGS);
    if (raw) {
      try {
        args = JSON.parse(raw) as Args;
      } catch {
        args = {};
      }
    }
    const message = this.format(id, args);
    if (message.value !== undefined && element.textContent !== message.value) {
      element.textContent = message.value;
    }
    for (const [name, value] of Object.entries(message.attrs ?? {})) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }
}
