import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const ROUTES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../routes");

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : routeModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : [];
  });
}

describe("forms that go unanswered", () => {
  // Without a clientAction, a request the server never answered replaces the page with the
  // error page, and everything typed into its form is lost (e2e/unanswered-forms.test.ts).
  test("every route module with an action has a clientAction", () => {
    const withAction = routeModules(ROUTES).filter((file) =>
      /^export (async function|function|const) action\b/m.test(readFileSync(file, "utf8")),
    );
    expect(withAction.length).toBeGreaterThan(20);
    const without = withAction
      .filter(
        (file) =>
          !/^export (async function|function|const) clientAction\b/m.test(
            readFileSync(file, "utf8"),
          ),
      )
      .map((file) => path.relative(ROUTES, file));
    expect(without).toEqual([]);
  });
});
