// @vitest-environment happy-dom
// Route addresses in the path or in the hash (services/addresses.ts): which form a page load takes,
// how each form reads, and the original client's hash links on both kinds of server.
import { afterEach, describe, expect, test } from 'vitest';
import {
  addressMode,
  addressOf,
  currentRoute,
  detectAddressMode,
  linkTo,
  navigateTo,
  normalAddress,
  normaliseAddress,
  routeOf,
  setAddressMode,
} from '@/services/addresses';
import type { AddressMode } from '@/shared/constants';
import { routePattern, ROUTE_TABLE } from '@/app/routeTable';
import { startAddresses } from '@/app/addressMode';
import { readLocal } from '@/storage/local';

const at = (url: string) => {
  const u = new URL(url, 'http://music.test');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
};

afterEach(() => {
  setAddressMode('path');
  window.history.replaceState(null, '', '/');
  document.head.querySelector('meta[name="anniv-addresses"]')?.remove();
  localStorage.clear();
  Object.defineProperty(navigator, 'serviceWorker', { value: undefined, configurable: true });
});

const address = () => window.location.pathname + window.location.search + window.location.hash;
function servedWithMarker() {
  const meta = document.createElement('meta');
  meta.name = 'anniv-addresses';
  meta.content = 'path';
  document.head.append(meta);
}
const servedByWorker = () =>
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });

describe('the boot (app/addressMode.ts)', () => {
  test("a page with the marker: path addresses, remembered; the original client's link moves into the path", () => {
    servedWithMarker();
    window.history.replaceState(null, '', '/#/s/AbCdEfGh');
    expect(startAddresses()).toBe('path');
    expect(addressMode()).toBe('path');
    expect(readLocal('ui.addresses')).toBe('path');
    expect(address()).toBe('/s/AbCdEfGh');
  });

  test('a page without it from the server: hash addresses, remembered; a path moves into the hash', () => {
    localStorage.setItem('ui.addresses', '"path"');
    window.history.replaceState(null, '', '/album/x?y=1');
    expect(startAddresses()).toBe('hash');
    expect(readLocal('ui.addresses')).toBe('hash');
    expect(address()).toBe('/#/album/x?y=1');
  });

  test('a page our service worker answered keeps what the server said last, and remembers nothing new', () => {
    localStorage.setItem('ui.addresses', '"path"');
    servedByWorker();
    window.history.replaceState(null, '', '/album/x');
    expect(startAddresses()).toBe('path');
    expect(address()).toBe('/album/x');
    localStorage.clear();
    expect(startAddresses()).toBe('hash');
    expect(localStorage.getItem('ui.addresses')).toBeNull();
  });

  test('a damaged memory counts as none', () => {
    localStorage.setItem('ui.addresses', '{"mode":');
    servedByWorker();
    expect(startAddresses()).toBe('hash');
  });

  test("with path addresses, an original client's link pasted into the open page (the hash changes only) moves into the path", () => {
    servedWithMarker();
    startAddresses();
    window.history.pushState(null, '', '/#/tags');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(address()).toBe('/tags');
  });
});

describe('the form a page load takes', () => {
  test.each<[string | null, AddressMode | null, boolean, AddressMode]>([
    // the reference server's page says path addresses work
    ['path', null, false, 'path'],
    ['path', 'hash', false, 'path'],
    ['path', 'hash', true, 'path'],
    // a server that serves the build as files only: index.html without the marker
    [null, null, false, 'hash'],
    [null, 'path', false, 'hash'],
    // our service worker's copy of index.html: what the server was last seen to take
    [null, 'path', true, 'path'],
    [null, 'hash', true, 'hash'],
    [null, null, true, 'hash'],
    // a marker with another value is no marker
    ['yes', null, false, 'hash'],
  ])('marker %s, remembered %s, from the service worker %s → %s', (marker, remembered, fromWorker, mode) => {
    expect(detectAddressMode(marker, remembered, fromWorker)).toBe(mode);
  });
});

describe('reading a route from either form', () => {
  test.each([
    ['/album/list?url=http%3A%2F%2Flib', '/album/list', '?url=http%3A%2F%2Flib'],
    ['/#/album/list?url=http://lib', '/album/list', '?url=http://lib'],
    ['/#/s/AbCdEfGh', '/s/AbCdEfGh', ''],
    ['/#/', '/', ''],
    ['/', '/', ''],
    // a hash that is no route leaves the path to speak
    ['/queue#top', '/queue', ''],
    ['/?inspect#/tag/a%3Ab', '/tag/a%3Ab', ''],
  ])('%s → %s %s', (url, path, search) => {
    expect(routeOf(at(url))).toEqual({ path, search });
  });
});

describe('writing addresses', () => {
  test('path addresses are the route; hash addresses put it after /#', () => {
    expect(addressOf('/album/x?y=1', 'path')).toBe('/album/x?y=1');
    expect(addressOf('/album/x?y=1', 'hash')).toBe('/#/album/x?y=1');
  });

  test('a link is absolute in the mode of the page', () => {
    setAddressMode('hash');
    expect(linkTo('/s/AbCdEfGh', 'https://music.example')).toBe('https://music.example/#/s/AbCdEfGh');
    expect(linkTo('', 'https://music.example')).toBe('https://music.example/#');
    setAddressMode('path');
    expect(linkTo('/s/AbCdEfGh', 'https://music.example')).toBe('https://music.example/s/AbCdEfGh');
  });
});

describe('normalising the address bar at boot', () => {
  test.each<[AddressMode, string, string | null]>([
    // the original client's links on a server with path addresses
    ['path', '/#/album/list?url=http://lib', '/album/list?url=http://lib'],
    ['path', '/#/s/AbCdEfGh', '/s/AbCdEfGh'],
    ['path', '/#/', '/'],
    ['path', '/album/x', null],
    ['path', '/queue#top', null],
    // a path that reached the app on a server without path addresses goes into the hash
    ['hash', '/album/x?y=1', '/#/album/x?y=1'],
    ['hash', '/s/AbCdEfGh', '/#/s/AbCdEfGh'],
    ['hash', '/#/album/x', null],
    ['hash', '/', null],
    ['hash', '/?inspect#/tag/a', null],
    ['hash', '/album/x#/tag/a', '/#/tag/a'],
  ])('%s mode: %s → %s', (mode, url, next) => {
    expect(normalAddress(at(url), mode)).toBe(next);
  });

  test('it replaces the entry, so Back does not return to the other form', () => {
    window.history.replaceState(null, '', '/first');
    window.history.pushState(null, '', '/#/s/AbCdEfGh');
    const length = window.history.length;
    setAddressMode('path');
    normaliseAddress();
    expect(window.location.pathname + window.location.hash).toBe('/s/AbCdEfGh');
    expect(window.history.length).toBe(length);
  });
});

describe('navigating', () => {
  test('hash mode writes the route after /# and keeps the page path and query', () => {
    window.history.replaceState(null, '', '/?inspect');
    setAddressMode('hash');
    navigateTo('/album/list?url=x');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/?inspect#/album/list?url=x',
    );
    expect(currentRoute()).toEqual({ path: '/album/list', search: '?url=x' });
    navigateTo('/search?keyword=a', { replace: true });
    expect(currentRoute()).toEqual({ path: '/search', search: '?keyword=a' });
    expect(addressMode()).toBe('hash');
  });

  test('path mode writes the route as the path', () => {
    navigateTo('/tags');
    expect(window.location.pathname).toBe('/tags');
    expect(currentRoute()).toEqual({ path: '/tags', search: '' });
  });
});

describe("the original client's routes", () => {
  // every route of the original client (HashRouter), as its links and bookmarks have them
  const ORIGINAL = [
    '/',
    '/user/login',
    '/user/register',
    '/user/logout',
    '/user/index',
    '/library',
    '/album/list?url=http://127.0.0.1:8081',
    '/album/6b9a7bd8-0ffe-4c8f-a6a4-3e5d2f0f2a11',
    '/tag/artist:Foo',
    '/tags',
    '/search?keyword=a',
    '/fav',
    '/fav/albums',
    '/playlist',
    '/playlist/12',
    '/s/AbCdEfGh',
    '/now',
    '/queue',
  ];

  test.each(ORIGINAL)('/#%s is a route of this client, in either mode', (route) => {
    const { path } = routeOf(at(`/#${route}`));
    expect(ROUTE_TABLE.some((r) => routePattern(r.path).test(path))).toBe(true);
    expect(normalAddress(at(`/#${route}`), 'path')).toBe(route);
    expect(normalAddress(at(`/#${route}`), 'hash')).toBeNull();
  });
});
