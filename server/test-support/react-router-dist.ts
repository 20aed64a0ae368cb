import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The installed React Router's built files (name and text), to check that the install applied
 * patches/ (docs/dependencies.md "Patches").
 */
export function reactRouterDistFiles(): { file: string; source: string }[] {
  const dist = path.dirname(createRequire(import.meta.url).resolve("react-router"));
  return readdirSync(dist)
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => ({ file, source: readFileSync(path.join(dist, file), "utf8") }));
}
