import { useEffect, useState } from "react";
import type { SiteChrome } from "../../server/load-context";
import { LazyPart } from "./lazy-part";

const loadChatPanel = () => import("./chat-panel");
const nothing = () => null;

/**
 * The chat launcher of PRODUCT §12: nothing at all unless an admin configured it; its code
 * loads only once the page is idle, so it never competes with the first paint. If that code
 * cannot be fetched (after the retries), there is no launcher on this page; the page is unharmed.
 */
export function ChatLauncher({ chat }: { chat: SiteChrome["chat"] }) {
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (!chat) return;
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 2000);
    return () => clearTimeout(timer);
  }, [chat]);

  if (!chat || !idle) return null;
  return <LazyPart load={loadChatPanel} props={{ chat }} loading={null} failed={nothing} />;
}
