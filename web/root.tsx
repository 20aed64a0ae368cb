import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { langOfPath, type Lang } from "../core/languages";
import type { Route } from "./+types/root";
import { common as enCommon, error as enError } from "../core/i18n/en.json";
import { common as viCommon, error as viError } from "../core/i18n/vi.json";
import { i18nFor, type Messages } from "./i18n/i18n";
import { loadMessages, messagesOf, MESSAGES_LINK_ATTRIBUTE } from "./i18n/loaded-messages";
import { messageAreaOf } from "./i18n/message-areas";
import { pageMessageUrls } from "./i18n/message-bundles.server";
import { hydrateAttributeOf } from "./hydration/on-interaction";
import { UnansweredNotice } from "./components/unanswered-notice";
import { RouteAnnouncer } from "./components/route-announcer";
import { useLocationTrail } from "./lib/location-trail";
import { useNonce } from "./lib/nonce";
import { currentUser } from "./lib/session.server";
import siteStylesheet from "./styles/app.css?url";

/**
 * What the error page needs when the root loader itself failed (no catalogue arrived): two
 * namespaces, so the browser bundle doesn't carry the whole catalogue of both languages.
 */
const FALLBACK_MESSAGES: Record<Lang, Messages> = {
  vi: { common: viCommon, error: viError },
  en: { common: enCommon, error: enError },
};

/** A per-language value with only `lang`'s entry kept (the other null). */
function onlyIn<T>(lang: Lang, value: Record<Lang, T | null>): Record<Lang, T | null> {
  return { vi: lang === "vi" ? value.vi : null, en: lang === "en" ? value.en : null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const lang = langOfPath(pathname);
  const [chrome, user] = await Promise.all([
    context.services.site.chrome(),
    currentUser(request, context),
  ]);
  return {
    lang,
    /** The page's message bundles (immutable assets), not the texts themselves. */
    messages: pageMessageUrls(lang, pathname),
    // What the chrome has per language, for this page's language only (bytes on every page).
    chrome: {
      ...chrome,
      seo: onlyIn(lang, chrome.seo),
      sampleDocument: onlyIn(lang, chrome.sampleDocument),
      season: chrome.season && {
        ...chrome.season,
        criteriaUrl: onlyIn(lang, chrome.season.criteriaUrl),
      },
    },
    account: user ? { name: user.name, staff: user.role !== "entrant" } : null,
    year: new Date().getUTCFullYear(),
  };
}

/** Before a client-side navigation renders, the bundles its area needs are in. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadMessages(data.messages);
  return data;
}

/**
 * The chrome and the message bundles change only with the language, between areas of the site
 * (public, account, judge portal, back office), or after a form submission.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return (
    langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname) ||
    messageAreaOf(currentUrl.pathname) !== messageAreaOf(nextUrl.pathname)
  );
}

/**
 * A `precedence` (React 19 stylesheet resource; React Router passes it through to <link>) puts
 * the stylesheet at the top of <head>, ahead of the module preloads React places there, so the
 * first paint never queues behind JavaScript.
 */
const SITE_STYLESHEET = { rel: "stylesheet", href: siteStylesheet, precedence: "site" } as const;

export function links(): Route.LinkDescriptors {
  return [SITE_STYLESHEET];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const lang: Lang = data?.lang ?? langOfPath(location.pathname);
  const urls = data?.messages;
  const i18n = useMemo(
    () => i18nFor(lang, urls ? messagesOf(urls) : FALLBACK_MESSAGES[lang]),
    [lang, urls],
  );
  const nonce = useNonce();
  // Reading pages hydrate at the first interaction (hydration/on-interaction.ts).
  const hydrate = hydrateAttributeOf(useMatches().map((match) => match.handle));
  return (
    <html lang={lang} data-hydrate={hydrate}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f1f" />
        {/* Written here rather than in links(), which would give each a nonce it does not need
            (every page carries them). iOS takes its home-screen icon from the PNG: it ignores SVG. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <Meta />
        <Links />
        {urls?.map((href) => (
          <link
            key={href}
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={href}
            {...{ [MESSAGES_LINK_ATTRIBUTE]: "" }}
          />
        ))}
      </head>
      <body>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLocationTrail();
  return (
    <>
      <Outlet />
      <UnansweredNotice />
      <RouteAnnouncer />
    </>
  );
}

export { RootErrorBoundary as ErrorBoundary } from "./components/error-page";
