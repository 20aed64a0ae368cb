/**
 * When the browser hydrates a server-rendered page (PRODUCT §11: "home page JS ≤ 80 KB gzip
 * before interaction").
 *
 * Reading pages (home, news, jury, winners, track and introduction pages) arrive complete from
 * the server and work without JavaScript: links are plain links, the header's submenus open by
 * CSS. Their route modules mark them with `handle.hydrate = "on-interaction"`, the root copies
 * that onto `<html data-hydrate>`, and this module then waits for the first sign of a person —
 * a pointer moving or pressing, a touch, a key, focus — before loading React DOM and
 * hydrating. Every other page (forms, account, back office) hydrates at once.
 *
 * Clicks and form submissions that arrive before React is ready are held (default prevented)
 * and played again on the same element once hydration has committed, so the first tap on the
 * menu button or a filter's button still does what it says. Clicks on checkboxes, radios,
 * text fields and selects are not held: they change at once, as plain HTML, and React keeps
 * their state when it hydrates. Should loading fail, they are played again
 * without React: links and forms then behave as plain HTML. On pages that hydrate at once,
 * only the submissions of forms that need their script (`data-needs-script`) are held.
 *
 * Plain DOM, no React import: this runs in the small entry chunk.
 */

export const HYDRATE_ATTRIBUTE = "data-hydrate";
export const ON_INTERACTION = "on-interaction";

/** Events that mean someone is there and about to act; any one of them starts hydration. */
const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"];

/** Whether the page asked to wait for a person before hydrating. */
export function waitsForInteraction(doc: Document): boolean {
  return doc.documentElement.getAttribute(HYDRATE_ATTRIBUTE) === ON_INTERACTION;
}

/** Input types whose click does nothing by itself (buttons submit or wait for script). */
const ACTION_INPUTS = new Set(["submit", "image", "reset", "button"]);

/**
 * A click on a form control that works by itself — a checkbox or radio (or its label), a text
 * field, a select: the browser changes it at once, and React, hydrating later, keeps what the
 * control holds. Holding such a click would leave the tick or choice unseen until React is
 * ready (a second or two on a slow line).
 */
function nativeControl(target: Element | null): boolean {
  const element = target?.closest?.("input, select, textarea, label");
  // A link or button inside a label is still a link or button.
  if (!element || target?.closest?.("a[href], button") !== null) return false;
  const control = element instanceof HTMLLabelElement ? element.control : element;
  if (control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) return true;
  return control instanceof HTMLInputElement && !ACTION_INPUTS.has(control.type);
}

/**
 * A click the browser should keep handling itself: new tab/window, download, other targets,
 * and form controls that need no script.
 */
function leftToBrowser(event: MouseEvent): boolean {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
    return true;
  }
  if (nativeControl(event.target as Element | null)) return true;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!link) return false;
  const target = link.getAttribute("target");
  return link.hasAttribute("download") || (target !== null && target !== "_self");
}

/** A form's submission held back: the form and the button that sent it, if any. */
interface Submission {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

type Held =
  { kind: "click"; target: Element; event: MouseEvent } | ({ kind: "submit" } & Submission);

function submissionOf(event: Event): Submission | null {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!form) return null;
  const submitter = (event as SubmitEvent).submitter;
  return { form, submitter: submitter instanceof HTMLElement ? submitter : null };
}

/** Sends a held submission again, with the button that sent it while that is still there. */
function submitAgain({ form, submitter }: Submission): void {
  if (!form.isConnected) return;
  if (submitter?.isConnected) form.requestSubmit(submitter);
  else form.requestSubmit();
}

function copyOfClick(event: MouseEvent): MouseEvent {
  return new MouseEvent("click", {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: event.view,
    detail: event.detail,
    screenX: event.screenX,
    screenY: event.screenY,
    clientX: event.clientX,
    clientY: event.clientY,
    button: 0,
  });
}

/**
 * Runs `hydrate` now, or at the first interaction when the page waits for one (and `now` is
 * not set). `hydrate` resolves once React has committed the hydrated tree.
 */
export function hydrateWhenNeeded(
  hydrate: () => Promise<void>,
  { now = false, doc = document }: { now?: boolean; doc?: Document } = {},
): void {
  if (now || !waitsForInteraction(doc)) {
    holdScriptFormsUntil(hydrate(), doc);
    return;
  }
  const held: Held[] = [];
  let started = false;

  const hold = (event: Event) => {
    if (event.type === "click") {
      if (leftToBrowser(event as MouseEvent)) return;
      // The target may be an icon inside a button or link: keep it, and the event's details.
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      held.push({ kind: "click", target, event: event as MouseEvent });
    } else {
      const submission = submissionOf(event);
      if (!submission) return;
      held.push({ kind: "submit", ...submission });
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    start();
  };

  const replay = () => {
    for (const item of held.splice(0)) {
      if (item.kind === "click") {
        // Dispatched clicks bubble to React's root listener and still activate links,
        // labels and checkboxes, as the original would have.
        if (item.target.isConnected) item.target.dispatchEvent(copyOfClick(item.event));
      } else {
        submitAgain(item);
      }
    }
  };

  function start() {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, start, true);
    const release = () => {
      doc.removeEventListener("click", hold, true);
      doc.removeEventListener("submit", hold, true);
      replay();
    };
    hydrate().then(release, (error: unknown) => {
      console.error("Hydration failed; the page stays plain HTML.", error);
      release();
    });
  }

  doc.addEventListener("click", hold, true);
  doc.addEventListener("submit", hold, true);
  for (const type of INTENT_EVENTS) {
    doc.addEventListener(type, start, { capture: true, passive: true });
  }
}

/** Marks a form that only works through its script (it has no server action to post to). */
export const NEEDS_SCRIPT_ATTRIBUTE = "data-needs-script";

/**
 * On a page that hydrates at once, a form that only works through its script can still be
 * sent before the script has arrived (Enter in a field on a slow line): the browser would post
 * it to a route with no action, and what was typed would be lost. Such a submission is held
 * and sent again once React has attached; if hydration fails it is dropped, as the form cannot
 * work without its script.
 */
export function holdScriptFormsUntil(hydrated: Promise<void>, doc: Document = document): void {
  const held: Submission[] = [];
  const hold = (event: Event) => {
    const submission = submissionOf(event);
    if (!submission?.form.hasAttribute(NEEDS_SCRIPT_ATTRIBUTE)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // One submission a form: pressing Enter twice while waiting asks once.
    if (!held.some((item) => item.form === submission.form)) held.push(submission);
  };
  doc.addEventListener("submit", hold, true);
  const release = (replay: boolean) => {
    doc.removeEventListener("submit", hold, true);
    for (const submission of held.splice(0)) if (replay) submitAgain(submission);
  };
  hydrated.then(
    () => release(true),
    (error: unknown) => {
      console.error("Hydration failed; forms that need their script stay unsent.", error);
      release(false);
    },
  );
}

/** The route `handle` of a reading page: `export const handle = readingPageHandle;`. */
export const readingPageHandle = { hydrate: ON_INTERACTION } as const;

/** The `<html data-hydrate>` value for the matched routes: set when any of them is a reading page. */
export function hydrateAttributeOf(handles: readonly unknown[]): typeof ON_INTERACTION | undefined {
  return handles.some(
    (handle) =>
      typeof handle === "object" &&
      handle !== null &&
      (handle as { hydrate?: unknown }).hydrate === ON_INTERACTION,
  )
    ? ON_INTERACTION
    : undefined;
}
