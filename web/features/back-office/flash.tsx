import { useTranslation } from "../../i18n/use-translation";
import { useActionData, useSearchParams } from "react-router";
import "./back-office.css";

/** The query parameter that carries a notice key across the redirect after a write. */
export const NOTICE_PARAM = "notice";

const NOTICE_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

/** Query parameters carrying a notice's counts: `count.<name>=<whole number>`. */
const COUNT_PREFIX = "count.";
const COUNT_VALUE = /^\d{1,9}$/;

/**
 * A path with a notice to show once the page loads (post/redirect/get): actions return
 * `redirect(withNotice(path, "adminNews.notices.saved"))`. The notice is an i18n key; `counts`
 * fill its {{placeholders}} (whole numbers only, so nothing else can be written into it).
 */
export function withNotice(
  path: string,
  notice: string,
  counts: Readonly<Record<string, number>> = {},
): string {
  const [base, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(NOTICE_PARAM, notice);
  for (const [name, value] of Object.entries(counts))
    params.set(COUNT_PREFIX + name, String(value));
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
  // A write that succeeds redirects with its notice; one that answers here (refused) came after
  // the notice in the address, which is then about an earlier write and no longer shown.
  const answeredHere = useActionData() !== undefined;
  const key = notice ?? (answeredHere ? "" : (params.get(NOTICE_PARAM) ?? ""));
  const counts: Record<string, number> = {};
  if (!notice) {
    for (const [name, value] of params) {
      if (name.startsWith(COUNT_PREFIX) && COUNT_VALUE.test(value))
        counts[name.slice(COUNT_PREFIX.length)] = Number(value);
    }
  }
  // With its counts: a notice counted by `count` exists only in its plural forms (`_one`, `_other`).
  const show = NOTICE_KEY.test(key) && i18n.exists(key, counts);
  return (
    <div className="flash" role={tone === "error" ? "alert" : "status"} aria-live="polite">
      {show ? <p className={`flash__message flash__message--${tone}`}>{t(key, counts)}</p> : null}
    </div>
  );
}
