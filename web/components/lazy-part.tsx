import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { withRetries } from "../lib/retry-load";

/**
 * One part of a page whose code is fetched when it is first shown (an editor, a chart, the chat
 * panel). A failed fetch — a connection that dropped, a release that replaced the file — is
 * tried again (`withRetries`); if it still fails, the part shows `failed`, whose `retry` fetches
 * it once more, and the rest of the page, with whatever was typed in it, stays as it was (a
 * `React.lazy` part would throw to the route's error page instead).
 * `load` must be the same function on every render (declare it at module level).
 */
export function LazyPart<P extends object>({
  load,
  props,
  loading,
  failed,
}: {
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  loading: ReactNode;
  failed: (retry: () => void) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ Part: ComponentType<P> } | "failed" | null>(null);
  useEffect(() => {
    let cancelled = false;
    setLoaded(null);
    withRetries(load).then(
      (module) => {
        if (!cancelled) setLoaded({ Part: module.default });
      },
      () => {
        if (!cancelled) setLoaded("failed");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [load, attempt]);

  if (loaded === "failed") return failed(() => setAttempt((n) => n + 1));
  if (!loaded) return loading;
  const { Part } = loaded;
  return <Part {...props} />;
}

/** What a part that did not load says instead, with its "try again" button. */
export function PartFailed({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className ? `part-failed ${className}` : "part-failed"} role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t("common.tryAgain")}
      </button>
    </div>
  );
}
