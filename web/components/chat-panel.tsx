import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { SiteChrome } from "../../server/load-context";
import { ChatIcon, CloseIcon } from "./icons";
import { useDisclosure } from "./use-dismiss";

/** The launcher button (100 px from the bottom, seed §2) and its greeting bubble. */
export default function ChatPanel({ chat }: { chat: NonNullable<SiteChrome["chat"]> }) {
  const { t } = useTranslation();
  const { open, close, toggle, container, button } = useDisclosure<HTMLDivElement>();
  const bubbleId = useId();

  return (
    <div className="chat-launcher" ref={container}>
      {open ? (
        <div
          id={bubbleId}
          className="chat-launcher__bubble"
          role="dialog"
          aria-label={t("chat.open")}
        >
          <button
            type="button"
            className="icon-button chat-launcher__close"
            aria-label={t("chat.close")}
            onClick={close}
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
        onClick={toggle}
      >
        <ChatIcon />
      </button>
    </div>
  );
}
