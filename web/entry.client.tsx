import { hydrateWhenNeeded } from "./hydration/on-interaction";
import { documentMessageUrls, loadMessages } from "./i18n/loaded-messages";
import { languageChoiceNeedsAttention } from "./lib/language-choice";
import { reportUncaughtErrors } from "./lib/report-error";

// An error no code of the page caught reaches the server's log (web/lib/report-error.ts).
reportUncaughtErrors();

// The page's texts arrive as cacheable bundles named in its head; fetching starts at once (the
// preload is already under way) so they are in before React renders with them.
const messages = loadMessages(documentMessageUrls(document));

// React DOM and the router's hydration load in their own chunk: at once on most pages, at the
// first interaction on reading pages (see hydration/on-interaction.ts) — unless the saved
// language choice needs putting right, which may move the visitor to the other language.
hydrateWhenNeeded(
  () => Promise.all([import("./hydration/hydrate"), messages]).then(([{ hydrate }]) => hydrate()),
  { now: languageChoiceNeedsAttention() },
);
