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
import { pageMessages } from "./i18n/catalogue.server";
import { createI18n, type Messages } from "./i18n/i18n";
import { messageScopeOf } from "./i18n/message-scope";
import { hydrateAttributeOf } from "./hydration/on-interaction";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const lang = langOfPath(pathname);
  const [chrome, user] = await Promise.all([
    context.services.site.chrome(),
    currentUser(request, context),
  ]);
  return {
    lang,
    messages: pageMessages(lang, pathname),
    chrome,
    account: user ? { name: user.name, staff: user.role !== "entrant" } : null,
    year: new Date().getUTCFullYear(),
  };
}

/**
 * The chrome and catalogue change only with the language, between the public site and the
 * back office, or after a form submission.
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
    messageScopeOf(currentUrl.pathname) !== messageScopeOf(nextUrl.pathname)
  );
}

/**
 * A `precedence` (React 19 stylesheet resource; React Router passes it through to <link>) puts
 * the stylesheet at the top of <head>, ahead of the module preloads React places there, so the
 * first paint never queues behind JavaScript.
 */
const SITE_STYLESHEET = { rel: "stylesheet", href: siteStylesheet, precedence: "site" } as const;

export function links(): Route.LinkDescriptors {
  return [SITE_STYLESHEET, { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const lang: Lang = data?.lang ?? langOfPath(location.pathname);
  const messages = data?.messages ?? FALLBACK_MESSAGES[lang];
  const i18n = useMemo(() => createI18n(lang, messages), [lang, messages]);
  const nonce = useNonce();
  // Reading pages hydrate at the first interaction (hydration/on-interaction.ts).
  const hydrate = hydrateAttributeOf(useMatches().map((match) => match.handle));
  return (
    <html lang={lang} data-hydrate={hydrate}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f1f" />
        <Meta />
        <Links />
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
  return <Outlet />;
}

export { RootErrorBoundary as ErrorBoundary } from "./components/error-page";
