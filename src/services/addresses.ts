// Where the app's routes live in the page's URL: in the path (`/album/{id}`) or in the hash
// (`/#/album/{id}`). One build serves both (docs/architecture.md, "Addresses"):
//
// - path addresses need a server that answers every route with the app. The reference server
//   does, and says so by serving a page that carries `<meta name="anniv-addresses" content="path">`
//   (the build writes it as `routes/app.html` and into every route page);
// - hash addresses work on any server that serves `/`, such as anniv-go, which answers only files
//   that exist. The plain `index.html` has no marker, so a server that serves the build as it is
//   gets hash addresses.
//
// Both forms are read in both modes: the original client's `/#/s/{id}` links open on the reference
// server, and a path that reached the app on a hash-mode server (a service worker answering every
// navigation) still shows its page. `normaliseAddress()` then rewrites the URL into the mode's form.
// No React, no router: the app's location hook and the share links build on this.

import type { AddressMode } from '@/shared/firstPageConstants';

/** the marker a server puts into the page when every route of the app loads from it */
export const ADDRESS_MARKER = 'anniv-addresses';

/** what a route address is read from: window.location, or a URL */
export interface LocationParts {
  pathname: string;
  search: string;
  hash: string;
}

/** a route: the path wouter matches, and its query (`?…`, or '' when there is none) */
export interface Route {
  path: string;
  search: string;
}

// Path addresses until boot says otherwise: tests in a DOM run without the boot.
let mode: AddressMode = 'path';

export function addressMode(): AddressMode {
  return mode;
}

export function setAddressMode(next: AddressMode): void {
  mode = next;
}

/**
 * The mode for this page load. The marker is in the page only when the server sent it. A page
 * without it may come from a server that serves files only, or from our service worker's copy of
 * index.html; then the mode last learned from the server holds, and hash addresses, which work
 * everywhere, when there is none.
 */
export function detectAddressMode(
  markerContent: string | null,
  remembered: AddressMode | null,
  fromServiceWorker: boolean,
): AddressMode {
  if (markerContent === 'path') return 'path';
  if (fromServiceWorker) return remembered ?? 'hash';
  return 'hash';
}

/** `#/album/x?y` → the route it holds; null when the hash is not a route (empty, `#top`) */
function hashRoute(hash: string): Route | null {
  if (!hash.startsWith('#/')) return null;
  return splitRoute(hash.slice(1));
}

function splitRoute(address: string): Route {
  const at = address.indexOf('?');
  return at < 0 ? { path: address, search: '' } : { path: address.slice(0, at), search: address.slice(at) };
}

/** The route the location stands for, whichever form it is written in: a hash route wins. */
export function routeOf(location: LocationParts): Route {
  return hashRoute(location.hash) ?? { path: location.pathname || '/', search: location.search };
}

/** The address of a route in the current mode, as written in links and the address bar. */
export function addressOf(route: string, current: AddressMode = mode): string {
  return current === 'hash' ? `/#${route}` : route;
}

/** The absolute link to a route (share links, copied links): works in a fresh browser. */
export function linkTo(route: string, origin: string = globalThis.location.origin): string {
  return `${origin}${addressOf(route)}`;
}

/**
 * The URL the location should have in `current` mode, or null when it already has it. Path mode
 * takes a hash route into the path (`/#/s/x` → `/s/x`); hash mode takes a path other than `/` into
 * the hash (`/album/x?y` → `/#/album/x?y`). Anything else (a `?inspect` beside a hash route) stays.
 */
export function normalAddress(location: LocationParts, current: AddressMode = mode): string | null {
  const fromHash = hashRoute(location.hash);
  if (current === 'path') return fromHash ? `${fromHash.path}${fromHash.search}` : null;
  if (fromHash) return location.pathname === '/' ? null : `/${location.search}${location.hash}`;
  if (location.pathname === '/' || location.pathname === '') return null;
  return `/#${location.pathname}${location.search}`;
}

/** The current route of the page. */
export function currentRoute(): Route {
  return routeOf(globalThis.location);
}

/** Moves the page to a route, as a new history entry or in place of the current one. */
export function navigateTo(route: string, { replace = false }: { replace?: boolean } = {}): void {
  // a relative `#/…` keeps the page's path and query (`?inspect`), as hash changes do
  const url = mode === 'hash' ? `#${route}` : route;
  if (replace) history.replaceState(history.state, '', url);
  else history.pushState(null, '', url);
}

/** Rewrites the address bar into the mode's form without a new history entry (at boot). */
export function normaliseAddress(): void {
  const next = normalAddress(globalThis.location);
  if (next !== null) history.replaceState(history.state, '', next);
}
