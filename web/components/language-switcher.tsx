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

/** Stands for the language's name in the sentence, which is then cut around it. */
const SLOT = "\uE000";

function splitAround(sentence: string): [string, string] {
  const at = sentence.indexOf(SLOT);
  return at < 0 ? [`${sentence} `, ""] : [sentence.slice(0, at), sentence.slice(at + 1)];
}

/**
 * vi / en: the same page in the other language (the page's own address there when it has
 * one, as its hreflang alternates say). The choice is saved: by the app (localStorage + cookie)
 * before it navigates, or, without JavaScript or in a new tab, by the server, which reads the
 * link's `lang=`. The other language's link is named by a sentence in the page's language
 * ("Switch to Tiếng Việt") whose language name alone carries its own `lang`, so a screen reader
 * says each word in its language; the visible code is hidden from it. Every page carries it,
 * so it stays short.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const paths = languagePathsOf(useMatches());
  const navigate = useNavigate();
  const name = (code: Lang) => t(`language.${code}`);
  // The sentence around the other language's name, which is marked with its own language.
  const switchTo = splitAround(t("language.switchTo", { language: SLOT }));
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
                // The same route in the other language: nothing for the router to discover.
                discover="none"
                aria-current={code === lang ? "true" : undefined}
                aria-label={code === lang ? name(code) : undefined}
                onClick={follow}
              >
                {code === lang ? (
                  code.toUpperCase()
                ) : (
                  <>
                    <span aria-hidden="true">{code.toUpperCase()}</span>
                    <span className="visually-hidden">
                      {switchTo[0]}
                      <span lang={code}>{name(code)}</span>
                      {switchTo[1]}
                    </span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
