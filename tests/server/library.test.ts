import fs from 'node:fs';
import path from 'node:path';
import { decode as decodeJpeg } from 'jpeg-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { albumFolder, DEMO_ALBUMS } from '../../server/demo/catalog.js';
import type { AnnivServer } from '../../server/index.js';
import { signShareToken, signUserToken } from '../../server/library/keys.js';
import { albumsEtag } from '../../server/library/scan.js';
import { Client, makeDataDir, makeServer, removeDir } from './support/fixture.js';

const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // two discs
const D = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // holds the 10:30 track (disc 1 track 5)
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let dir: string;
let server: AnnivServer;
let token: string;

beforeAll(async () => {
  dir = await makeDataDir('full'); // generated once for this file
  server = await makeServer(dir);
  token = await signUserToken(server.keys, 'tester@example.com');
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const lib = (pathname: string, init: RequestInit = {}): Promise<Response> =>
  Promise.resolve(server.libraryApp.request(pathname, init));
const auth = (t = token): RequestInit => ({ headers: { authorization: t } });
const trackFile = (album: string, disc: number, track: number): string =>
  path.join(dir, 'library', albumFolder(album), String(disc), `${track}.flac`);

describe('/info and /albums', () => {
  test('/info', async () => {
    const res = await lib('/info');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ version: expect.any(String), protocol_version: '0.4.1', last_update: expect.any(Number) });
    expect(Math.abs((body.last_update as number) - Date.now() / 1000)).toBeLessThan(3600);
  });

  test('/albums needs a valid token', async () => {
    expect((await lib('/albums')).status).toBe(401);
    expect((await lib('/albums', auth('not-a-jwt'))).status).toBe(401);
    const foreign = await new SignJWT({ type: 'user', user_id: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('other-key'));
    expect((await lib('/albums', auth(foreign))).status).toBe(401);
  });

  test('/albums lists every album with the XOR ETag; If-None-Match → 304', async () => {
    const res = await lib('/albums', auth());
    expect(res.status).toBe(200);
    const list = (await res.json()) as string[];
    expect([...list].sort()).toEqual(DEMO_ALBUMS.map((a) => a.album_id).sort());
    const etag = res.headers.get('etag');
    expect(etag).toBe(albumsEtag(list));
    expect(etag).toMatch(/^"[A-Za-z0-9+/]{22}=="$/);
    expect((await lib(`/albums?auth=${token}`)).status).toBe(200);
    const again = await lib('/albums', { headers: { authorization: token, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await lib('/albums', { headers: { authorization: token, 'if-none-match': `W/${etag}` } })).status).toBe(
      304,
    );
    expect((await lib('/albums', { headers: { authorization: token, 'if-none-match': '"other"' } })).status).toBe(200);
  });

  test('ETag is the XOR of the UUIDs as 128-bit numbers', () => {
    const x = BigInt(`0x${A.replace(/-/g, '')}`) ^ BigInt(`0x${D.replace(/-/g, '')}`);
    const bytes = Buffer.from(x.toString(16).padStart(32, '0'), 'hex');
    expect(albumsEtag([A, D])).toBe(`"${bytes.toString('base64')}"`);
  });

  test('a share token sees only its albums, without ETag', async () => {
    const share = await signShareToken(server.keys, { [A]: { '1': [1] } });
    const res = await lib(`/albums?auth=${share}`);
    expect(await res.json()).toEqual([A]);
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('covers', () => {
  test('album and disc covers are public JPEGs, ~300x300, distinct', async () => {
    const album = await lib(`/${A}/cover`);
    expect(album.status).toBe(200);
    expect(album.headers.get('content-type')).toBe('image/jpeg');
    expect(album.headers.get('cache-control')).toBe('public, max-age=31536000');
    const bytes = new Uint8Array(await album.arrayBuffer());
    const img = decodeJpeg(bytes);
    expect([img.width, img.height]).toEqual([300, 300]);
    const disc2 = new Uint8Array(await (await lib(`/${A}/2/cover`)).arrayBuffer());
    expect(Buffer.from(disc2).equals(Buffer.from(bytes))).toBe(false);
    const other = new Uint8Array(await (await lib(`/${D}/cover`)).arrayBuffer());
    expect(Buffer.from(other).equals(Buffer.from(bytes))).toBe(false);
  });

  test.each([
    [`/${UNKNOWN}/cover`, 404],
    [`/${A}/3/cover`, 404],
    ['/not-a-uuid/cover', 400],
    [`/${A}/0/cover`, 400],
    [`/${A}/256/cover`, 400],
    [`/${A}/x/cover`, 400],
  ])('%s → %i', async (p, status) => {
    const res = await lib(p);
    expect(res.status).toBe(status);
    if (status === 404) expect(res.headers.get('cache-control')).toBe('private');
  });
});

describe('audio', () => {
  test('GET serves the original FLAC with annil headers', async () => {
    const file = trackFile(A, 1, 1);
    const size = fs.statSync(file).size;
    const res = await lib(`/${A}/1/1?quality=lossless&auth=${token}`);
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(
        [
          'content-type',
          'x-origin-type',
          'x-origin-size',
          'x-duration-seconds',
          'x-audio-quality',
          'content-length',
          'accept-ranges',
        ].map((h) => [h, res.headers.get(h)]),
      ),
    ).toEqual({
      'content-type': 'audio/flac',
      'x-origin-type': 'audio/flac',
      'x-origin-size': String(size),
      'x-duration-seconds': '32',
      'x-audio-quality': 'lossless',
      'content-length': String(size),
      'accept-ranges': 'bytes',
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
  });

  test('every quality gets the original (no transcoder)', async () => {
    for (const q of ['low', 'medium', 'high', 'weird']) {
      const res = await lib(`/${A}/2/1?quality=${q}`, auth());
      expect(res.headers.get('content-type')).toBe('audio/flac');
      expect(res.headers.get('x-audio-quality')).toBe('lossless');
      await res.arrayBuffer();
    }
  });

  test('HEAD gives the same headers without a body; the long track reports 630 s', async () => {
    const res = await lib(`/${D}/1/5?auth=${token}&_xcw=1`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-duration-seconds')).toBe('630');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(fs.statSync(trackFile(D, 1, 5)).size));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  test.each([
    ['no token', `/${A}/1/1`, false, 401],
    ['no token and a bad path', '/nope/0/0', false, 401],
    ['bad token', `/${A}/1/1?auth=abc`, false, 401],
    ['album not a UUID', '/nope/1/1', true, 403],
    ['disc 0', `/${A}/0/1`, true, 403],
    ['disc 256', `/${A}/256/1`, true, 403],
    ['track not a number', `/${A}/1/x`, true, 403],
    ['bad path beats bad opus', '/nope/1/1?opus=1', true, 403],
    ['opus=1', `/${A}/1/1?opus=1`, true, 400],
    ['bad opus beats unknown album', `/${UNKNOWN}/1/1?opus=yes`, true, 400],
    ['unknown album', `/${UNKNOWN}/1/1`, true, 404],
    ['missing track', `/${A}/1/99`, true, 404],
    ['missing disc', `/${A}/3/1`, true, 404],
    ['opus=true is fine', `/${A}/1/2?opus=true`, true, 200],
  ])('%s → %i', async (_n, p, withToken, status) => {
    const res = await lib(p, withToken ? auth() : {});
    expect(res.status).toBe(status);
    // asked with a token, kept by no cache (docs/architecture.md#nothing-kept-after-sign-out)
    if (withToken) expect(res.headers.get('cache-control')).toBe('no-store');
    await res.arrayBuffer();
  });

  describe('ranges', () => {
    const file = (): Buffer => fs.readFileSync(trackFile(A, 1, 2));
    const range = (value: string): Promise<Response> =>
      lib(`/${A}/1/2`, { headers: { authorization: token, range: value } });

    test('bytes=S-E → 206 with exactly those bytes', async () => {
      const res = await range('bytes=100-1123');
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 100-1123/${file().length}`);
      expect(res.headers.get('content-length')).toBe('1024');
      expect(Buffer.from(await res.arrayBuffer()).equals(file().subarray(100, 1124))).toBe(true);
    });

    test('bytes=S- → 206 to the end; bytes=0- is the whole file', async () => {
      const all = file();
      const res = await range('bytes=5000-');
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 5000-${all.length - 1}/${all.length}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(all.subarray(5000))).toBe(true);
      const zero = await range('bytes=0-');
      expect(zero.status).toBe(206);
      expect(Buffer.from(await zero.arrayBuffer()).equals(all)).toBe(true);
    });

    test('an end past the file is clipped', async () => {
      const all = file();
      const res = await range(`bytes=${all.length - 10}-${all.length + 1000}`);
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${all.length - 10}-${all.length - 1}/${all.length}`);
      expect((await res.arrayBuffer()).byteLength).toBe(10);
    });

    test.each(['bytes=-500', 'bytes=abc', 'items=0-5', 'bytes=0-1,5-9', 'bytes=9-3'])(
      '%s is ignored → 200 full',
      async (value) => {
        const res = await range(value);
        expect(res.status).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBe(file().length);
      },
    );

    test('a start past the end → 416', async () => {
      const res = await range(`bytes=${file().length}-`);
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${file().length}`);
    });

    test('ranges read at once (up to 1 MiB) and streamed (longer) both give exactly the bytes asked for', async () => {
      const long = fs.readFileSync(trackFile(D, 1, 5)); // 10:30, about 1.6 MB
      expect(long.length).toBeGreaterThan(1.5 * 1024 * 1024);
      const at = (value: string): Promise<Response> =>
        lib(`/${D}/1/5`, { headers: { authorization: token, range: value } });
      const mib = 1024 * 1024;
      for (const [start, end] of [
        [1, mib],
        [1, mib + 1],
        [mib / 2, mib / 2 + mib + 7],
      ] as const) {
        const res = await at(`bytes=${start}-${end}`);
        expect(res.status).toBe(206);
        expect(Buffer.from(await res.arrayBuffer()).equals(long.subarray(start, end + 1))).toBe(true);
      }
      const whole = await lib(`/${D}/1/5`, auth());
      expect(Buffer.from(await whole.arrayBuffer()).equals(long)).toBe(true);
    });
  });

  test('a track file changed on disk is served as it is now; a removed one → 404 until it is back', async () => {
    const target = trackFile(A, 2, 1);
    const original = fs.readFileSync(target);
    const other = fs.readFileSync(trackFile(D, 1, 5));
    const head = async (): Promise<Response> => lib(`/${A}/2/1`, { ...auth(), method: 'HEAD' });
    try {
      const before = await head(); // remembered now
      expect(before.headers.get('content-length')).toBe(String(original.length));
      fs.writeFileSync(target, other);
      const changed = await head();
      expect(changed.headers.get('content-length')).toBe(String(other.length));
      expect(changed.headers.get('x-duration-seconds')).toBe('630');
      fs.rmSync(target);
      expect((await head()).status).toBe(404);
    } finally {
      fs.writeFileSync(target, original);
    }
    const back = await head();
    expect(back.status).toBe(200);
    expect(back.headers.get('content-length')).toBe(String(original.length));
    expect(back.headers.get('x-duration-seconds')).not.toBe('630');
  });

  describe('share tokens', () => {
    test('play only listed tracks, always reported as low quality', async () => {
      const share = await signShareToken(server.keys, { [A]: { '1': [1, 3], '2': [2] } });
      const ok = await lib(`/${A}/1/3?quality=lossless&auth=${share}`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-audio-quality')).toBe('low');
      await ok.arrayBuffer();
      expect((await lib(`/${A}/2/2`, auth(share))).status).toBe(200);
      expect((await lib(`/${A}/1/2?auth=${share}`)).status).toBe(401);
      expect((await lib(`/${A}/2/1?auth=${share}`)).status).toBe(401);
      expect((await lib(`/${D}/1/1?auth=${share}`)).status).toBe(401);
      expect((await lib(`/${A}/cover`)).status).toBe(200);
    });

    test('expired, wrong kid or wrong key → 401', async () => {
      const expired = await signShareToken(server.keys, { [A]: { '1': [1] } }, -10);
      expect((await lib(`/${A}/1/1?auth=${expired}`)).status).toBe(401);
      const wrongKid = await new SignJWT({ type: 'share', audios: { [A]: { '1': [1] } } })
        .setProtectedHeader({ alg: 'HS256', kid: 'other' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(server.keys.share_key));
      expect((await lib(`/${A}/1/1?auth=${wrongKid}`)).status).toBe(401);
      const wrongKey = await new SignJWT({ type: 'share', audios: { [A]: { '1': [1] } } })
        .setProtectedHeader({ alg: 'HS256', kid: server.keys.share_key_id })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-share-key'));
      expect((await lib(`/${A}/1/1?auth=${wrongKey}`)).status).toBe(401);
    });

    test('a share token living longer than 25 h, with no iat, or issued in the future → 401', async () => {
      // the share key is in every user token, so any account can sign these (annil honours them)
      const now = Math.floor(Date.now() / 1000);
      const audios = { [A]: { '1': [1] } };
      const signed = (claims: Record<string, unknown>, kid: string | undefined, key: string) =>
        new SignJWT({ iss: 'anniv', type: 'share', audios, ...claims })
          .setProtectedHeader(kid === undefined ? { alg: 'HS256' } : { alg: 'HS256', kid })
          .sign(new TextEncoder().encode(key));
      const keys: [string | undefined, string][] = [
        [server.keys.share_key_id, server.keys.share_key],
        [undefined, server.keys.hmac_key],
      ];
      for (const [kid, key] of keys) {
        const status = async (claims: Record<string, unknown>) =>
          (await lib(`/${A}/1/1?auth=${await signed(claims, kid, key)}`, { method: 'HEAD' })).status;
        expect(await status({ iat: now, exp: now + 10 * 365 * 86400 })).toBe(401);
        expect(await status({ exp: now + 3600 })).toBe(401);
        expect(await status({ iat: now + 3600, exp: now + 7200 })).toBe(401);
        expect(await status({ iat: now - 25 * 3600 + 60, exp: now + 60 })).toBe(200);
        expect(await status({ iat: now, exp: now + 25 * 3600 + 1 })).toBe(401);
        expect(await status({ iat: now, exp: now + 24 * 3600 })).toBe(200);
      }
    });

    test('a share token signed with the secret from a user token works (what Anniv does, with an iat)', async () => {
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        share: { key_id: string; secret: string };
      };
      const share = await new SignJWT({ type: 'share', audios: { [D]: { '1': [5] } } })
        .setProtectedHeader({ alg: 'HS256', kid: payload.share.key_id })
        .setIssuer('anniv')
        .setIssuedAt()
        .setExpirationTime('24h')
        .sign(new TextEncoder().encode(payload.share.secret));
      const res = await lib(`/${D}/1/5?auth=${share}`, { method: 'HEAD' });
      expect(res.status).toBe(200);
    });
  });
});

describe('CORS', () => {
  const exposed = [
    'X-Origin-Type',
    'X-Origin-Size',
    'X-Duration-Seconds',
    'X-Audio-Quality',
    'Accept-Ranges',
    'Content-Range',
    'Content-Length',
    'ETag',
  ];

  test.each(['/info', '/albums', `/${A}/cover`, `/${A}/1/1`, `/${UNKNOWN}/1/1`, '/nope/x/y/z'])(
    '%s carries the CORS headers',
    async (p) => {
      const res = await lib(p, auth());
      expect(res.status).not.toBe(401);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')!.split(/,\s*/)).toEqual(expect.arrayContaining(exposed));
      await res.arrayBuffer();
    },
  );

  test('OPTIONS preflight → 204 allowing Authorization and Range explicitly', async () => {
    const res = await lib(`/${A}/1/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, range',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Range, If-None-Match, Content-Type');
  });
});

describe('with real ports', () => {
  test('start() listens on free ports, points controlled credentials at the library, serves ranges over HTTP', async () => {
    const other = await makeServer(dir);
    try {
      const { apiUrl, libraryUrl } = await other.start();
      expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(libraryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new Client(other);
      await client.login();
      const creds = (await client.get<{ url: string; token: string; controlled: boolean }[]>('/api/credential')).data;
      const controlled = creds.find((x) => x.controlled)!;
      expect(controlled.url).toBe(libraryUrl);
      const info = await fetch(`${apiUrl}/api/info`);
      expect(((await info.json()) as { status: number }).status).toBe(0);
      const res = await fetch(`${libraryUrl}/${A}/1/1?auth=${encodeURIComponent(controlled.token)}`, {
        headers: { range: 'bytes=0-99', origin: apiUrl },
      });
      expect(res.status).toBe(206);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(trackFile(A, 1, 1)).subarray(0, 100))).toBe(
        true,
      );
    } finally {
      await other.close();
    }
  });
});
