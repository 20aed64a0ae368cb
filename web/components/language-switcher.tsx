import type { MouseEvent } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Link, useLocation, useMatches, useNavigate } from "react-router";
import { LANGUAGES, type Lang } from "../../core/languages";
import { saveLanguageChoice } from "../lib/language-choice";
import { languagePathsOf, switcherTarget } from "../lib/language-paths";
import { useLang } from "../lib/site";

/** A click the browser handles itself: another button, a modifier key (new tab or window). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * vi / en: the same page in the other language (the page's own address there when it has
 * one, as its hreflang alternates say). The choice is saved: by the app (localStorage + cookie)
 * before it navigates, or, without JavaScript or in a new tab, by the server, which reads the
 * link's `lang=`. The link's name is a sentence in the page's language (no `lang` of its own:
 * the sentence is not in the other language); every page carries it, so it stays short.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const paths = languagePathsOf(useMatches());
  const navigate = useNavigate();
  const name = (code: Lang) => t(`language.${code}`);
  return (
    <nav className="language-switcher" aria-label={t("language.label")}>
      <ul>
        {LANGUAGES.map((code) => {
          const target = switcherTarget(location, code, paths);
          const follow = (event: MouseEvent<HTMLAnchorElement>) => {
            saveLanguageChoice(code);
            if (leftToBrowser(event)) return;
            event.preventDefault();
            void navigate(target.to);
          };
          return (
            <li key={code}>
              <Link
                to={target.href}
                hrefLang={code}
                aria-current={code === lang ? "true" : undefined}
                aria-label={
                  code === lang ? name(code) : t("language.switchTo", { language: name(code) })
                }
                onClick={follow}
              >
                {code.toUpperCase()}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
