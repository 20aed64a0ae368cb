import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTreeOf } from "./route-tree";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { reactRouterDistFiles } from "./test-support/react-router-dist";
import { concretePath, pageRoutes } from "./test-support/registered-routes";

// React Router is patched (patches/, docs/dependencies.md "Patches") to skip a route branch
// whose first fixed segment the path does not start with. These tests hold the patch to
// "faster, never different" on this app's own route table.

let bundle: ProductionBundle | undefined;
let build: ServerBuild;
let routes: RouteObject[];

beforeAll(async () => {
  bundle = await buildProductionBundle();
  build = bundle.build;
  routes = routeTreeOf(build);
}, 240_000);

afterAll(() => bundle?.cleanup());

const lastId = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id ?? null;

describe("route matching with the branch skip", () => {
  it("is the patched React Router (the install applied patches/)", () => {
    const matchers = reactRouterDistFiles()
      .filter(({ file }) => file.startsWith("chunk-"))
      .map(({ source }) => source)
      .filter((source) => source.includes("function matchRoutesImpl("));
    // One chunk for import, one for require.
    expect(matchers.length).toBe(2);
    for (const source of matchers) expect(source).toContain("staticPrefix");
  });

  it("finds every page, in both languages, whatever the letter case or a trailing slash", () => {
    const leaves = pageRoutes(build).filter(
      (route) => route.index || !Object.values(build.routes).some((r) => r?.parentId === route.id),
    );
    expect(leaves.length).toBeGreaterThan(50);
    for (const route of leaves) {
      for (const value of ["1", "abc", "60195880-2115-40aa-99f3-42df4f1cefe5"]) {
        const pathname = concretePath(route.pattern, value, "a/b");
        expect(lastId(pathname), pathname).toBe(route.id);
        expect(lastId(`${pathname}/`.replace(/\/\/$/, "/")), `${pathname}/`).toBe(route.id);
        expect(lastId(pathname.toUpperCase()), pathname.toUpperCase()).toBe(route.id);
      }
    }
  });

  it("sends what is no page to the catch-all, and the bare addresses home", () => {
    const home = lastId("/");
    expect(home).not.toBeNull();
    expect(lastId("/en")).toBe(home);
    expect(lastId("/EN/")).toBe(home);
    const notFound = lastId("/khong-co-trang-nay");
    expect(notFound).not.toBe(home);
    for (const pathname of [
      "/en/khong-co",
      "//bai-du-thi",
      "/bai-du-thi-x",
      "/enx",
      "/%E1%BA%A1",
    ]) {
      expect(lastId(pathname), pathname).toBe(notFound);
    }
  });
});
