import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { SiteChrome } from "../../server/load-context";
import { ChatIcon, CloseIcon } from "./icons";
import { useDismiss } from "./use-dismiss";

/** How long after the launcher appears its greeting opens by itself (seed §2). */
const GREETING_DELAY_MS = 3000;

/** Remembers for the visit (the tab's session) that the greeting was shown once. */
const GREETED_KEY = "vx-chat-greeted";

function greetedAlready(): boolean {
  try {
    return sessionStorage.getItem(GREETED_KEY) !== null;
  } catch {
    return true; // storage refused: better never to greet than to greet on every page
  }
}

function rememberGreeted(): void {
  try {
    sessionStorage.setItem(GREETED_KEY, "1");
  } catch {
    // Nothing to remember it in; the greeting simply shows once per page.
  }
}

/**
 * The launcher button (100 px from the bottom, seed §2) and its greeting bubble. The bubble
 * opens by itself once per visit, a few seconds after the launcher appears, without taking
 * focus: a polite live region reads the greeting, and it stays until closed (its close
 * button or the launcher). Opened with the launcher it behaves as a disclosure: Esc, a press
 * or focus outside close it.
 */
export default function ChatPanel({ chat }: { chat: NonNullable<SiteChrome["chat"]> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<"closed" | "greeting" | "open">("closed");
  const [announced, setAnnounced] = useState("");
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const bubbleId = useId();
  const close = useCallback(() => setShown("closed"), []);
  useDismiss(shown === "open", container, button, close);

  useEffect(() => {
    if (greetedAlready()) return;
    const timer = setTimeout(() => {
      rememberGreeted();
      setShown((current) => (current === "closed" ? "greeting" : current));
      setAnnounced(t("chat.greeting"));
    }, GREETING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t]);

  const open = shown !== "closed";
  return (
    <div className="chat-launcher" ref={container}>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
      {open ? (
        <div
          id={bubbleId}
          className="chat-launcher__bubble"
          role="dialog"
          aria-label={t("chat.open")}
          data-greeting={shown === "greeting" ? "" : undefined}
        >
          <button
            type="button"
            className="icon-button chat-launcher__close"
            aria-label={t("chat.close")}
            onClick={() => {
              close();
              button.current?.focus();
            }}
          >
            <CloseIcon size={18} />
          </button>
          <p>{t("chat.greeting")}</p>
          <a
            className="button button--primary"
            href={chat.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {chat.provider === "zalo" ? t("chat.startZalo") : t("chat.startMessenger")}
          </a>
        </div>
      ) : null}
      <button
        ref={button}
        type="button"
        className="chat-launcher__button"
        aria-label={t("chat.open")}
        aria-expanded={open}
        aria-controls={open ? bubbleId : undefined}
        onClick={() => setShown((current) => (current === "closed" ? "open" : "closed"))}
      >
        <ChatIcon />
      </button>
    </div>
  );
}
