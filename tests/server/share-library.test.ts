import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { albumFolder } from '../../server/demo/catalog.js';
import type { AnnivServer } from '../../server/index.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';
import {
  addCredential,
  bytes,
  controlledCredential,
  createShare,
  firstBytes,
  getShare,
  isAdts,
  payloadOf,
  shareBody,
  userToken,
} from './support/share.js';
import { createLibraryApp } from '../../server/library/app.js';
import { scanLibrary } from '../../server/library/scan.js';
import { demoPaths } from '../../server/demo/generate.js';

/*
 * End to end: a share made over the API plays on the demo library (docs/protocol.md#shares step 4,
 * 2.2, 2.5, 2.6): only the shared tracks, always as quality low (AAC from ffmpeg), until the token expires.
 * A share token that does not cover a track answers 401, as annil does ("share token not covering
 * this track", docs/protocol.md#library-server-annil) and as tests/server/library.test.ts already pins.
 */

const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // two discs
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02';
const D = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04';
const DAY = 24 * 60 * 60;

let dir: string;
let server: AnnivServer;
let demo: Client;
let anon: Client;
let credId: string;
let shareId: string;
let token: string;

const lib = (pathname: string, init: RequestInit = {}): Promise<Response> =>
  Promise.resolve(server.libraryApp.request(pathname, init));
const trackFile = (album: string, disc: number, track: number): string =>
  path.join(dir, 'library', albumFolder(album), String(disc), `${track}.flac`);
const status = async (pathname: string, init: RequestInit = {}): Promise<number> => {
  const res = await lib(pathname, init);
  await res.arrayBuffer();
  return res.status;
};

beforeAll(async () => {
  dir = await makeDataDir('full');
  server = await makeServer(dir); // with the demo account and its controlled credential
  demo = new Client(server);
  await demo.login();
  anon = new Client(server);
  credId = (await controlledCredential(demo)).id;
  shareId = await createShare(
    demo,
    shareBody(
      [
        { album_id: A, disc_id: 1, tracks: [1, 3] },
        { album_id: A, disc_id: 2, tracks: [2] },
        { album_id: D, disc_id: 1, tracks: [5] },
      ],
      credId,
    ),
  );
  token = (await getShare(anon, shareId)).data.tokens[0]!.token;
}, 120_000);
afterAll(async () => {
  await server.close();
  removeDir(dir);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a share token from GET /api/share on the demo library', () => {
  test('its audios are exactly the shared tracks', () => {
    expect(payloadOf(token).audios).toEqual({ [A]: { '1': [1, 3], '2': [2] }, [D]: { '1': [5] } });
  });

  // ffmpeg is on this machine (the test setup installs it), so share tokens get annil's low AAC
  test('a shared track plays as low-quality AAC whatever quality asks, as annil forces it', async () => {
    for (const quality of ['lossless', 'high', 'medium', 'low', 'weird', undefined]) {
      const q = quality === undefined ? '' : `&quality=${quality}`;
      const res = await lib(`/${A}/1/3?auth=${encodeURIComponent(token)}${q}`, { method: 'HEAD' });
      expect(res.status, String(quality)).toBe(200);
      expect(res.headers.get('x-audio-quality')).toBe('low');
      expect(res.headers.get('content-type')).toBe('audio/aac');
      expect(res.headers.get('x-origin-type')).toBe('audio/flac');
    }
    const res = await lib(`/${A}/1/3?auth=${encodeURIComponent(token)}&quality=lossless`);
    expect(res.headers.get('content-length')).toBeNull();
    expect(isAdts(await firstBytes(res))).toBe(true);
  });

  test('HEAD and the Authorization header work too; a range is not honoured (a stream has none)', async () => {
    const head = await lib(`/${D}/1/5?auth=${token}&quality=lossless&_xcw=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-audio-quality')).toBe('low');
    expect(head.headers.get('x-duration-seconds')).toBe('630');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const ranged = await lib(`/${A}/2/2`, { headers: { authorization: token, range: 'bytes=10-19' } });
    expect(ranged.status).toBe(200);
    expect(ranged.headers.get('content-range')).toBeNull();
    expect(isAdts(await firstBytes(ranged))).toBe(true);
  });

  test('without ffmpeg a share token gets the original file, reported as lossless', async () => {
    const plain = createLibraryApp({
      keys: server.keys,
      index: scanLibrary(demoPaths(dir).libraryDir),
      lastUpdate: 0,
      tokenGeneration: () => null,
      ffmpeg: false,
    });
    const res = await plain.request(`/${A}/1/3?auth=${encodeURIComponent(token)}&quality=low`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/flac');
    expect(res.headers.get('x-audio-quality')).toBe('lossless');
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(trackFile(A, 1, 3)))).toBe(true);
    const ranged = await plain.request(`/${A}/2/2`, { headers: { authorization: token, range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(fs.readFileSync(trackFile(A, 2, 2)).subarray(10, 20))).toBe(
      true,
    );
  });

  test.each([
    ['a track of a shared disc not in the share', `/${A}/1/2`],
    ['a shared track number on the other disc', `/${A}/2/1`],
    ['a disc of a shared album not in the share', `/${D}/2/1`],
    ['an album not in the share', `/${B}/1/1`],
  ])('%s → refused (401, as annil)', async (_n, p) => {
    expect(await status(`${p}?auth=${token}`)).toBe(401);
    expect(await status(`${p}?auth=${token}`, { method: 'HEAD' })).toBe(401);
  });

  test('a shared track written with leading zeros is the same track; bad paths are 403 first, as annil', async () => {
    expect(await status(`/${A}/01/003?auth=${token}`)).toBe(200);
    expect(await status(`/${A.toUpperCase()}/1/1?auth=${token}`)).toBe(200);
    expect(await status(`/nope/1/1?auth=${token}`)).toBe(403);
    expect(await status(`/${A}/0/1?auth=${token}`)).toBe(403);
    expect(await status(`/${A}/1/3?opus=1&auth=${token}`)).toBe(400);
  });

  test('/albums answers the album keys of audios (no ETag); covers need no token', async () => {
    const res = await lib(`/albums?auth=${token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([A, D]);
    expect(res.headers.get('etag')).toBeNull();
    expect(await status(`/${B}/cover`)).toBe(200);
    expect(await status(`/${A}/2/cover`)).toBe(200);
  });

  test('other methods on audio are not served', async () => {
    expect(await status(`/${A}/1/3?auth=${token}`, { method: 'POST' })).toBe(404);
    expect(await status(`/${A}/1/3?auth=${token}`, { method: 'DELETE' })).toBe(404);
  });
});

describe('refused share tokens', () => {
  test('expired: fine a minute before exp, 401 a minute after', async () => {
    const { exp } = payloadOf(token) as { exp: number };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp - 60) * 1000);
    expect(await status(`/${A}/1/1?auth=${token}`)).toBe(200);
    vi.setSystemTime((exp + 60) * 1000);
    expect(await status(`/${A}/1/1?auth=${token}`)).toBe(401);
    expect(await status(`/albums?auth=${token}`)).toBe(401);
  });

  test('a fresh GET gives a fresh 24 h token after the old one expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const later = Date.now() + 2 * DAY * 1000;
    vi.setSystemTime(later);
    expect(await status(`/${A}/1/1?auth=${token}`)).toBe(401);
    const fresh = (await getShare(anon, shareId)).data.tokens[0]!.token;
    expect(payloadOf(fresh).exp).toBe(Math.floor(later / 1000) + DAY);
    expect(await status(`/${A}/1/1?auth=${fresh}`)).toBe(200);
  });

  const audios = { [A]: { '1': [1] } };
  const exp = () => Math.floor(Date.now() / 1000) + 3600;
  // with an iat, so each of these is refused for the one fault it has
  const iat = () => Math.floor(Date.now() / 1000);

  test('signed with the wrong key (right kid) → 401', async () => {
    const forged = await new SignJWT({ iss: 'anniv', iat: iat(), exp: exp(), type: 'share', audios })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: server.keys.share_key_id })
      .sign(bytes('not-the-share-key'));
    expect(await status(`/${A}/1/1?auth=${forged}`)).toBe(401);
  });

  test('a payload changed after signing (more tracks) → 401', async () => {
    const [h, , s] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...payloadOf(token), audios: { [B]: { '1': [1] } } })).toString(
      'base64url',
    );
    expect(await status(`/${B}/1/1?auth=${h}.${widened}.${s}`)).toBe(401);
  });

  test('another kid, no exp, or a user-type token signed with the share key → 401', async () => {
    const key = bytes(server.keys.share_key);
    const otherKid = await new SignJWT({ iat: iat(), exp: exp(), type: 'share', audios })
      .setProtectedHeader({ alg: 'HS256', kid: 'other' })
      .sign(key);
    const noExp = await new SignJWT({ iat: iat(), type: 'share', audios })
      .setProtectedHeader({ alg: 'HS256', kid: server.keys.share_key_id })
      .sign(key);
    const userType = await new SignJWT({ exp: exp(), type: 'user', user_id: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: server.keys.share_key_id })
      .sign(key);
    for (const t of [otherKid, noExp, userType]) expect(await status(`/${A}/1/1?auth=${t}`)).toBe(401);
  });

  test('a share through a credential of another library: the API signs it, this library refuses it', async () => {
    const foreign = await addCredential(
      demo,
      'Elsewhere',
      'https://elsewhere.example',
      await userToken('their-hmac', { key_id: 'their-kid', secret: 'their-secret' }),
    );
    const id = await createShare(demo, shareBody([{ album_id: A, disc_id: 1, tracks: [1] }], foreign));
    const [t] = (await getShare(anon, id)).data.tokens;
    expect(t!.server).toBe('https://elsewhere.example');
    expect(await status(`/${A}/1/1?auth=${t!.token}`)).toBe(401);
  });
});

describe('deleting a share', () => {
  test('takes the link back (902000); a token already handed out still plays until it expires', async () => {
    const id = await createShare(demo, shareBody([{ album_id: B, disc_id: 1, tracks: [2] }], credId));
    const issued = (await getShare(anon, id)).data.tokens[0]!.token;
    expect((await demo.call('DELETE', '/api/share', { id })).status).toBe(0);
    expect(await getShare(anon, id)).toEqual({ status: 902000, message: 'share not found', data: null });
    expect(await status(`/${B}/1/2?auth=${issued}`)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(((payloadOf(issued).exp as number) + 1) * 1000);
    expect(await status(`/${B}/1/2?auth=${issued}`)).toBe(401);
  });
});

describe('with real ports', () => {
  test('the shared page flow: cross-origin GET of the share, then the track from tokens[0].server', async () => {
    const other = await makeServer(dir);
    try {
      const { apiUrl, libraryUrl } = await other.start();
      const client = new Client(other);
      await client.login();
      const cred = await controlledCredential(client);
      expect(cred.url).toBe(libraryUrl);
      const id = await createShare(client, shareBody([{ album_id: A, disc_id: 1, tracks: [2] }], cred.id));
      const res = await fetch(`${apiUrl}/api/share?id=${id}`, { headers: { origin: 'https://friend.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await res.json()) as {
        data: { tokens: { server: string; token: string }[]; cover: { album_id: string; disc_id: number } };
      };
      const [t] = body.data.tokens;
      expect(t!.server).toBe(libraryUrl);
      const audio = await fetch(`${t!.server}/${A}/1/2?auth=${encodeURIComponent(t!.token)}&quality=lossless`, {
        headers: { origin: 'https://friend.example' },
      });
      expect(audio.status).toBe(200);
      expect(audio.headers.get('x-audio-quality')).toBe('low');
      expect(audio.headers.get('access-control-allow-origin')).toBe('*');
      expect(isAdts(await firstBytes(audio))).toBe(true);
      const cover = await fetch(`${t!.server}/${body.data.cover.album_id}/${body.data.cover.disc_id}/cover`);
      expect(cover.status).toBe(200);
      await cover.arrayBuffer();
    } finally {
      await other.close();
    }
  });
});
