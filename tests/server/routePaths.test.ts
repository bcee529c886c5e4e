import { describe, expect, test } from 'vitest';
import { routePattern as serverPattern } from '../../server/routePaths.js';
import { ROUTE_TABLE, routePattern as clientPattern } from '../../src/app/routeTable.js';

/*
 * The server matches a request's path against the build's routes.json with its own copy of the
 * client's route path grammar (it imports nothing of the app). Both must read every route alike,
 * or a route would get the wrong page from the server (or the plain app, only slower).
 */

// every route of the app, and paths with characters a pattern must take literally
const PATHS = [...new Set(ROUTE_TABLE.map((route) => route.path)), '/a.b/:x', '/x+(y)/[z]', '/^$|?*\\'];
// an address per route with its parameters filled, and near misses
const ADDRESSES = [
  ...ROUTE_TABLE.map((route) => route.path.replace(/:[^/]+/g, 'id-1')),
  '/album/1/2',
  '/album/1/',
  '/tag/',
  '/s/a%2Fb',
  '/a.b/1',
  '/aXb/1',
  '/x+(y)/[z]',
  '/xx(y)/[z]',
  '/Album/1',
  '',
];

describe('route paths: the server and the client agree', () => {
  test.each(PATHS)('%s gives the same pattern', (path) => {
    expect(serverPattern(path).source).toBe(clientPattern(path).source);
    expect(serverPattern(path).flags).toBe(clientPattern(path).flags);
  });

  test('every address matches the same routes on both sides', () => {
    for (const address of ADDRESSES) {
      const matches = (pattern: (path: string) => RegExp) => PATHS.filter((path) => pattern(path).test(address));
      expect(matches(serverPattern), address).toEqual(matches(clientPattern));
    }
    // not vacuous: each route's own address matches it
    for (const route of ROUTE_TABLE)
      expect(serverPattern(route.path).test(route.path.replace(/:[^/]+/g, 'id-1'))).toBe(true);
  });
});
