import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import type { AnnivServer } from '../../server/index.js';
import { signShareToken, signUserToken } from '../../server/library/keys.js';
import { Client, makeDataDir, makeServer, removeDir, signedInClient } from './support/fixture.js';

/*
 * Nothing of a library stays in the browser's HTTP cache (docs/architecture.md#nothing-kept-after-sign-out):
 * every API answer is no-store, so is every library answer to a user token, and the answers that
 * end a session on this browser clear the app's origin from the cache. Covers and the client's
 * files keep their caching; share tokens' answers may be kept a day.
 */

const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SHARE_CACHE = 'private, max-age=86400';

let dir: string;
let server: AnnivServer;
let token: string;

beforeAll(async () => {
  dir = await makeDataDir('full');
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Anniv</title><script type="module" src="/assets/index-abc.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n');
  server = await makeServer(dir, { DIST_DIR: dist });
  token = await signUserToken(server.keys, 'tester@example.com');
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const lib = (pathname: string, init: RequestInit = {}): Promise<Response> =>
  Promise.resolve(server.libraryApp.request(pathname, init));
const cacheOf = (res: Response): string | null => res.headers.get('cache-control');

describe('the API', () => {
  test('with a session: the credentials (library tokens), the user, lists; their errors too', async () => {
    const client = await signedInClient(server, 'keeper@example.com');
    for (const pathname of ['/api/credential', '/api/user/info', '/api/favorite/music', '/api/nope']) {
      const res = await client.raw(pathname);
      expect(res.status, pathname).toBe(200);
      expect(cacheOf(res), pathname).toBe('no-store');
    }
  });

  test('without one: the sign-in answer (the user) and anonymous calls', async () => {
    const visitor = new Client(server);
    await signedInClient(server, 'anon@example.com', 'pw');
    const login = await visitor.raw('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anon@example.com', password: sha256Hex('pw') }),
    });
    expect(((await login.json()) as { status: number }).status).toBe(0);
    expect(cacheOf(login)).toBe('no-store');
    expect(cacheOf(await new Client(server).raw('/api/info'))).toBe('no-store');
    expect(cacheOf(await new Client(server).raw('/api/user/info'))).toBe('no-store');
  });

  test('the client files keep their caching', async () => {
    expect(cacheOf(await new Client(server).raw('/'))).toBe('no-cache');
    expect(cacheOf(await new Client(server).raw('/assets/index-abc.js'))).toBe('public, max-age=31536000, immutable');
  });
});

describe('ending a session clears the cache of the app origin', () => {
  const CLEAR = '"cache"';

  test('sign-out', async () => {
    const client = await signedInClient(server, 'out@example.com');
    const res = await client.raw('/api/user/logout', { method: 'POST' });
    expect(((await res.json()) as { status: number }).status).toBe(0);
    expect(res.headers.get('clear-site-data')).toBe(CLEAR);
  });

  test('a password change and an account deletion (both end the session here)', async () => {
    const changer = await signedInClient(server, 'change@example.com', 'old-pw');
    const changed = await changer.raw('/api/user/password', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ old_password: sha256Hex('old-pw'), new_password: sha256Hex('new-pw') }),
    });
    expect(((await changed.json()) as { status: number }).status).toBe(0);
    expect(changed.headers.get('clear-site-data')).toBe(CLEAR);

    const leaver = await signedInClient(server, 'leave@example.com', 'pw');
    const deleted = await leaver.raw('/api/user/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: sha256Hex('pw') }),
    });
    expect(((await deleted.json()) as { status: number }).status).toBe(0);
    expect(deleted.headers.get('clear-site-data')).toBe(CLEAR);
  });

  test('not signing in, nor a refused sign-out, nor other calls', async () => {
    const client = new Client(server);
    await signedInClient(server, 'stay@example.com', 'pw');
    const login = await client.raw('/api/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stay@example.com', password: sha256Hex('pw') }),
    });
    expect(login.headers.get('clear-site-data')).toBeNull();
    expect((await client.raw('/api/credential')).headers.get('clear-site-data')).toBeNull();
    const stranger = await new Client(server).raw('/api/user/logout', { method: 'POST' });
    expect(((await stranger.json()) as { status: number }).status).not.toBe(0);
    expect(stranger.headers.get('clear-site-data')).toBeNull();
  });
});

describe('the library', () => {
  const header = (t: string, more: Record<string, string> = {}): RequestInit => ({
    headers: { authorization: t, ...more },
  });

  test('a user token: /albums (200 and 304), audio (whole, ranged, HEAD), and what it is refused, in the header or ?auth=', async () => {
    const albums = await lib('/albums', header(token));
    expect(albums.status).toBe(200);
    expect(cacheOf(albums)).toBe('no-store');
    expect(cacheOf(await lib(`/albums?auth=${token}`))).toBe('no-store');
    const again = await lib('/albums', header(token, { 'if-none-match': albums.headers.get('etag')! }));
    expect(again.status).toBe(304);
    expect(cacheOf(again)).toBe('no-store');

    const answers: [string, Promise<Response>, number][] = [
      ['whole', lib(`/${A}/1/1?quality=lossless`, header(token)), 200],
      ['ranged', lib(`/${A}/1/1`, header(token, { range: 'bytes=0-99' })), 206],
      ['HEAD', lib(`/${A}/1/1?_xcw=1`, { ...header(token), method: 'HEAD' }), 200],
      ['?auth=', lib(`/${A}/1/1?auth=${token}`), 200],
      ['not in the library', lib(`/${UNKNOWN}/1/1?auth=${token}`), 404],
      ['a bad path', lib(`/nope/1/1?auth=${token}`), 403],
      ['a refused token', lib(`/${A}/1/1?auth=not-a-jwt`), 401],
      ['a refused token in the header', lib('/albums', header('not-a-jwt')), 401],
    ];
    for (const [name, answer, status] of answers) {
      const res = await answer;
      expect(res.status, name).toBe(status);
      expect(cacheOf(res), name).toBe('no-store');
      await res.body?.cancel();
    }
  });

  test('a share token: its audio and albums may be kept a day (the link hands its token to anyone), not its refusals', async () => {
    const share = await signShareToken(server.keys, { [A]: { '1': [1] } });
    const audio = await lib(`/${A}/1/1?auth=${share}&quality=lossless`);
    expect(audio.status).toBe(200);
    expect(cacheOf(audio)).toBe(SHARE_CACHE);
    await audio.body?.cancel();
    const albums = await lib('/albums', header(share));
    expect(albums.status).toBe(200);
    expect(cacheOf(albums)).toBe(SHARE_CACHE);
    // a refusal is kept by no one: a retry reaches the library
    const refused = await lib(`/${A}/1/2?auth=${share}`);
    expect(refused.status).toBe(401);
    expect(cacheOf(refused)).toBe('no-store');
  });

  test('covers (asked without a token) stay public; /info has no say', async () => {
    const cover = await lib(`/${A}/cover`);
    expect(cover.status).toBe(200);
    expect(cacheOf(cover)).toBe('public, max-age=31536000');
    await cover.body?.cancel();
    expect(cacheOf(await lib('/info'))).toBeNull();
  });
});
