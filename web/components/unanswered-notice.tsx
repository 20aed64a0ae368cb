import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { UNANSWERED_EVENT } from "../lib/unanswered-form";
import { CloseIcon } from "./icons";

/**
 * Says, on any page, that a form was not answered (`keepFormWhenUnanswered`): the connection or
 * the server, not the person, and what they typed is still there. It stays until closed, until
 * a form is sent again or until another page opens, so it is not missed as a toast might be.
 */
export function UnansweredNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { pathname, search } = useLocation();

  useEffect(() => {
    const show = () => setShown(true);
    // A new attempt hides it (a form's submit event comes before its request, so an attempt
    // that goes unanswered again shows it again).
    const hide = () => setShown(false);
    window.addEventListener(UNANSWERED_EVENT, show);
    document.addEventListener("submit", hide, true);
    return () => {
      window.removeEventListener(UNANSWERED_EVENT, show);
      document.removeEventListener("submit", hide, true);
    };
  }, []);
  // So does another page.
  useEffect(() => setShown(false), [pathname, search]);

  if (!shown) return null;
  return (
    <div className="toast-region">
      <div className="toast toast--error" role="alert">
        <p className="toast__message">{t("common.unanswered")}</p>
        <button
          type="button"
          className="toast__close"
          aria-label={t("toast.close")}
          onClick={() => setShown(false)}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
