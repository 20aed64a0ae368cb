import { Transform, type TransformCallback } from "node:stream";
import type { EntryContext } from "react-router";
import { hydrateAttributeOf } from "./on-interaction";

/**
 * Reading pages (hydrated at the first interaction, see on-interaction.ts) drop the
 * `<link rel="modulepreload">` tags React Router puts at the top of `<head>`: they would fetch
 * every route module at high priority alongside the stylesheets, before the first paint, for
 * code that only runs once someone interacts. The page's module script at the end of `<body>`
 * still imports the same modules, later and at low priority. Only `<head>` is touched; the rest
 * of the stream passes through unchanged.
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
 * Removes the module preloads from the document's `<head>`. Works on bytes until `</head>`
 * (ASCII, so never inside a multi-byte character) has arrived, then passes chunks through.
 */
export function headWithoutModulePreloads(): Transform {
  let pending: Buffer[] = [];
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (headDone) return callback(null, chunk);
      pending.push(chunk);
      const buffered = Buffer.concat(pending);
      const end = buffered.indexOf(HEAD_END);
      if (end === -1) {
        pending = [buffered];
        return callback();
      }
      headDone = true;
      pending = [];
      const head = buffered.subarray(0, end).toString("utf8").replace(MODULE_PRELOAD, "");
      callback(null, Buffer.concat([Buffer.from(head, "utf8"), buffered.subarray(end)]));
    },
    flush(callback: TransformCallback) {
      callback(null, pending.length > 0 ? Buffer.concat(pending) : null);
    },
  });
}
