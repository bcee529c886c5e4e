import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AnnivServer } from '../../server/index.js';
import { signShareToken, signUserToken } from '../../server/library/keys.js';
import { Client, makeDataDir, makeServer, removeDir, signedInClient } from './support/fixture.js';

/*
 * ANNIV_STRICT=1: the reference server as anniv-go and annil behave where they are stricter or
 * different and a client meets it (no XSRF, answers in no particular order, presence-only flags,
 * `bytes=0-` answered with 1024 bytes, annil's transcoding by ffmpeg), beside the default mode,
 * which keeps today's behaviour. Two servers over one demo folder.
 */

const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, two discs

let dir: string;
let byDefault: AnnivServer;
let strict: AnnivServer;

beforeAll(async () => {
  dir = await makeDataDir('full');
  byDefault = await makeServer(dir);
  strict = await makeServer(dir, { ANNIV_STRICT: '1' });
}, 120_000);
afterAll(async () => {
  await byDefault.close();
  await strict.close();
  removeDir(dir);
});

const servers = () => ({ default: byDefault, strict });

describe('XSRF', () => {
  test('strict: no XSRF-TOKEN cookie, and a change with no header and a foreign Origin is not refused as cross-site (anniv-go has no check)', async () => {
    const client = new Client(strict);
    await client.raw('/api/info');
    expect(client.cookies.has('XSRF-TOKEN')).toBe(false);
    await client.login();
    expect(client.cookies.has('XSRF-TOKEN')).toBe(false);
    const res = await client.call('PUT', '/api/favorite/album', { album_id: A }, { origin: 'https://elsewhere.example' });
    expect(res.status).toBe(0);
  });

  test('default: the cookie is handed out and a foreign Origin is refused', async () => {
    const client = new Client(byDefault);
    await client.raw('/api/info');
    expect(client.cookies.has('XSRF-TOKEN')).toBe(true);
    await client.login();
    const res = await client.call('PUT', '/api/favorite/album', { album_id: A }, { origin: 'https://elsewhere.example' });
    expect(res.status).not.toBe(0);
  });
});

describe('answers in no particular order', () => {
  test('strict: albums/by-tag (recursive) shuffles; the same albums every time', async () => {
    const client = await signedInClient(strict, 'order@example.com');
    const orders = new Set<string>();
    let first: string[] | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await client.get<{ album_id: string }[]>(`/api/meta/albums/by-tag?tag=${encodeURIComponent('organization:港湾唱片')}&recursive`);
      expect(res.status).toBe(0);
      const ids = res.data.map((a) => a.album_id);
      first ??= [...ids].sort();
      expect([...ids].sort()).toEqual(first);
      orders.add(ids.join());
    }
    expect(first!.length).toBeGreaterThan(2);
    expect(orders.size).toBeGreaterThan(1);
  });

  test("strict: annil's /albums shuffles; default keeps one order", async () => {
    for (const [mode, server] of Object.entries(servers())) {
      const token = await signUserToken(server.keys, 'order@example.com');
      const orders = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const res = await server.libraryApp.request('/albums', { headers: { authorization: token } });
        orders.add(((await res.json()) as string[]).join());
      }
      expect(orders.size > 1, mode).toBe(mode === 'strict');
    }
  });
});

describe('the same in both modes', () => {
  test.each(['default', 'strict'] as const)('%s: search flags are on by presence, whatever their value', async (mode) => {
    const client = await signedInClient(servers()[mode], `flags-${mode}@example.com`);
    const on = await client.get<{ albums?: unknown[] }>(`/api/search?keyword=${encodeURIComponent('港灯')}&search_albums=false`);
    expect(on.data.albums?.length).toBeGreaterThan(0);
    const off = await client.get<{ albums?: unknown[] }>(`/api/search?keyword=${encodeURIComponent('港灯')}`);
    expect(off.data.albums).toBeUndefined();
  });

  test.each(['default', 'strict'] as const)('%s: a second like of the same album is 901000', async (mode) => {
    const client = await signedInClient(servers()[mode], `twice-${mode}@example.com`);
    expect((await client.call('PUT', '/api/favorite/album', { album_id: A })).status).toBe(0);
    expect((await client.call('PUT', '/api/favorite/album', { album_id: A })).status).toBe(901000);
  });

  test.each(['default', 'strict'] as const)('%s: JSON bound strictly: a number for a string id and a string for a number are 902003', async (mode) => {
    const client = await signedInClient(servers()[mode], `types-${mode}@example.com`);
    const created = await client.call<{ id: string }>('PUT', '/api/playlist', { name: 'L', description: '', is_public: false, songs: [] });
    expect(created.status).toBe(0);
    expect((await client.call('DELETE', '/api/playlist', { id: Number(created.data.id) })).status).toBe(902003);
    expect((await client.post('/api/credential', { name: 'n', url: 'http://lib.example', token: 't', priority: '1' })).status).toBe(902003);
    expect((await client.call('PUT', '/api/favorite/music', { album_id: A, disc_id: '1', track_id: 1 })).status).toBe(902003);
  });
});

describe("annil's audio", () => {
  const audio = (server: AnnivServer, token: string, query = '', init: RequestInit = {}) =>
    Promise.resolve(server.libraryApp.request(`/${A}/1/1?auth=${token}${query}`, init));

  test('strict: bytes=0- gets the first 1024 bytes; other ranges as asked; default sends to the end', async () => {
    const strictToken = await signUserToken(strict.keys, 'range@example.com');
    const first = await audio(strict, strictToken, '&quality=lossless', { headers: { range: 'bytes=0-' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toMatch(/^bytes 0-1023\/\d+$/);
    expect((await first.arrayBuffer()).byteLength).toBe(1024);
    const later = await audio(strict, strictToken, '&quality=lossless', { headers: { range: 'bytes=1024-' } });
    const size = Number(later.headers.get('content-range')!.split('/')[1]);
    expect(later.headers.get('content-range')).toBe(`bytes 1024-${size - 1}/${size}`);
    const plain = await audio(byDefault, await signUserToken(byDefault.keys, 'range@example.com'), '', { headers: { range: 'bytes=0-' } });
    expect(plain.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`);
  });

  test('strict: a share token gets low-quality AAC even when asking lossless: streamed, no length, no ranges', async () => {
    const token = await signShareToken(strict.keys, { [A]: { '1': [1] } });
    const res = await audio(strict, token, '&quality=lossless', { headers: { range: 'bytes=0-' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/aac');
    expect(res.headers.get('x-audio-quality')).toBe('low');
    expect(res.headers.get('x-origin-type')).toBe('audio/flac');
    expect(Number(res.headers.get('x-origin-size'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('x-duration-seconds'))).toBeGreaterThan(0);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('accept-ranges')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Origin-Type, X-Origin-Size, X-Duration-Seconds, X-Audio-Quality');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    // an ADTS frame starts with the 12-bit sync word 0xFFF
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xf0).toBe(0xf0);

    const head = await audio(strict, token, '', { method: 'HEAD' });
    expect(head.headers.get('content-type')).toBe('audio/aac');
    expect(head.headers.get('x-audio-quality')).toBe('low');
    expect(head.headers.get('access-control-expose-headers')).toContain('Accept-Ranges');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  test('strict: a user token gets medium when the quality is absent or unknown, lossless as the file', async () => {
    const token = await signUserToken(strict.keys, 'quality@example.com');
    for (const query of ['', '&quality=best']) {
      const res = await audio(strict, token, query, { method: 'HEAD' });
      expect(res.headers.get('x-audio-quality')).toBe('medium');
      expect(res.headers.get('content-type')).toBe('audio/aac');
    }
    const high = await audio(strict, token, '&quality=high', { method: 'HEAD' });
    expect(high.headers.get('x-audio-quality')).toBe('high');
    const lossless = await audio(strict, token, '&quality=lossless', { method: 'HEAD' });
    expect(lossless.headers.get('content-type')).toBe('audio/flac');
    expect(lossless.headers.get('x-audio-quality')).toBe('lossless');
    expect(Number(lossless.headers.get('content-length'))).toBeGreaterThan(0);
  });

  test('default: nothing is transcoded; a share token is told low but gets the file', async () => {
    const token = await signShareToken(byDefault.keys, { [A]: { '1': [1] } });
    const res = await audio(byDefault, token, '&quality=low', { method: 'HEAD' });
    expect(res.headers.get('content-type')).toBe('audio/flac');
    expect(res.headers.get('x-audio-quality')).toBe('low');
  });
});

