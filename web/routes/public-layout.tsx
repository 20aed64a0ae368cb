import { useCallback, useEffect, useMemo, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { localizePath } from "../../core/languages";
import { ChatLauncher } from "../components/chat-launcher";
import { CriteriaModalContext } from "../components/criteria-context";
import { CriteriaModal } from "../components/criteria-modal";
import { ErrorMessage } from "../components/error-page";
import { Footer } from "../components/footer";
import { Header } from "../components/header";
import { ScrollToTop } from "../components/scroll-to-top";
import { reconcileLanguageChoice } from "../lib/language-choice";
import { useSite } from "../lib/site";

/** The public chrome around every page: header, footer, criteria modal, scroll-to-top, chat. */
export default function PublicLayout() {
  const { chrome, lang, year } = useSite();
  const [criteriaOpen, setCriteriaOpen] = useState(false);
  const openCriteria = useCallback(() => setCriteriaOpen(true), []);
  const criteria = useMemo(() => ({ openCriteria }), [openCriteria]);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const saved = reconcileLanguageChoice(lang);
    if (saved)
      void navigate(`${localizePath(location.pathname, saved)}${location.search}`, {
        replace: true,
      });
    // Only on first arrival: later moves between languages go through the switcher.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <CriteriaModalContext.Provider value={criteria}>
      <Header chrome={chrome} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer chrome={chrome} year={year} />
      <CriteriaModal
        open={criteriaOpen}
        onClose={() => setCriteriaOpen(false)}
        year={chrome.season?.year ?? null}
      />
      <ScrollToTop />
      <ChatLauncher chat={chrome.chat} />
    </CriteriaModalContext.Provider>
  );
}

/**
 * A public page that fails (an entry or article that does not exist, a server error) says so
 * inside the site's header and footer, so the visitor can go on from there.
 */
export function ErrorBoundary() {
  const { chrome, year } = useSite();
  return (
    <>
      <Header chrome={chrome} />
      <main id="main" className="site-main" tabIndex={-1}>
        <div className="container page error-page">
          <ErrorMessage />
        </div>
      </main>
      <Footer chrome={chrome} year={year} />
    </>
  );
}
