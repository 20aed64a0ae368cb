import href from "./content.css?url";

/**
 * The reading pages' stylesheet as a route `links()` entry. A `precedence` makes React place it
 * with the site stylesheet at the top of `<head>`, ahead of the module preloads, so the first
 * paint does not wait behind JavaScript.
 */
export const contentStylesheet = { rel: "stylesheet", href, precedence: "content" } as const;
