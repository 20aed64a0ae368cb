import type { EntryContext } from "react-router";
import { hydrateAttributeOf } from "./on-interaction";

/**
 * Reading pages (hydrated at the first interaction, see on-interaction.ts) drop the
 * `<link rel="modulepreload">` tags React Router puts at the top of `<head>`: they would fetch
 * every route module at high priority alongside the stylesheets, before the first paint, for
 * code that only runs once someone interacts. The page's module script at the end of `<body>`
 * still imports the same modules, later and at low priority. Only `<head>` is touched.
 */
export function isReadingPage(context: EntryContext): boolean {
  const handles = context.staticHandlerContext.matches.map(
    (match) => context.routeModules[match.route.id]?.handle,
  );
  return hydrateAttributeOf(handles) !== undefined;
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
const HEAD_END = Buffer.from("</head>");

/**
 * The document without the module preloads of its `<head>`; the bytes from `</head>` on are
 * kept as they are (`</head>` is ASCII, so never inside a multi-byte character).
 */
export function withoutModulePreloads(html: Buffer): Buffer {
  const end = html.indexOf(HEAD_END);
  if (end === -1) return html;
  const head = html.subarray(0, end).toString("utf8").replace(MODULE_PRELOAD, "");
  return Buffer.concat([Buffer.from(head, "utf8"), html.subarray(end)]);
}
