import type { FetcherWithComponents, SubmitTarget } from "react-router";
import type { EntryActionInput } from "../../../core/entry-actions";

/**
 * Posts one of the entry page's actions, its body typed by the page's one schema
 * (core/entry-actions.ts). Answers never reload the page's other loaders: the route decides
 * what to load again (shouldRevalidate).
 */
export function postEntryAction(fetcher: FetcherWithComponents<unknown>, body: EntryActionInput) {
  return fetcher.submit(body as SubmitTarget, {
    method: "post",
    encType: "application/json",
    defaultShouldRevalidate: false,
  });
}
