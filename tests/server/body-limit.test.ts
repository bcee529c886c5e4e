import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../server/api/limits.js';
import { sizeText } from '../../server/api/bodyLimit.js';
import type { AnnivServer } from '../../server/index.js';
import { type Client, makeDataDir, makeServer, removeDir, signedInClient } from './support/fixture.js';

/*
 * Body size limits on /api: 1 MiB by default, 16 KiB for the small forms (sign-in, register,
 * password, intro, credentials, playlist likes), 512 KiB for a lyric, 8 MiB for playlist writes
 * and share creation. Over the limit:
 * HTTP 413 with the envelope {status: 902003, message: 'request body too large (at most …)'},
 * answered before the body is read (Content-Length) or as soon as the limit is passed (chunked).
 */

let dir: string;
let server: AnnivServer;
let c: Client;

beforeAll(async () => {
  dir = await makeDataDir('none');
  server = await makeServer(dir);
  c = await signedInClient(server, 'body@example.com');
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});

const ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const tooLarge = (text: string) => ({
  status: 902003,
  message: `request body too large (at most ${text})`,
  data: null,
});

async function send(
  method: string,
  path: string,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<{ http: number; json: unknown }> {
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    body,
    headers: { 'content-type': 'application/json', ...headers },
  };
  if (typeof body !== 'string') init.duplex = 'half';
  const res = await c.raw(path, init);
  return { http: res.status, json: await res.json() };
}

/** A JSON object of exactly `bytes` bytes: {"pad":"xxx…"}. */
const jsonOfSize = (bytes: number, extra = ''): string => {
  const head = `{${extra}"pad":"`;
  return `${head + 'x'.repeat(bytes - head.length - 2)}"}`;
};

describe('limits by route', () => {
  test('the limits are 1 MiB by default, 16 KiB for small forms, 8 MiB for playlists and shares', () => {
    expect(LIMITS.bodyBytes).toBe(1024 * 1024);
    expect(LIMITS.smallBodyBytes).toBe(16 * 1024);
    expect(LIMITS.bulkBodyBytes).toBe(8 * 1024 * 1024);
  });

  test.each([
    ['POST', '/api/user/login'],
    ['POST', '/api/user/register'],
    ['PATCH', '/api/user/password'],
    ['PATCH', '/api/user/intro'],
    ['POST', '/api/credential'],
    ['PATCH', '/api/credential'],
    ['DELETE', '/api/credential'],
    ['PUT', '/api/favorite/playlist'],
    ['DELETE', '/api/favorite/playlist'],
  ])('%s %s: 16 KiB + 1 byte → 413, exactly 16 KiB is read', async (method, path) => {
    expect(await send(method, path, jsonOfSize(16 * 1024 + 1))).toEqual({ http: 413, json: tooLarge('16 KiB') });
    const fits = await send(method, path, jsonOfSize(16 * 1024));
    expect(fits.http).toBe(200);
    expect(fits.json).toMatchObject({ status: expect.any(Number) });
    expect((fits.json as { message: string }).message).not.toMatch(/too large/);
  });

  test.each([
    ['PUT', '/api/favorite/album'],
    ['POST', '/api/stat'],
    ['DELETE', '/api/playlist'],
    ['DELETE', '/api/share'],
  ])('%s %s: default 1 MiB', async (method, path) => {
    expect(await send(method, path, jsonOfSize(1024 * 1024 + 1))).toEqual({ http: 413, json: tooLarge('1 MiB') });
    expect((await send(method, path, jsonOfSize(1024 * 1024))).http).toBe(200);
  });

  test('PATCH /api/lyric: 512 KiB (a 64 KiB lyric as JSON may escape it)', async () => {
    expect(LIMITS.lyricBodyBytes).toBe(512 * 1024);
    expect(await send('PATCH', '/api/lyric', jsonOfSize(512 * 1024 + 1))).toEqual({
      http: 413,
      json: tooLarge('512 KiB'),
    });
    expect((await send('PATCH', '/api/lyric', jsonOfSize(512 * 1024))).http).toBe(200);
  });

  test('a favourite with 1 MiB of padding is still stored (the limit is inclusive)', async () => {
    const res = await send('PUT', '/api/favorite/album', jsonOfSize(1024 * 1024, `"album_id":"${ALBUM}",`));
    expect(res).toEqual({ http: 200, json: { status: 0, message: 'OK', data: null } });
  });

  test.each([
    ['PUT', '/api/playlist'],
    ['PATCH', '/api/playlist'],
    ['POST', '/api/share'],
  ])('%s %s: 8 MiB', async (method, path) => {
    expect(await send(method, path, jsonOfSize(8 * 1024 * 1024 + 1))).toEqual({ http: 413, json: tooLarge('8 MiB') });
    expect((await send(method, path, jsonOfSize(8 * 1024 * 1024))).http).toBe(200);
  });

  test('1,000 playlist items with every text at its limit in emoji (4 bytes each, the worst) fit in one PUT and one append', async () => {
    const e = '🎵';
    const dummy = {
      type: 'dummy',
      description: e.repeat(1000),
      info: { title: e.repeat(500), artist: e.repeat(500), type: 'instrumental' },
    };
    const items = Array.from({ length: 1000 }, () => dummy);
    const body = JSON.stringify({
      name: e.repeat(200),
      description: e.repeat(5000),
      is_public: false,
      cover: { album_id: ALBUM, disc_id: 1 },
      items,
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(8_100_000);
    const created = await send('PUT', '/api/playlist', body);
    expect(created.json).toMatchObject({ status: 0 });
    const id = (created.json as { data: { id: string } }).data.id;
    const normal = { type: 'normal', description: e.repeat(1000), info: { album_id: ALBUM, disc_id: 1, track_id: 1 } };
    const append = JSON.stringify({ id, command: 'append', payload: Array.from({ length: 1000 }, () => normal) });
    expect(Buffer.byteLength(append)).toBeGreaterThan(4_000_000);
    const appended = await send('PATCH', '/api/playlist', append);
    expect(appended.json).toMatchObject({ status: 0 });
    expect((appended.json as { data: { items: unknown[] } }).data.items).toHaveLength(2000);
  });
});

describe('the shape of a JSON body, checked before it is parsed (server/api/jsonBounds.ts)', () => {
  const refused = (form: string, why: string) => ({
    http: 200,
    json: { status: 902003, message: `malformed ${form} (${why})`, data: null },
  });
  const dummyItem = (info: Record<string, unknown>) => ({ type: 'dummy', info: { title: 't', ...info } });
  const playlist = (extra: Record<string, unknown>) => JSON.stringify({ name: 'shape', ...extra });

  test('8 MiB of nested arrays → 902003 nested deeper than the playlist form goes (4 levels)', async () => {
    const half = 4 * 1024 * 1024;
    expect(await send('PUT', '/api/playlist', '['.repeat(half) + ']'.repeat(half))).toEqual(
      refused('playlist form', 'nested deeper than 4 levels'),
    );
  });

  /**
   * PUTs 64 KiB of `[` as a playlist, then a body that never comes (`headers` may declare its
   * length), and checks the refusal: answered without waiting for the rest, the connection closed
   * after it, the stream pulled no more than once past its first chunk.
   */
  async function refusedAtFirstChunk(headers: Record<string, string>): Promise<void> {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('['.repeat(64 * 1024)));
        else return new Promise<void>(() => {});
      },
    });
    const answer = c.raw('/api/playlist', {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit);
    const res = await Promise.race([
      answer,
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5000)),
    ]);
    expect(res).not.toBe('waiting');
    const refusal = res as Response;
    expect(await refusal.json()).toEqual(refused('playlist form', 'nested deeper than 4 levels').json);
    expect(refusal.headers.get('connection')).toBe('close');
    expect(pulls).toBeLessThanOrEqual(2);
  }

  test('refused at the first chunk that shows it, the rest never read, and the connection closed after the answer', async () => {
    await refusedAtFirstChunk({ 'content-length': String(8 * 1024 * 1024) });
  });

  test('a chunked body (no length declared) is scanned as it arrives too: refused at its first chunk, not after 8 MiB', async () => {
    await refusedAtFirstChunk({});
  });

  test('the playlist form is 4 levels deep (body, items, item, info): a fifth is refused', async () => {
    expect((await send('PUT', '/api/playlist', playlist({ items: [dummyItem({})] }))).json).toMatchObject({
      status: 0,
    });
    expect(await send('PUT', '/api/playlist', playlist({ items: [dummyItem({ extra: [] })] }))).toEqual(
      refused('playlist form', 'nested deeper than 4 levels'),
    );
    expect(
      await send(
        'PATCH',
        '/api/playlist',
        JSON.stringify({ id: '1', command: 'append', payload: [dummyItem({ x: {} })] }),
      ),
    ).toEqual(refused('patch form', 'nested deeper than 4 levels'));
  });

  test('brackets, braces, commas and escaped quotes inside strings are text, not structure', async () => {
    const title = '[[[[{{{{ "quoted" \\ ,,,, ]]]]'.repeat(10);
    const res = await send('PUT', '/api/playlist', playlist({ items: [dummyItem({ title })] }));
    expect(res.json).toMatchObject({ status: 0, data: { items: [{ info: { title } }] } });
  });

  test('600,000 unknown keys (6.7 MB) → 902003 before parsing, not accepted', async () => {
    const keys = Array.from({ length: 600_000 }, (_, i) => `"k${i}":1`).join(',');
    const body = `{"name":"n",${keys}}`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(6_500_000);
    expect(await send('PUT', '/api/playlist', body)).toEqual(
      refused('playlist form', `an object with more than ${LIMITS.jsonObjectMembers} members`),
    );
  });

  test(`unknown keys are ignored up to ${LIMITS.jsonObjectMembers} members per object, in any object`, async () => {
    const unknown = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${i}`, i]));
    const max = LIMITS.jsonObjectMembers;
    expect((await send('PUT', '/api/playlist', playlist(unknown(max - 1)))).json).toMatchObject({ status: 0 });
    expect(await send('PUT', '/api/playlist', playlist(unknown(max)))).toEqual(
      refused('playlist form', `an object with more than ${max} members`),
    );
    expect((await send('PUT', '/api/playlist', playlist({ items: [dummyItem(unknown(max - 1))] }))).json).toMatchObject(
      { status: 0 },
    );
    expect(await send('PUT', '/api/playlist', playlist({ items: [dummyItem(unknown(max))] }))).toEqual(
      refused('playlist form', `an object with more than ${max} members`),
    );
    expect(await send('POST', '/api/user/login', JSON.stringify({ email: 'a@b.c', ...unknown(max) }))).toEqual(
      refused('login form', `an object with more than ${max} members`),
    );
  });

  test('more values than the largest valid playlist write (1,000 items of 32) → 902003 before parsing', async () => {
    const zeros = (n: number) => `{"name":"n","items":[${Array.from({ length: n }, () => '0').join(',')}]}`;
    expect(await send('PUT', '/api/playlist', zeros(40_000))).toEqual(
      refused('playlist form', 'more than 32000 values'),
    );
    // Under the bound, the form's own count check answers as before.
    expect((await send('PUT', '/api/playlist', zeros(1001))).json).toEqual({
      status: 902003,
      message: 'too many playlist items in one request (at most 1000)',
      data: null,
    });
  });
});

describe('refused before the body is read', () => {
  /** A body that sends `first` and then never ends; counts the bytes pulled. */
  function endless(chunk: Uint8Array, onPull: (bytes: number) => void, first?: Uint8Array): ReadableStream<Uint8Array> {
    let pulled = 0;
    let sentFirst = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = !sentFirst && first ? first : chunk;
        sentFirst = true;
        pulled += next.byteLength;
        onPull(pulled);
        controller.enqueue(next);
      },
    });
  }

  test('a large Content-Length is answered without reading the body (in process)', async () => {
    let pulled = 0;
    const blocked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled > 0) return new Promise<void>(() => {}); // never delivers more
        pulled += 10;
        controller.enqueue(new TextEncoder().encode('{"email":"'));
        return undefined;
      },
    });
    const res = await send('POST', '/api/user/login', blocked, { 'content-length': String(100 * 1024 * 1024) });
    expect(res).toEqual({ http: 413, json: tooLarge('16 KiB') });
  });

  test('a chunked body (no Content-Length) is cut off at the limit', async () => {
    let pulled = 0;
    const body = endless(new Uint8Array(1024).fill(0x78), (n) => (pulled = n), new TextEncoder().encode('{"pad":"'));
    const res = await send('POST', '/api/user/login', body);
    expect(res).toEqual({ http: 413, json: tooLarge('16 KiB') });
    // Read up to the limit plus at most what the stream queued ahead, not endlessly.
    expect(pulled).toBeGreaterThan(16 * 1024);
    expect(pulled).toBeLessThan(64 * 1024);
  });

  test('a route that reads its body itself (DELETE with {id}) is cut off at the limit too', async () => {
    let pulled = 0;
    const body = endless(new Uint8Array(1024).fill(0x78), (n) => (pulled = n), new TextEncoder().encode('{"id":"'));
    const res = await send('DELETE', '/api/playlist', body);
    expect(res).toEqual({ http: 413, json: tooLarge(sizeText(LIMITS.bodyBytes)) });
    expect(pulled).toBeLessThan(LIMITS.bodyBytes + 64 * 1024);
  });

  test('a chunked body under the limit is read as usual', async () => {
    const text = JSON.stringify({ email: 'body@example.com', password: 'nope' });
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const res = await send('POST', '/api/user/login', body);
    expect(res.http).toBe(200);
    expect(res.json).toMatchObject({ status: 102010 });
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      const { apiUrl } = await server.start();
      port = Number(new URL(apiUrl).port);
    });

    /** Writes `head` (and optional chunks) and resolves with what the server answered, without ending the upload. */
    function exchange(head: string, chunks: string[] = []): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let answer = '';
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`no complete answer in time; got: ${answer.slice(0, 200)}`));
        }, 5000);
        socket.on('data', (d: Buffer) => {
          answer += d.toString('utf8');
          const end = answer.indexOf('\r\n\r\n');
          if (end >= 0) {
            const length = Number(/content-length:\s*(\d+)/i.exec(answer.slice(0, end))?.[1] ?? NaN);
            if (Buffer.byteLength(answer.slice(end + 4)) >= length) {
              clearTimeout(timer);
              socket.destroy();
              resolve(answer);
            }
          }
        });
        socket.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
        socket.write(head);
        for (const chunk of chunks) socket.write(chunk);
      });
    }

    test('Content-Length of 100 MB: 413 comes back after only the first bytes were sent', async () => {
      const answer = await exchange(
        `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n{"email":"`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      // the rest of the body is not read: the connection is announced closed, so no client sends
      // its next request on it
      expect(answer.slice(0, answer.indexOf('\r\n\r\n'))).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(tooLarge('16 KiB'));
    });

    test('chunked upload that never ends: 413 once the limit is passed', async () => {
      const chunk = 'x'.repeat(4096);
      const chunks = ['8\r\n{"pad":"\r\n', ...Array.from({ length: 6 }, () => `1000\r\n${chunk}\r\n`)]; // 24 KiB, no last chunk
      const answer = await exchange(
        `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        chunks,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(tooLarge('16 KiB'));
    });
  });
});
