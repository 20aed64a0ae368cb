import { hydrateWhenNeeded } from "./hydration/on-interaction";
import { languageChoiceNeedsAttention } from "./lib/language-choice";

// React DOM and the router's hydration load in their own chunk: at once on most pages, at the
// first interaction on reading pages (see hydration/on-interaction.ts) — unless the saved
// language choice needs putting right, which may move the visitor to the other language.
hydrateWhenNeeded(() => import("./hydration/hydrate").then(({ hydrate }) => hydrate()), {
  now: languageChoiceNeedsAttention(),
});
