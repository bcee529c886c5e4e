// The client's route paths (`/album/:id`) as the server matches them. The build lists each route
// with its page in dist/routes/routes.json (build/routePages.ts); static.ts answers a request
// whose path matches one with that page. The client's route table has the same function
// (src/app/routeTable.ts); the server keeps its own copy so it imports nothing of the app, and
// tests/server/routePaths.test.ts proves the two give the same pattern for every route.

/** a route path as a whole-path pattern (`:name` = one segment) */
export function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
