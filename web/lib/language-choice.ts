import {
  LANG_COOKIE,
  LANG_STORAGE_KEY,
  chooseLang,
  isLang,
  langCookie,
  savedLangIsInvalid,
  type Lang,
} from "../../core/languages";

/** Saves the visitor's language in localStorage and in the cookie the server reads. */
export function saveLanguageChoice(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage disabled: the cookie alone still carries the choice.
  }
  document.cookie = langCookie(lang, location.protocol === "https:");
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split("; ")
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/**
 * Whether `reconcileLanguageChoice` has something to fix that may change the page: a stored
 * value that is not a language, or a stored language the cookie lost. Reading pages then
 * hydrate at once instead of waiting for an interaction (hydration/on-interaction.ts).
 */
export function languageChoiceNeedsAttention(): boolean {
  try {
    const stored = localStorage.getItem(LANG_STORAGE_KEY);
    if (stored === null) return false;
    return savedLangIsInvalid(stored) || readCookie(LANG_COOKIE) === undefined;
  } catch {
    return false;
  }
}

/**
 * Keeps localStorage and the cookie in step after hydration: an unknown stored value resets to
 * vi, and a choice kept only in localStorage (cookie cleared) is written back to the cookie.
 * Returns the saved language that should apply, if the page is not already in it.
 */
export function reconcileLanguageChoice(current: Lang): Lang | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
  if (savedLangIsInvalid(stored)) {
    saveLanguageChoice(chooseLang({ saved: stored }));
    return null;
  }
  const cookie = readCookie(LANG_COOKIE);
  if (stored !== null && isLang(stored) && cookie === undefined) {
    saveLanguageChoice(stored);
    return stored !== current ? stored : null;
  }
  if (stored === null && isLang(cookie)) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, cookie);
    } catch {
      // Nothing to do: the cookie already carries the choice.
    }
  }
  return null;
}
