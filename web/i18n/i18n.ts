import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../../core/languages";

export type Messages = Record<string, unknown>;

/**
 * One i18next instance per render, holding only the page's language (the root loader sends
 * that catalogue), initialised synchronously so server and client render the same text.
 */
export function createI18n(lang: Lang, messages: Messages): I18n {
  const instance = i18next.createInstance();
  const resources: Resource = { [lang]: { translation: messages } };
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

const instances = new WeakMap<Messages, I18n>();

/**
 * The instance for a set of texts, made once: the texts of a page's bundles are one object per
 * set (`messagesOf`), and renders only read from it, so the server's concurrent renders share
 * one instance instead of initialising i18next per request.
 */
export function i18nFor(lang: Lang, messages: Messages): I18n {
  let instance = instances.get(messages);
  if (!instance) instances.set(messages, (instance = createI18n(lang, messages)));
  return instance;
}
