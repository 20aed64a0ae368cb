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
 * link's `lang=`. The visible code is decorative; the accessible name is in the page's language
 * with the language's own name marked in that language.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const paths = languagePathsOf(useMatches());
  const navigate = useNavigate();
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
                onClick={follow}
              >
                <span aria-hidden="true">{code.toUpperCase()}</span>
                <LanguageName code={code} current={code === lang} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** "Tiếng Việt", or "Switch to Tiếng Việt" with the name in its own language. */
function LanguageName({ code, current }: { code: Lang; current: boolean }) {
  const { t } = useTranslation();
  const name = t(`language.${code}`);
  if (current) {
    return (
      <span className="visually-hidden" lang={code}>
        {name}
      </span>
    );
  }
  // The sentence comes from the catalogue with a marker where the name goes.
  const [before = "", after = ""] = t("language.switchTo", { language: "\u0000" }).split("\u0000");
  return (
    <span className="visually-hidden">
      {before}
      <span lang={code}>{name}</span>
      {after}
    </span>
  );
}
