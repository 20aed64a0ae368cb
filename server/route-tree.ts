import type { RouteObject, ServerBuild } from "react-router";

/**
 * A server build's route manifest (a flat list with parent ids) as the nested route objects
 * React Router's `matchRoutes` takes.
 */
export function routeTreeOf(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const common = {
          id: route.id,
          ...(route.path ? { path: route.path } : {}),
          ...(route.caseSensitive === undefined ? {} : { caseSensitive: route.caseSensitive }),
        };
        return route.index ? { ...common, index: true } : { ...common, children: tree(route.id) };
      });
  return tree(undefined);
}
