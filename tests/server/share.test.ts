import path from 'node:path';
import Database from 'better-sqlite3';
import { jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { LIMITS } from '../../server/api/limits.js';
import { SCHEMA_VERSION, migrate, openDb } from '../../server/db.js';
import type { AnnivServer } from '../../server/index.js';
import { signUserToken } from '../../server/library/keys.js';
import { Client, makeDataDir, makeServer, removeDir, signedInClient, tempDir } from './support/fixture.js';
import {
  addCredential,
  bytes,
  controlledCredential,
  createShare,
  getShare,
  headerOf,
  payloadOf,
  shareBody,
  shareRows,
  userToken,
  type Exported,
} from './support/share.js';

/*
 * Shares over the API (docs/protocol.md#shapes, #shares): create, read signed out and
 * cross-origin, list, delete; the re-signed share tokens; every error and limit.
 */

const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲, two discs (disc 2 has a title)
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02'; // Harbor Lights, one disc, no edition
const C = '0a7e9b3c-5d2f-4a8b-b1c6-7e8f9a0b1c03'; // 竖琴与海
const U = '00000000-0000-4000-8000-0000000000aa'; // unknown to the metadata repo
const DAY = 24 * 60 * 60;

let dir: string;
let server: AnnivServer;
let alice: Client;
let bob: Client;
let anon: Client;
let aliceCred: string; // alice's controlled credential (this library, share claim)
let bobCred: string;

beforeAll(async () => {
  dir = await makeDataDir('meta');
  server = await makeServer(dir);
  alice = await signedInClient(server, 'alice@example.com', 'alice-pw', 'Alice');
  bob = await signedInClient(server, 'bob@example.com', 'bob-pw', 'Bob');
  anon = new Client(server);
  aliceCred = (await controlledCredential(alice)).id;
  bobCred = (await controlledCredential(bob)).id;
});
afterAll(async () => {
  await server.close();
  removeDir(dir);
});
afterEach(() => {
  vi.useRealTimers();
});

const songsAB = [
  { album_id: A, disc_id: 1, tracks: [3, 1] },
  { album_id: B, disc_id: 1, tracks: [5] },
  { album_id: A, disc_id: 2, tracks: [2] },
  { album_id: A, disc_id: 1, tracks: [1, 4] },
];

const verifyShare = (token: string, secret = server.keys.share_key) =>
  jwtVerify(token, bytes(secret), { algorithms: ['HS256'] });

describe('POST /api/share', () => {
  test('answers the new id as a bare string: 10 characters of [A-Za-z0-9], a new one each time', async () => {
    const res = await alice.post<string>('/api/share', shareBody(songsAB, aliceCred));
    expect(res).toEqual({ status: 0, message: 'OK', data: expect.stringMatching(/^[A-Za-z0-9]{10}$/) });
    const ids = new Set([res.data]);
    for (let i = 0; i < 5; i++) ids.add(await createShare(alice, shareBody(songsAB, aliceCred)));
    expect(ids.size).toBe(6);
  });

  test('the demo credential can share: its user token carries share {key_id, secret} of this library', async () => {
    const demo = new Client(server);
    await demo.login();
    const cred = await controlledCredential(demo);
    expect(payloadOf(cred.token)).toMatchObject({
      type: 'user',
      share: { key_id: server.keys.share_key_id, secret: server.keys.share_key },
    });
    const id = await createShare(demo, shareBody([{ album_id: B, disc_id: 1, tracks: [1] }], cred.id));
    expect((await getShare(anon, id)).status).toBe(0);
  });

  test('album ids are matched case-insensitively and stored lower-case', async () => {
    const songs = [{ album_id: B.toUpperCase(), disc_id: 1, tracks: [2] }];
    const id = await createShare(
      alice,
      shareBody(songs, aliceCred, {
        albums: { [B.toUpperCase()]: aliceCred },
        info: { cover: { album_id: B.toUpperCase(), disc_id: 1 } },
      }),
    );
    const got = (await getShare(anon, id)).data;
    expect(got.songs).toEqual([{ album_id: B, disc_id: 1, tracks: [2] }]);
    expect(got.cover).toEqual({ album_id: B, disc_id: 1 });
    expect(Object.keys(payloadOf(got.tokens[0]!.token).audios as object)).toEqual([B]);
  });

  test('signed out → 902002', async () => {
    expect((await anon.post('/api/share', shareBody(songsAB, aliceCred))).status).toBe(902002);
  });

  test.each([
    ['albums missing', { info: shareBody(songsAB, 'x').info }],
    ['albums null', { ...shareBody(songsAB, 'x'), albums: null }],
  ])('%s → 902003 (anniv-go message)', async (_n, body) => {
    expect(await alice.post('/api/share', body)).toEqual({
      status: 902003,
      message: 'albums must not be null if tokens are not signed yet',
      data: null,
    });
  });

  const cover = { album_id: A, disc_id: 1 };
  const song = { album_id: A, disc_id: 1, tracks: [1] };
  const info = (over: Record<string, unknown>) => ({ name: 'n', description: 'd', cover, songs: [song], ...over });
  test.each([
    ['not JSON', '{nope'],
    ['an empty body', ''],
    ['an array', '[]'],
    ['info missing', { albums: { [A]: 'c' } }],
    ['info an array', { info: [], albums: {} }],
    ['name missing', { info: info({ name: undefined }), albums: {} }],
    ['name a number', { info: info({ name: 1 }), albums: {} }],
    ['description a number', { info: info({ description: 5 }), albums: {} }],
    ['cover missing', { info: info({ cover: undefined }), albums: {} }],
    ['cover null', { info: info({ cover: null }), albums: {} }],
    ['cover album not a UUID', { info: info({ cover: { album_id: 'x', disc_id: 1 } }), albums: {} }],
    ['cover album empty', { info: info({ cover: { album_id: '', disc_id: 1 } }), albums: {} }],
    ['cover disc 0', { info: info({ cover: { album_id: A, disc_id: 0 } }), albums: {} }],
    ['cover disc a string', { info: info({ cover: { album_id: A, disc_id: '1' } }), albums: {} }],
    ['songs missing', { info: info({ songs: undefined }), albums: {} }],
    ['songs empty', { info: info({ songs: [] }), albums: {} }],
    ['songs an object', { info: info({ songs: { a: 1 } }), albums: {} }],
    ['a song not an object', { info: info({ songs: [1] }), albums: {} }],
    ['album id not a UUID', { info: info({ songs: [{ album_id: 'abc', disc_id: 1, tracks: [1] }] }), albums: {} }],
    ['album id a number', { info: info({ songs: [{ album_id: 7, disc_id: 1, tracks: [1] }] }), albums: {} }],
    ['disc 0', { info: info({ songs: [{ album_id: A, disc_id: 0, tracks: [1] }] }), albums: {} }],
    ['disc -1', { info: info({ songs: [{ album_id: A, disc_id: -1, tracks: [1] }] }), albums: {} }],
    ['disc 256', { info: info({ songs: [{ album_id: A, disc_id: 256, tracks: [1] }] }), albums: {} }],
    ['disc a string', { info: info({ songs: [{ album_id: A, disc_id: '1', tracks: [1] }] }), albums: {} }],
    ['tracks missing', { info: info({ songs: [{ album_id: A, disc_id: 1 }] }), albums: {} }],
    ['tracks empty', { info: info({ songs: [{ album_id: A, disc_id: 1, tracks: [] }] }), albums: {} }],
    ['track 0', { info: info({ songs: [{ album_id: A, disc_id: 1, tracks: [0] }] }), albums: {} }],
    ['track 1.5', { info: info({ songs: [{ album_id: A, disc_id: 1, tracks: [1.5] }] }), albums: {} }],
    ['track "2"', { info: info({ songs: [{ album_id: A, disc_id: 1, tracks: ['2'] }] }), albums: {} }],
    ['track 256', { info: info({ songs: [{ album_id: A, disc_id: 1, tracks: [256] }] }), albums: {} }],
    ['albums an array', { info: info({}), albums: ['c'] }],
    ['albums a string', { info: info({}), albums: 'c' }],
    ['albums value a number', { info: info({}), albums: { [A]: 1 } }],
    ['albums key not a UUID', { info: info({}), albums: { nope: 'c' } }],
    ['albums naming one album twice differently', { info: info({}), albums: { [A]: 'c1', [A.toUpperCase()]: 'c2' } }],
    ['metadata an array', { info: info({}), albums: { [A]: 'c' }, metadata: [] }],
  ])('malformed: %s → 902003', async (_n, body) => {
    const res = await alice.post('/api/share', body);
    expect(res.status, res.message).toBe(902003);
    expect(res.data).toBeNull();
  });

  test('the 902003 messages say what is wrong', async () => {
    const post = async (body: unknown) => (await alice.post('/api/share', body)).message;
    expect(await post({ info: info({ songs: [] }), albums: {} })).toBe(
      'malformed create form: a share needs at least one song',
    );
    expect(await post({ info: info({ songs: [{ album_id: A, disc_id: 1, tracks: [300] }] }), albums: {} })).toBe(
      'malformed create form: disc and track ids are integers from 1 to 255',
    );
    expect(await post({ info: info({ songs: [{ album_id: 'x', disc_id: 1, tracks: [1] }] }), albums: {} })).toBe(
      'malformed create form: album ids are UUIDs',
    );
    expect(await post({ info: info({ cover: undefined }), albums: {} })).toBe(
      'malformed create form: a share needs a cover {album_id, disc_id}',
    );
    expect(await post('{x')).toBe('malformed create form');
  });

  describe('limits', () => {
    test('name: not blank, at most 200 characters (code points)', async () => {
      const post = (name: string) => alice.post<string>('/api/share', shareBody([song], aliceCred, { info: { name } }));
      expect(await post('   ')).toEqual({ status: 902003, message: 'share name must not be empty', data: null });
      expect(await post('x'.repeat(201))).toEqual({
        status: 902003,
        message: 'share name too long (at most 200 characters)',
        data: null,
      });
      expect((await post('🎵'.repeat(200))).status).toBe(0);
      const id = (await post('x'.repeat(200))).data;
      expect((await getShare(anon, id)).data.name).toBe('x'.repeat(200));
    });

    test('description: at most 5,000 characters; may be empty or absent', async () => {
      const post = (description: unknown) =>
        alice.post<string>('/api/share', shareBody([song], aliceCred, { info: { description } }));
      expect(await post('d'.repeat(5001))).toEqual({
        status: 902003,
        message: 'share description too long (at most 5000 characters)',
        data: null,
      });
      expect((await post('d'.repeat(5000))).status).toBe(0);
      expect((await getShare(anon, (await post('')).data)).data.description).toBe('');
      expect((await getShare(anon, (await post(undefined)).data)).data.description).toBe('');
    });

    test('at most 10,000 tracks per share (counted over all song entries)', async () => {
      const entries = (n: number) =>
        Array.from({ length: n }, (_, k) => ({
          album_id: A,
          disc_id: (k % 2) + 1,
          tracks: Array.from({ length: 250 }, (_, t) => t + 1),
        }));
      expect(LIMITS.tracksPerShare).toBe(10000);
      const ok = await alice.post<string>('/api/share', shareBody(entries(40), aliceCred));
      expect(ok.status).toBe(0);
      const audios = payloadOf((await getShare(anon, ok.data)).data.tokens[0]!.token).audios as Record<
        string,
        Record<string, number[]>
      >;
      expect(audios[A]!['1']).toHaveLength(250);
      const over = [...entries(40), { album_id: B, disc_id: 1, tracks: [1] }];
      expect(await alice.post('/api/share', shareBody(over, aliceCred))).toEqual({
        status: 902003,
        message: 'too many tracks in one share (at most 10000)',
        data: null,
      });
    });

    test('at most 1,000 shares per user → 901000, nothing written; room again after a delete', async () => {
      const carol = await signedInClient(server, 'carol@example.com', 'carol-pw', 'Carol');
      const cred = (await controlledCredential(carol)).id;
      const carolId = Number((await carol.get<{ user_id: string }>('/api/user/info')).data.user_id);
      const insert = server.db.prepare(
        "INSERT INTO shares (share_id, user_id, name, description, cover_album_id, cover_disc_id, songs, metadata, created_at) VALUES (?, ?, 'old', '', ?, 1, '[]', '{}', 1700000000)",
      );
      server.db.transaction(() => {
        for (let i = 0; i < LIMITS.sharesPerUser - 1; i++) insert.run(`carol${i}`, carolId, A);
      })();
      const last = await createShare(carol, shareBody([song], cred));
      const before = shareRows(server, 'shares');
      expect(await carol.post('/api/share', shareBody([song], cred))).toEqual({
        status: 901000,
        message: 'too many shares (at most 1000)',
        data: null,
      });
      expect(shareRows(server, 'shares')).toBe(before);
      expect((await carol.call('DELETE', '/api/share', { id: last })).status).toBe(0);
      expect((await carol.post('/api/share', shareBody([song], cred))).status).toBe(0);
      // Other users are not affected.
      expect((await alice.post('/api/share', shareBody([song], aliceCred))).status).toBe(0);
    });
  });

  describe('credential errors (900000, anniv-go messages)', () => {
    test('a song album missing from albums → "no token available for album X"', async () => {
      const res = await alice.post('/api/share', shareBody(songsAB, aliceCred, { albums: { [A]: aliceCred } }));
      expect(res).toEqual({ status: 900000, message: `no token available for album ${B}`, data: null });
    });

    test('albums naming only albums without songs are ignored; an unused bad credential too', async () => {
      const res = await alice.post(
        '/api/share',
        shareBody([song], aliceCred, { albums: { [A]: aliceCred, [C]: 'not-a-credential' } }),
      );
      expect(res.status).toBe(0);
    });

    test('an unknown credential id, or another user\'s → "record not found"', async () => {
      for (const cred of ['00000000-0000-4000-8000-000000000000', 'nope', bobCred]) {
        expect(await alice.post('/api/share', shareBody([song], cred))).toEqual({
          status: 900000,
          message: 'record not found',
          data: null,
        });
      }
    });

    test('a token without a share claim, or not a JWT → "token does not support share"', async () => {
      const plain = await addCredential(
        alice,
        'No share',
        'https://plain.example',
        await signUserToken(server.keys, 'alice', { share: false }),
      );
      const junk = await addCredential(alice, 'Junk', 'https://junk.example', 'not-a-jwt');
      const halfShare = await addCredential(
        alice,
        'Half',
        'https://half.example',
        await userToken('k', { key_id: 'k1' }),
      );
      for (const cred of [plain, junk, halfShare]) {
        expect(await alice.post('/api/share', shareBody([song], cred))).toEqual({
          status: 900000,
          message: 'token does not support share',
          data: null,
        });
      }
    });

    test('share.allowed is honoured: an album outside it → 900000, an album inside it (any case) works', async () => {
      const limited = await addCredential(
        alice,
        'Limited',
        'https://limited.example',
        await userToken('other-hmac', { key_id: 'kl', secret: 'limited-secret', allowed: [B.toUpperCase()] }),
      );
      expect(await alice.post('/api/share', shareBody([song], limited))).toEqual({
        status: 900000,
        message: `token does not support share of album ${A}`,
        data: null,
      });
      const id = await createShare(alice, shareBody([{ album_id: B, disc_id: 1, tracks: [1] }], limited));
      const [token] = (await getShare(anon, id)).data.tokens;
      expect(token!.server).toBe('https://limited.example');
      const { payload, protectedHeader } = await verifyShare(token!.token, 'limited-secret');
      expect(protectedHeader.kid).toBe('kl');
      expect(payload.audios).toEqual({ [B]: { '1': [1] } });
    });

    test('nothing is stored when a create fails', async () => {
      const before = shareRows(server, 'shares');
      await alice.post('/api/share', shareBody(songsAB, aliceCred, { albums: { [A]: aliceCred } }));
      await alice.post('/api/share', shareBody([song], bobCred));
      expect(shareRows(server, 'shares')).toBe(before);
    });
  });
});

describe('GET /api/share?id= (public)', () => {
  let id: string;
  /** Unix seconds before the share was made: its answer, tokens and all, is kept from the first request */
  let madeFrom: number;
  beforeAll(async () => {
    madeFrom = Math.floor(Date.now() / 1000);
    id = await createShare(
      alice,
      shareBody([...songsAB, { album_id: U, disc_id: 1, tracks: [2] }], aliceCred, {
        info: { name: 'Night <b>drive</b>', description: 'late' },
      }),
    );
  });

  test('signed out: ExportedPlaylist with the songs as sent, one token per credential, metadata from the repo', async () => {
    const res = await getShare(anon, id);
    expect(res.status).toBe(0);
    const data = res.data;
    expect(Object.keys(data)).toEqual(['name', 'description', 'cover', 'songs', 'tokens', 'metadata']);
    expect(data.name).toBe('Night <b>drive</b>');
    expect(data.description).toBe('late');
    expect(data.cover).toEqual({ album_id: A, disc_id: 1 });
    expect(data.songs).toEqual([...songsAB, { album_id: U, disc_id: 1, tracks: [2] }]);
    expect(data.tokens).toEqual([{ server: server.libraryUrl(), token: expect.any(String) }]);
    // Only albums the repo knows; in the order of the songs.
    expect(Object.keys(data.metadata)).toEqual([A, B]);
  });

  test('metadata albums: AlbumDetails without artists and tags, disc/track artist and type filled in', async () => {
    const { metadata } = (await getShare(anon, id)).data;
    expect(metadata[B]).toEqual({
      album_id: B,
      title: 'Harbor Lights',
      catalog: 'MIO-0101',
      artist: 'Mio Aoki',
      date: '2022-11',
      type: 'normal',
      discs: [
        {
          artist: 'Mio Aoki',
          catalog: 'MIO-0101',
          type: 'normal',
          tracks: [
            { title: 'Harbor Lights', artist: 'Mio Aoki', type: 'normal' },
            { title: 'Paper Boats', artist: 'Mio Aoki', type: 'normal' },
            { title: 'Lanterns on the Water', artist: 'Mio Aoki', type: 'normal' },
            { title: 'Northern Pier', artist: 'Mio Aoki', type: 'normal' },
            { title: 'Harbor Lights (Piano Solo)', artist: 'Ren Kishi', type: 'instrumental' },
            { title: 'Low Tide', artist: 'Mio Aoki', type: 'normal' },
            { title: 'Goodnight, Minato', artist: 'Mio Aoki', type: 'normal' },
          ],
        },
      ],
    });
    const a = metadata[A]!;
    expect(Object.keys(a)).toEqual(['album_id', 'title', 'edition', 'catalog', 'artist', 'date', 'type', 'discs']);
    expect(a.edition).toBe('豪华版');
    const discs = a.discs as Record<string, unknown>[];
    expect(Object.keys(discs[0]!)).toEqual(['artist', 'catalog', 'type', 'tracks']);
    expect(Object.keys(discs[1]!)).toEqual(['title', 'artist', 'catalog', 'type', 'tracks']);
    expect(discs[1]!.title).toBe('现场：港口音乐厅');
    expect((discs[1]!.tracks as Record<string, unknown>[])[0]).toEqual({
      title: '开场白',
      artist: '港灯乐团（小林（吉他）、阿健）、Minato Strings（Aya、Ken）',
      type: 'drama',
    });
    expect(JSON.stringify(metadata)).not.toMatch(/"artists"|"tags"/);
  });

  test('the token: HS256, kid = the share key id, {iss, iat, exp, type, audios}, exp = iat + 24 h, audios exactly the shared tracks', async () => {
    // signed at this block's first request (server/api/shareAnswers.ts keeps the answer), which
    // may be an earlier test's, a second or more ago on a loaded machine
    const { token } = (await getShare(anon, id)).data.tokens[0]!;
    const after = Math.floor(Date.now() / 1000);
    expect(headerOf(token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: server.keys.share_key_id });
    const { payload, protectedHeader } = await verifyShare(token);
    expect(protectedHeader.kid).toBe(server.keys.share_key_id);
    // anniv-go writes no iat; the reference library refuses a share token without one
    expect(Object.keys(payload)).toEqual(['iss', 'iat', 'exp', 'type', 'audios']);
    expect(payload.exp! - payload.iat!).toBe(DAY);
    expect(payload.iss).toBe('anniv');
    expect(payload.type).toBe('share');
    expect(payload.exp).toBeGreaterThanOrEqual(madeFrom + DAY);
    expect(payload.exp).toBeLessThanOrEqual(after + DAY);
    // Merged per album and disc, distinct, sorted; the unknown album is shared too (the library decides).
    expect(payload.audios).toEqual({ [A]: { '1': [1, 3, 4], '2': [2] }, [B]: { '1': [5] }, [U]: { '1': [2] } });
    await expect(verifyShare(token, 'some-other-secret')).rejects.toThrow();
  });

  test('two credentials → two tokens, each with its own server, key and albums', async () => {
    const otherToken = await userToken('second-hmac', { key_id: 'k-second', secret: 'second-secret' });
    const second = await addCredential(alice, 'Second', 'https://second.example', otherToken);
    const shareId = await createShare(
      alice,
      shareBody(songsAB, aliceCred, { albums: { [A]: aliceCred, [B]: second } }),
    );
    const { tokens } = (await getShare(anon, shareId)).data;
    expect(tokens.map((t) => t.server)).toEqual([server.libraryUrl(), 'https://second.example']);
    const mine = await verifyShare(tokens[0]!.token);
    expect(mine.payload.audios).toEqual({ [A]: { '1': [1, 3, 4], '2': [2] } });
    const theirs = await verifyShare(tokens[1]!.token, 'second-secret');
    expect(theirs.protectedHeader.kid).toBe('k-second');
    expect(theirs.payload.audios).toEqual({ [B]: { '1': [5] } });
    // The grant is a copy: deleting the credential afterwards does not break the share.
    expect((await alice.call('DELETE', '/api/credential', { id: second })).status).toBe(0);
    expect((await getShare(anon, shareId)).data.tokens).toHaveLength(2);
  });

  test('Access-Control-Allow-Origin: * on the answer, success or not', async () => {
    const okRes = await anon.raw(`/api/share?id=${id}`, { headers: { origin: 'https://elsewhere.example' } });
    expect(okRes.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await okRes.json()) as { status: number }).status).toBe(0);
    const missing = await anon.raw('/api/share?id=NoSuchShare', { headers: { origin: 'https://elsewhere.example' } });
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect(await missing.json()).toEqual({ status: 902000, message: 'share not found', data: null });
    // Other share routes stay same-origin.
    const list = await alice.raw('/api/share/');
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('CORS preflight → 204 allowing GET from anywhere', async () => {
    const res = await anon.raw(`/api/share?id=${id}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  test('signed in works too, for anyone', async () => {
    expect((await bob.get<Exported>(`/api/share?id=${id}`)).data.name).toBe('Night <b>drive</b>');
  });

  test.each([
    ['no id', '/api/share'],
    ['an empty id', '/api/share?id='],
    ['65 characters', `/api/share?id=${'a'.repeat(65)}`],
    ['a dollar sign', '/api/share?id=abc%24'],
    ['a slash', `/api/share?id=${encodeURIComponent('../x')}`],
    ['a space', '/api/share?id=a%20b'],
    ['a quote', `/api/share?id=${encodeURIComponent("a'--")}`],
    ['non-ASCII', `/api/share?id=${encodeURIComponent('分享')}`],
    ['a NUL', '/api/share?id=a%00b'],
  ])('%s → 902000 without a database lookup', async (_n, p) => {
    const spy = vi.spyOn(server.db, 'prepare');
    try {
      const res = await anon.raw(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toEqual({ status: 902000, message: 'share not found', data: null });
      expect(spy.mock.calls.filter(([sql]) => /shares/.test(String(sql)))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  test('well-formed unknown ids (64 characters, - and _) → 902000', async () => {
    for (const unknown of [
      'a'.repeat(64),
      'abc-DEF_123',
      id.toLowerCase() === id ? id.toUpperCase() : id.toLowerCase(),
    ]) {
      expect((await getShare(anon, unknown)).status).toBe(902000);
    }
  });

  test('HEAD works like GET (no body)', async () => {
    const res = await anon.raw(`/api/share?id=${id}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('optional metadata in POST', () => {
  const metaB = {
    album_id: B,
    title: 'My own title',
    catalog: 'X-1',
    artist: 'Someone',
    date: '2020',
    type: 'normal',
    artists: { vocal: 'x' },
    tags: ['a:b'],
    discs: [
      {
        catalog: 'X-1',
        tags: ['a:b'],
        tracks: [
          { title: 'One', artists: { vocal: 'x' } },
          { title: 'Two', artist: 'Other', type: 'vocal' },
        ],
      },
    ],
  };

  test('used as given for its albums (artists and tags dropped, artist/type inherited); the repo fills the rest', async () => {
    const id = await createShare(alice, shareBody(songsAB, aliceCred, { metadata: { [B]: metaB } }));
    const { metadata } = (await getShare(anon, id)).data;
    expect(Object.keys(metadata)).toEqual([A, B]);
    expect(metadata[A]!.title).toBe('港灯夜曲');
    expect(metadata[B]).toEqual({
      album_id: B,
      title: 'My own title',
      catalog: 'X-1',
      artist: 'Someone',
      date: '2020',
      type: 'normal',
      discs: [
        {
          artist: 'Someone',
          catalog: 'X-1',
          type: 'normal',
          tracks: [
            { title: 'One', artist: 'Someone', type: 'normal' },
            { title: 'Two', artist: 'Other', type: 'vocal' },
          ],
        },
      ],
    });
  });

  test.each([
    ['an album without songs in the share', { [C]: { ...metaB, album_id: C } }],
    ['a key that is not a UUID', { nope: metaB }],
    ['album_id naming another album', { [B]: { ...metaB, album_id: A } }],
    ['a missing title', { [B]: { ...metaB, title: undefined } }],
    ['an unknown type', { [B]: { ...metaB, type: 'weird' } }],
    ['no discs', { [B]: { ...metaB, discs: [] } }],
    ['a disc without tracks', { [B]: { ...metaB, discs: [{ catalog: 'X', tracks: [] }] } }],
    ['a track title that is a number', { [B]: { ...metaB, discs: [{ catalog: 'X', tracks: [{ title: 1 }] }] } }],
    ['a text over 1,000 characters', { [B]: { ...metaB, title: 't'.repeat(1001) } }],
  ])('malformed metadata: %s → 902003', async (_n, metadata) => {
    const res = await alice.post('/api/share', shareBody(songsAB, aliceCred, { metadata }));
    expect(res.status, res.message).toBe(902003);
  });
});

describe("GET /api/share/ (the user's shares)", () => {
  test('signed out → 902002; the id route is not the list', async () => {
    expect((await anon.get('/api/share/')).status).toBe(902002);
    expect((await alice.get('/api/share')).status).toBe(902000);
  });

  test("[{id, date, name}] of the user's own shares, newest first (date in Unix seconds)", async () => {
    const dave = await signedInClient(server, 'dave@example.com', 'dave-pw', 'Dave');
    const cred = (await controlledCredential(dave)).id;
    expect(await dave.get('/api/share/')).toEqual({ status: 0, message: 'OK', data: [] });
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Math.floor(Date.now() / 1000) * 1000 + 5000;
    const made: string[] = [];
    for (const [k, dt] of [0, 60, 60, 120].entries()) {
      vi.setSystemTime(t0 + dt * 1000);
      made.push(
        await createShare(
          dave,
          shareBody([{ album_id: A, disc_id: 1, tracks: [1] }], cred, { info: { name: `share ${k}` } }),
        ),
      );
    }
    const res = await dave.get<{ id: string; date: number; name: string }[]>('/api/share/');
    expect(res.data).toEqual([
      { id: made[3], date: t0 / 1000 + 120, name: 'share 3' },
      { id: made[2], date: t0 / 1000 + 60, name: 'share 2' },
      { id: made[1], date: t0 / 1000 + 60, name: 'share 1' },
      { id: made[0], date: t0 / 1000, name: 'share 0' },
    ]);
    expect(Object.keys(res.data[0]!)).toEqual(['id', 'date', 'name']);
    const bobs = (await bob.get<{ id: string }[]>('/api/share/')).data.map((s) => s.id);
    for (const m of made) expect(bobs).not.toContain(m);
  });
});

describe('DELETE /api/share', () => {
  const one = [{ album_id: A, disc_id: 1, tracks: [1, 2] }];

  test('owner deletes → null; then GET → 902000, gone from the list, grants removed, a second delete → 902000', async () => {
    const id = await createShare(alice, shareBody(one, aliceCred));
    const grants = shareRows(server, 'share_grants');
    expect(await alice.call('DELETE', '/api/share', { id })).toEqual({ status: 0, message: 'OK', data: null });
    expect(await getShare(anon, id)).toEqual({ status: 902000, message: 'share not found', data: null });
    expect((await alice.get<{ id: string }[]>('/api/share/')).data.map((s) => s.id)).not.toContain(id);
    expect(shareRows(server, 'share_grants')).toBe(grants - 1);
    expect(await alice.call('DELETE', '/api/share', { id })).toEqual({
      status: 902000,
      message: 'share not found',
      data: null,
    });
  });

  test('another user → 902001 "this share does not belong to you", and the share stays', async () => {
    const id = await createShare(alice, shareBody(one, aliceCred));
    expect(await bob.call('DELETE', '/api/share', { id })).toEqual({
      status: 902001,
      message: 'this share does not belong to you',
      data: null,
    });
    expect((await getShare(anon, id)).status).toBe(0);
  });

  test('the id may come in the query when there is no body', async () => {
    const id = await createShare(alice, shareBody(one, aliceCred));
    expect((await alice.call('DELETE', `/api/share?id=${id}`)).status).toBe(0);
    expect((await getShare(anon, id)).status).toBe(902000);
  });

  test('signed out → 902002', async () => {
    const id = await createShare(alice, shareBody(one, aliceCred));
    expect((await anon.call('DELETE', '/api/share', { id })).status).toBe(902002);
    expect((await getShare(anon, id)).status).toBe(0);
  });

  test.each([
    ['no body, no query', undefined, 902003],
    ['id a number', { id: 5 }, 902003],
    ['id missing', {}, 902003],
    ['body not JSON', '{x', 902003],
    ['an empty id', { id: '' }, 902000],
    ['a junk id', { id: 'a b$' }, 902000],
    ['an id of 65 characters', { id: 'a'.repeat(65) }, 902000],
    ['an unknown id', { id: 'NoSuchShare' }, 902000],
  ])('%s → %i', async (_n, body, status) => {
    expect((await alice.call('DELETE', '/api/share', body)).status).toBe(status);
  });
});

describe('schema', () => {
  test('deleting a user deletes their shares and grants (ON DELETE CASCADE)', async () => {
    const erin = await signedInClient(server, 'erin@example.com', 'erin-pw', 'Erin');
    const id = await createShare(erin, shareBody(songsAB, (await controlledCredential(erin)).id));
    const erinId = Number((await erin.get<{ user_id: string }>('/api/user/info')).data.user_id);
    const row = server.db.prepare('SELECT id FROM shares WHERE share_id = ?').get(id) as { id: number };
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM share_grants WHERE share_id = ?').get(row.id)).toEqual({
      n: 1,
    });
    server.db.prepare('DELETE FROM users WHERE id = ?').run(erinId);
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM shares WHERE user_id = ?').get(erinId)).toEqual({ n: 0 });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM share_grants WHERE share_id = ?').get(row.id)).toEqual({
      n: 0,
    });
    expect((await getShare(anon, id)).status).toBe(902000);
  });

  test('a version 2 data file migrates to 3: shares and share_grants with cascading foreign keys, old rows kept', () => {
    const fresh = tempDir();
    try {
      const old = new Database(path.join(fresh, 'anniv.db'));
      migrate(old, 2);
      old
        .prepare(
          "INSERT INTO users (email, nickname, password_hash, created_at) VALUES ('old@example.com', 'Old', 'x', 1)",
        )
        .run();
      old.close();
      const db = openDb(fresh);
      try {
        expect(SCHEMA_VERSION).toBe(10); // 3 → 4 hashed session ids (tests/server/session-security.test.ts), 4 → 5 two-step sign-in, 5 → 6 library token generations, 6 → 7 recovery codes, 7 → 8 the play statistics' indexes, 8 → 9 their days of plays, 9 → 10 liked playlists and lyrics
        expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
        expect(db.prepare('SELECT email FROM users').all()).toEqual([{ email: 'old@example.com' }]);
        expect(db.prepare('SELECT "table", on_delete FROM pragma_foreign_key_list(\'shares\')').all()).toEqual([
          { table: 'users', on_delete: 'CASCADE' },
        ]);
        expect(db.prepare('SELECT "table", on_delete FROM pragma_foreign_key_list(\'share_grants\')').all()).toEqual([
          { table: 'shares', on_delete: 'CASCADE' },
        ]);
      } finally {
        db.close();
      }
    } finally {
      removeDir(fresh);
    }
  });
});
