import { useTranslation } from "../../i18n/use-translation";
import { useSearchParams } from "react-router";
import "./back-office.css";

/** The query parameter that carries a notice key across the redirect after a write. */
export const NOTICE_PARAM = "notice";

const NOTICE_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

/**
 * A path with a notice to show once the page loads (post/redirect/get): actions return
 * `redirect(withNotice(path, "adminNews.notices.saved"))`. The notice is an i18n key.
 */
export function withNotice(path: string, notice: string): string {
  const [base, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(NOTICE_PARAM, notice);
  return `${base}?${params.toString()}`;
}

/**
 * The status message after a write: from `?notice=<i18n key>` (after a redirect) or from an
 * action's result (`notice` prop). Only existing catalogue keys are shown; announced politely.
 */
export function FlashMessage({
  notice,
  tone = "success",
}: {
  notice?: string | undefined;
  tone?: "success" | "error";
}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const key = notice ?? params.get(NOTICE_PARAM) ?? "";
  const show = NOTICE_KEY.test(key) && i18n.exists(key);
  return (
    <div className="flash" role={tone === "error" ? "alert" : "status"} aria-live="polite">
      {show ? <p className={`flash__message flash__message--${tone}`}>{t(key)}</p> : null}
    </div>
  );
}
