import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  Outlet,
  StaticRouterProvider,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import { reactRouterDistFiles } from "./test-support/react-router-dist";

// React Router is patched (patches/, docs/dependencies.md "Patches") so that a render makes
// less: the server's route objects once per build, an absolute link resolved without encoding
// the matched routes. These tests hold the patch to "the same pages, made with less".

/** The links a page of these routes shows, as `label → href`. */
const links = (...items: [string, string][]): ReactNode =>
  items.map(([label, to]) => createElement(Link, { key: label, to }, label));

const routes: RouteObject[] = [
  {
    path: "/",
    element: createElement(Outlet),
    children: [
      { index: true, element: links(["home-child", "bai-du-thi"], ["home-abs", "/en?year=2025"]) },
      {
        path: "bai-du-thi",
        element: createElement(Outlet),
        children: [
          {
            path: ":id",
            element: links(
              ["up", ".."],
              ["here", "."],
              ["child", "anh"],
              ["abs", "/tin-tuc-cuoc-thi/tin-1?page=2#top"],
            ),
          },
        ],
      },
    ],
  },
];

// One handler, so every render passes the same `routes` array to createStaticRouter.
const handler = createStaticHandler(routes);

async function render(url: string): Promise<Record<string, string>> {
  const context = await handler.query(new Request(`http://127.0.0.1${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context }));
  return Object.fromEntries(
    [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]]),
  );
}

describe("the patched React Router", () => {
  it("is installed (the install applied patches/)", () => {
    const all = reactRouterDistFiles()
      .map(({ source }) => source)
      .join("\n");
    for (const mark of [
      "serverRoutesByManifest",
      "dataRoutesByRoutes",
      "quoteScriptString",
      "withoutSingleFetchParams",
    ]) {
      expect(all, mark).toContain(mark);
    }
  });

  it("resolves relative and absolute links as before", async () => {
    expect(await render("/bai-du-thi/42")).toEqual({
      up: "/bai-du-thi",
      here: "/bai-du-thi/42",
      child: "/bai-du-thi/42/anh",
      abs: "/tin-tuc-cuoc-thi/tin-1?page=2#top",
    });
  });

  it("renders each request's own page from the same routes, made once", async () => {
    // The same `routes` array each time: the data routes come from the patch's cache.
    expect(await render("/")).toEqual({ "home-child": "/bai-du-thi", "home-abs": "/en?year=2025" });
    expect((await render("/bai-du-thi/7")).here).toBe("/bai-du-thi/7");
    expect(await render("/")).toEqual({ "home-child": "/bai-du-thi", "home-abs": "/en?year=2025" });
  });
});
