import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import { LIMITS } from '../../server/api/limits.js';
import { ShareAnswers } from '../../server/api/shareAnswers.js';
import type { AnnivServer } from '../../server/index.js';
import {
  Client,
  clientAt,
  makeDataDir,
  makeServer,
  removeDir,
  serverSuite,
  signedInClient,
} from './support/fixture.js';
import { controlledCredential, createShare, getShare, payloadOf, shareBody, shareRows } from './support/share.js';

/*
 * The anonymous GET /api/share answer is kept serialised and sent again until its tokens have less
 * than 23 h left (then signed anew); deleting the share (or its owner) drops it; the kept answers
 * are bounded in bytes. A share's answer is capped at creation (LIMITS.shareAnswerBytes).
 */

const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const U = '00000000-0000-4000-8000-0000000000aa'; // unknown to the metadata repo: its metadata is the client's
const DAY = 24 * 60 * 60;
const HOUR = 60 * 60;

let dir: string;
let server: AnnivServer;
let alice: Client;
let anon: Client;
let aliceCred: string;

beforeAll(async () => {
  dir = await makeDataDir('meta');
  server = await makeServer(dir);
  alice = await signedInClient(server, 'alice@example.com', 'alice-pw', 'Alice');
  anon = new Client(server);
  aliceCred = (await controlledCredential(alice)).id;
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});
afterEach(() => {
  vi.useRealTimers();
});

const oneSong = [{ album_id: A, disc_id: 1, tracks: [1, 2] }];
const tokenOf = async (id: string): Promise<string> => (await getShare(anon, id)).data.tokens[0]!.token;

describe('the kept answer of GET /api/share', () => {
  test('the same tokens for 1 h (23 h of validity left at least), then signed anew with exp = now + 24 h', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Math.floor(Date.now() / 1000) * 1000 + 5000;
    vi.setSystemTime(t0);
    const id = await createShare(alice, shareBody(oneSong, aliceCred));
    const first = await tokenOf(id);
    expect(payloadOf(first).exp).toBe(t0 / 1000 + DAY);
    vi.setSystemTime(t0 + HOUR * 1000);
    expect(await tokenOf(id)).toBe(first);
    vi.setSystemTime(t0 + (HOUR + 1) * 1000);
    const second = await tokenOf(id);
    expect(payloadOf(second).exp).toBe(t0 / 1000 + HOUR + 1 + DAY);
    expect(payloadOf(second).audios).toEqual(payloadOf(first).audios);
    vi.setSystemTime(t0 + (HOUR + 2) * 1000);
    expect(await tokenOf(id)).toBe(second);
  });

  test('readers at once share one build: the stored share is read from the database once', async () => {
    const id = await createShare(alice, shareBody(oneSong, aliceCred));
    const spy = vi.spyOn(server.db, 'prepare');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => getShare(anon, id)));
      expect(new Set(answers.map((a) => a.data.tokens[0]!.token)).size).toBe(1);
      expect(spy.mock.calls.filter(([sql]) => /SELECT \* FROM shares/.test(String(sql)))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  test('compressed once per coding and sent again: gzip decodes to the plain answer, with Vary and the CORS header', async () => {
    const id = await createShare(
      alice,
      shareBody(oneSong, aliceCred, { info: { description: 'long enough to compress '.repeat(80) } }),
    );
    const plain = await (await anon.raw(`/api/share?id=${id}`)).text();
    const gzipped = async (): Promise<{ res: Response; body: Buffer }> => {
      const res = await anon.raw(`/api/share?id=${id}`, { headers: { 'accept-encoding': 'gzip' } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    const one = await gzipped();
    const two = await gzipped();
    expect(one.res.headers.get('content-encoding')).toBe('gzip');
    expect(one.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(one.res.headers.get('access-control-allow-origin')).toBe('*');
    expect(zlib.gunzipSync(one.body).toString()).toBe(plain);
    expect(two.body.equals(one.body)).toBe(true);
    expect(JSON.parse(plain)).toMatchObject({ status: 0, message: 'OK' });
  });

  test('deleting the share drops its kept answer; the next read is 902000', async () => {
    const id = await createShare(alice, shareBody(oneSong, aliceCred));
    await getShare(anon, id);
    expect(server.shareAnswers.get(id)).toBeDefined();
    expect((await alice.call('DELETE', '/api/share', { id })).status).toBe(0);
    expect(server.shareAnswers.get(id)).toBeUndefined();
    expect(await getShare(anon, id)).toEqual({ status: 902000, message: 'share not found', data: null });
  });

  test("a deleted account's shares are no longer sent, nor kept (they go with the user, not through DELETE /api/share)", async () => {
    const carol = await signedInClient(server, 'carol@example.com', 'carol-pw', 'Carol');
    const id = await createShare(carol, shareBody(oneSong, (await controlledCredential(carol)).id));
    await getShare(anon, id);
    expect((await carol.post('/api/user/revoke', { password: sha256Hex('carol-pw') })).status).toBe(0);
    expect(server.shareAnswers.get(id)).toBeUndefined();
    expect(await getShare(anon, id)).toEqual({ status: 902000, message: 'share not found', data: null });
  });
});

describe('ShareAnswers (the memory bound)', () => {
  const json = (bytes: number): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

  test('holds at most its bytes, dropping the least recently read answers first', () => {
    const answers = new ShareAnswers(300);
    answers.set('a', 1, 0, json(100));
    answers.set('b', 2, 0, json(100));
    answers.set('c', 3, 0, json(100));
    answers.get('a'); // b is now the least recently read
    answers.set('d', 4, 0, json(100));
    expect(['a', 'b', 'c', 'd'].filter((id) => answers.get(id))).toEqual(['a', 'c', 'd']);
    expect(answers.bytes).toBe(300);
    answers.set('a', 5, 0, json(250)); // replacing counts the new size only
    expect(answers.bytes).toBeLessThanOrEqual(300);
    expect(answers.get('a')?.rowId).toBe(5);
    answers.delete('a');
    expect(answers.get('a')).toBeUndefined();
    expect(answers.bytes).toBe(0);
  });

  test('compressed copies count too', async () => {
    const answers = new ShareAnswers(10_000);
    const text = new TextEncoder().encode(
      JSON.stringify({ words: Array.from({ length: 500 }, (_, i) => `word ${i}`) }),
    );
    const answer = answers.set('a', 1, 0, text);
    const gz = await answers.encoded('a', answer, 'gzip');
    expect(await answers.encoded('a', answer, 'gzip')).toBe(gz);
    expect(answers.bytes).toBe(text.byteLength + gz.byteLength);
  });
});

describe('the size of a share (LIMITS.shareAnswerBytes, its answer as sent)', () => {
  const TEXT = 1000;
  const track = { title: 't'.repeat(TEXT), artist: 'a'.repeat(TEXT), type: 'normal' };
  /** A share of one track of U whose client metadata has `full` discs of 255 long tracks and one of `rest`. */
  const bigShare = (full: number, rest: number, description = ''): Record<string, unknown> => {
    const discs = Array.from({ length: full }, () => ({
      catalog: 'X',
      tracks: Array.from({ length: 255 }, () => track),
    }));
    if (rest > 0) discs.push({ catalog: 'X', tracks: Array.from({ length: rest }, () => track) });
    const metadata = {
      [U]: { album_id: U, title: 'Big', catalog: 'X', artist: 'A', date: '2024-01-01', type: 'normal', discs },
    };
    return shareBody([{ album_id: U, disc_id: 1, tracks: [1] }], aliceCred, { info: { description }, metadata });
  };
  /** Bytes of the answer a reader gets for a share made from `body` (the share is deleted again). */
  const answerBytes = async (body: Record<string, unknown>): Promise<number> => {
    const id = await createShare(alice, body);
    const bytes = (await (await anon.raw(`/api/share?id=${id}`)).arrayBuffer()).byteLength;
    await alice.call('DELETE', '/api/share', { id });
    return bytes;
  };

  test('a share whose answer is exactly the limit is accepted and sent; one byte more → 902003 naming the limit, nothing stored', async () => {
    const max = LIMITS.shareAnswerBytes;
    const perTrack = JSON.stringify(track).length + 1;
    // Fill up to within a description's length (5,000 characters) of the limit, then pad exactly.
    const eight = await answerBytes(bigShare(8, 0));
    const rest = Math.floor((max - eight - 2500) / perTrack);
    const pad = max - (await answerBytes(bigShare(8, rest)));
    expect(pad).toBeGreaterThanOrEqual(0);
    expect(pad).toBeLessThanOrEqual(LIMITS.shareDescription);

    const id = await createShare(alice, bigShare(8, rest, 'x'.repeat(pad)));
    expect((await (await anon.raw(`/api/share?id=${id}`)).arrayBuffer()).byteLength).toBe(max);

    const before = shareRows(server, 'shares');
    expect(await alice.post('/api/share', bigShare(8, rest, 'x'.repeat(pad + 1)))).toEqual({
      status: 902003,
      message: 'share too large (at most 4 MiB as sent to its readers)',
      data: null,
    });
    expect(shareRows(server, 'shares')).toBe(before);
  });
});

describe('share answers one address may read a minute (LIMITS.shareBytesPerAddressPerMinute)', () => {
  let now = 1_700_000_000_000;
  const suite = serverSuite('meta', { TRUST_PROXY: '1' }, { clock: () => now });
  const track = { title: 't'.repeat(1000), artist: 'a'.repeat(1000), type: 'normal' };

  test('reads pass until the bytes sent to that address reach the budget, then 902001 with the wait; another address still reads; a minute later it reads again', async () => {
    const owner = await signedInClient(suite.server, 'owner@example.com', 'owner-pw', 'Owner');
    const credential = (await controlledCredential(owner)).id;
    const discs = [{ catalog: 'X', tracks: Array.from({ length: 255 }, () => track) }];
    const metadata = {
      [U]: { album_id: U, title: 'Big', catalog: 'X', artist: 'A', date: '2024-01-01', type: 'normal', discs },
    };
    const id = await createShare(
      owner,
      shareBody([{ album_id: U, disc_id: 1, tracks: [1] }], credential, { metadata }),
    );
    const read = (ip: string) => clientAt(suite.server, ip).raw(`/api/share?id=${id}`);
    const size = (await (await read('203.0.113.1')).arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(400_000);

    const allowed = Math.floor(LIMITS.shareBytesPerAddressPerMinute / size);
    for (let i = 1; i < allowed; i++) expect((await (await read('203.0.113.1')).arrayBuffer()).byteLength).toBe(size);
    expect(await (await read('203.0.113.1')).json()).toEqual({
      status: 902001,
      message: 'too many shares read from this address; wait 60 seconds and try again',
      data: null,
    });
    // the refusal is the share's public answer too: a page of any origin can read why
    expect((await read('203.0.113.1')).headers.get('access-control-allow-origin')).toBe('*');
    expect((await (await read('203.0.113.2')).arrayBuffer()).byteLength).toBe(size);
    now += 60_000;
    expect((await (await read('203.0.113.1')).arrayBuffer()).byteLength).toBe(size);
  });
});

describe('shares one user may create an hour (LIMITS.shareBytesPerUserPerHour)', () => {
  let now = 1_700_000_000_000;
  const suite = serverSuite('meta', {}, { clock: () => now });
  const track = { title: 't'.repeat(1000), artist: 'a'.repeat(1000), type: 'normal' };

  test('large shares are created until their bytes reach the budget, then 902001 with the wait, nothing stored; another user still creates; an hour later again', async () => {
    const owner = await signedInClient(suite.server, 'maker@example.com', 'maker-pw', 'Maker');
    const credential = (await controlledCredential(owner)).id;
    const discs = Array.from({ length: 8 }, () => ({ catalog: 'X', tracks: Array.from({ length: 255 }, () => track) }));
    const metadata = {
      [U]: { album_id: U, title: 'Big', catalog: 'X', artist: 'A', date: '2024-01-01', type: 'normal', discs },
    };
    const body = shareBody([{ album_id: U, disc_id: 1, tracks: [1] }], credential, { metadata });
    const first = await createShare(owner, body);
    const answer = (await (await new Client(suite.server).raw(`/api/share?id=${first}`)).arrayBuffer()).byteLength;
    const cost = Math.max(answer, Buffer.byteLength(JSON.stringify(body)));
    expect(cost).toBeGreaterThan(3_000_000);

    let created = 1;
    let refusal: unknown;
    while (created < 64) {
      const res = await owner.post('/api/share', body);
      if (res.status !== 0) {
        refusal = res;
        break;
      }
      created += 1;
    }
    // each creation may start while something is left: the last one takes the budget past its end
    expect(created * cost).toBeGreaterThanOrEqual(LIMITS.shareBytesPerUserPerHour);
    expect((created - 1) * cost).toBeLessThan(LIMITS.shareBytesPerUserPerHour);
    expect(refusal).toEqual({
      status: 902001,
      message: 'too many shares created; wait 3600 seconds and try again',
      data: null,
    });
    expect(((await owner.get<unknown[]>('/api/share/')).data ?? []).length).toBe(created);

    const other = await signedInClient(suite.server, 'other-maker@example.com', 'other-pw', 'Other');
    expect((await other.post('/api/share', shareBody(oneSong, (await controlledCredential(other)).id))).status).toBe(0);
    now += 3600_000;
    expect((await owner.post('/api/share', body)).status).toBe(0);
  });
});
