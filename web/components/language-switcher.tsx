import { useTranslation } from "../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { LANGUAGES, localizePath } from "../../core/languages";
import { saveLanguageChoice } from "../lib/language-choice";
import { useLang } from "../lib/site";

/** vi / en: the same page in the other language; the choice is saved (localStorage + cookie). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  return (
    <nav className="language-switcher" aria-label={t("language.label")}>
      <ul>
        {LANGUAGES.map((code) => {
          const name = code === "vi" ? "Tiếng Việt" : "English";
          return (
            <li key={code}>
              <Link
                to={`${localizePath(location.pathname, code)}${location.search}`}
                hrefLang={code}
                lang={code}
                aria-current={code === lang ? "true" : undefined}
                aria-label={code === lang ? name : t("language.switchTo", { language: name })}
                onClick={() => saveLanguageChoice(code)}
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
