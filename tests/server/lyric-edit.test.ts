import { beforeAll, describe, expect, test } from 'vitest';
import { sha256Hex } from '../../server/auth.js';
import { LIMITS } from '../../server/api/limits.js';
import type { TrackLyrics } from '../../server/meta/lyrics.js';
import { Client, register, serverSuite, signedInClient } from './support/fixture.js';

// PATCH /api/lyric and what GET /api/lyric answers after it (docs/protocol.md#lyrics), over the demo
// metadata, whose lyric files (server/demo/lyrics.ts) give 港灯 (disc 1 track 1) a zh-CN source and
// an English translation; the other tracks used here have none.
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲: discs of 6 and 5 tracks
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02'; // Harbor Lights: 7 tracks
const UNKNOWN = '00000000-0000-4000-8000-0000000000aa';

const suite = serverSuite('meta');
let ann: Client;
let bo: Client;
let annId: string;
let boId: string;

async function userWithAvatar(email: string, nickname: string, avatar: string): Promise<Client> {
  const client = new Client(suite.server);
  expect((await register(client, email, 'secret', nickname, { avatar })).status).toBe(0);
  await client.login(email, sha256Hex('secret'));
  return client;
}
const idOf = async (client: Client): Promise<string> =>
  (await client.get<{ user_id: string }>('/api/user/info')).data.user_id;

beforeAll(async () => {
  ann = await userWithAvatar('ann@example.com', 'Ann', 'https://example.com/ann.png');
  bo = await signedInClient(suite.server, 'bo@example.com', 'secret', 'Bo');
  annId = await idOf(ann);
  boId = await idOf(bo);
});

const OK = { status: 0, message: 'OK', data: null };
const LRC = '[ti:夜]\n[00:01.00]第一行\n[00:05.50]第二行\n';

interface Patch {
  album_id?: unknown;
  disc_id?: unknown;
  track_id?: unknown;
  type?: unknown;
  lang?: unknown;
  data?: unknown;
}
const patch = (client: Client, body: Patch | string | undefined) => client.call('PATCH', '/api/lyric', body);
const write = (client: Client, album: string, disc: number, track: number, lang: string, type: string, data: string) =>
  patch(client, { album_id: album, disc_id: disc, track_id: track, type, lang, data });
const read = (album: string, disc: number, track: number, client = ann) =>
  client.get<TrackLyrics>(`/api/lyric?album_id=${album}&disc_id=${disc}&track_id=${track}`);
const rowCount = (): number => (suite.server.db.prepare('SELECT COUNT(*) AS n FROM lyrics').get() as { n: number }).n;

describe('PATCH /api/lyric: source and translations', () => {
  test('the first lyric of a track is its source, with its contributor; GET answers it in anniv-go’s shape', async () => {
    expect((await read(A, 1, 3)).status).toBe(902000);
    expect(await write(ann, A, 1, 3, 'zh-CN', 'lrc', LRC)).toEqual(OK);
    const res = await read(A, 1, 3, bo);
    expect(res).toEqual({
      status: 0,
      message: 'OK',
      data: {
        source: {
          language: 'zh-CN',
          type: 'lrc',
          data: LRC,
          contributor: { user_id: annId, nickname: 'Ann', avatar: 'https://example.com/ann.png' },
          source: '',
        },
        translations: [],
      },
    });
    expect(Object.keys(res.data.source)).toEqual(['language', 'type', 'data', 'contributor', 'source']);
    expect(Object.keys(res.data.source.contributor)).toEqual(['user_id', 'nickname', 'avatar']);
  });

  test('another language is a translation, in the order written; the source stays', async () => {
    expect(await write(bo, A, 1, 3, 'en', 'text', 'First line\nSecond line')).toEqual(OK);
    expect(await write(ann, A, 1, 3, 'ja', 'lrc', '[00:01.00]一行目')).toEqual(OK);
    const { data } = await read(A, 1, 3);
    expect(data.source).toMatchObject({ language: 'zh-CN', contributor: { user_id: annId } });
    expect(data.translations).toEqual([
      {
        language: 'en',
        type: 'text',
        data: 'First line\nSecond line',
        contributor: { user_id: boId, nickname: 'Bo', avatar: '' },
        source: '',
      },
      {
        language: 'ja',
        type: 'lrc',
        data: '[00:01.00]一行目',
        contributor: { user_id: annId, nickname: 'Ann', avatar: 'https://example.com/ann.png' },
        source: '',
      },
    ]);
  });

  test('a language the track has is replaced in its place, whoever wrote it, in any case; the contributor is the last writer', async () => {
    const rows = rowCount();
    // Bo replaces Ann's source, in another spelling of its tag, and as text now
    expect(await write(bo, A, 1, 3, 'ZH-cn', 'text', '第一行\n第二行')).toEqual(OK);
    // Ann replaces Bo's translation
    expect(await write(ann, A, 1, 3, 'EN', 'lrc', '[00:01.00]First line')).toEqual(OK);
    expect(rowCount()).toBe(rows);
    const { data } = await read(A, 1, 3);
    expect(data.source).toEqual({
      language: 'zh-CN',
      type: 'text',
      data: '第一行\n第二行',
      contributor: { user_id: boId, nickname: 'Bo', avatar: '' },
      source: '',
    });
    expect(data.translations.map((t) => [t.language, t.type, t.contributor.user_id])).toEqual([
      ['en', 'lrc', annId],
      ['ja', 'lrc', annId],
    ]);
    expect(
      suite.server.db
        .prepare('SELECT COUNT(*) AS n FROM lyrics WHERE album_id = ? AND disc_id = 1 AND track_id = 3 AND source = 1')
        .get(A),
    ).toEqual({ n: 1 });
  });

  test('language tags are kept in BCP 47’s case: one language is one row however it is spelt', async () => {
    expect(await write(ann, A, 1, 4, 'zh-hans-cn', 'text', '源')).toEqual(OK);
    expect(await write(ann, A, 1, 4, 'EN-X-IPA', 'text', 'a')).toEqual(OK);
    expect(await write(bo, A, 1, 4, 'ZH-HANS-CN', 'text', '新的源')).toEqual(OK);
    const { data } = await read(A, 1, 4);
    expect(data.source).toMatchObject({ language: 'zh-Hans-CN', data: '新的源' });
    expect(data.translations.map((t) => t.language)).toEqual(['en-x-ipa']);
  });

  test('the album id in any case is one track; tracks are told apart', async () => {
    expect(await write(ann, A.toUpperCase(), 2, 1, 'ja', 'text', 'ディスク二')).toEqual(OK);
    expect((await read(A, 2, 1)).data.source).toMatchObject({ language: 'ja', data: 'ディスク二' });
    expect((await read(A, 1, 2)).data.source).toMatchObject({ language: 'zh-CN', contributor: { nickname: 'Anniv' } });
    expect((await read(A, 2, 2)).status).toBe(902000);
  });

  test('the contributor is read when answering: a changed nickname shows at once', async () => {
    expect(
      (await bo.call('PATCH', '/api/user/intro', { nickname: 'Bo2', avatar: 'https://example.com/b.png' })).status,
    ).toBe(0);
    expect((await read(A, 1, 3)).data.source.contributor).toEqual({
      user_id: boId,
      nickname: 'Bo2',
      avatar: 'https://example.com/b.png',
    });
  });
});

describe('PATCH /api/lyric over the metadata repo’s lyric files', () => {
  test('an edited translation is served over the file of its language, in its place; the repo’s source stays', async () => {
    const before = (await read(A, 1, 1)).data;
    expect(before.source).toMatchObject({ language: 'zh-CN', source: 'anniv', contributor: { nickname: 'Anniv' } });
    expect(before.translations.map((t) => t.language)).toEqual(['en']);
    expect(await write(bo, A, 1, 1, 'en', 'lrc', '[00:00.50]Harbour lights, one by one')).toEqual(OK);
    expect(await write(ann, A, 1, 1, 'ja', 'text', '港の灯')).toEqual(OK);
    const after = (await read(A, 1, 1)).data;
    expect(after.source).toEqual(before.source);
    expect(after.translations).toEqual([
      {
        language: 'en',
        type: 'lrc',
        data: '[00:00.50]Harbour lights, one by one',
        contributor: { user_id: boId, nickname: 'Bo2', avatar: 'https://example.com/b.png' },
        source: '',
      },
      expect.objectContaining({
        language: 'ja',
        data: '港の灯',
        contributor: expect.objectContaining({ user_id: annId }),
      }),
    ]);
  });

  test('the language of the repo’s source replaces the source', async () => {
    expect(await write(ann, A, 1, 1, 'zh-cn', 'lrc', '[00:00.50]港口的灯')).toEqual(OK);
    const { data } = await read(A, 1, 1);
    expect(data.source).toMatchObject({
      language: 'zh-CN',
      data: '[00:00.50]港口的灯',
      contributor: { user_id: annId },
      source: '',
    });
    expect(data.translations.map((t) => t.language)).toEqual(['en', 'ja']);
    expect(
      suite.server.db
        .prepare('SELECT language, source FROM lyrics WHERE album_id = ? AND disc_id = 1 AND track_id = 1 ORDER BY id')
        .all(A),
    ).toEqual([
      { language: 'en', source: 0 },
      { language: 'ja', source: 0 },
      { language: 'zh-CN', source: 1 },
    ]);
  });
});

describe('PATCH /api/lyric: what is refused', () => {
  const good = { album_id: B, disc_id: 1, track_id: 1, type: 'text', lang: 'en', data: 'words' };
  const range = (name: string) => `${name} must be a whole number from 1 to 65535`;
  const LANG = 'lang must be a language tag such as "ja" or "zh-CN" (at most 35 characters)';

  test.each<[string, Patch | string | undefined, string]>([
    ['no body', undefined, 'malformed lyric form'],
    ['an array', [good] as unknown as string, 'malformed lyric form'],
    ['broken JSON', '{"album_id":', 'malformed lyric form'],
    ['an album id that is a number', { ...good, album_id: 1 }, 'malformed lyric form'],
    ['an album id that is no UUID', { ...good, album_id: '../x' }, 'album_id must be an album id'],
    ['a disc id as a string', { ...good, disc_id: '1' }, 'malformed lyric form'],
    ['no track id', { ...good, track_id: undefined }, 'malformed lyric form'],
    ['disc 0', { ...good, disc_id: 0 }, range('disc_id')],
    ['disc 65536', { ...good, disc_id: 65536 }, range('disc_id')],
    ['a fractional track', { ...good, track_id: 1.5 }, range('track_id')],
    ['a negative track', { ...good, track_id: -1 }, range('track_id')],
    ['type html', { ...good, type: 'html' }, 'type must be "text" or "lrc"'],
    ['type LRC', { ...good, type: 'LRC' }, 'type must be "text" or "lrc"'],
    ['no type', { ...good, type: undefined }, 'malformed lyric form'],
    ['no lang', { ...good, lang: undefined }, 'malformed lyric form'],
    ['an empty lang', { ...good, lang: '' }, LANG],
    ['a one-letter lang', { ...good, lang: 'e' }, LANG],
    ['a lang with an underscore', { ...good, lang: 'zh_CN' }, LANG],
    ['a lang in words', { ...good, lang: 'English' }, LANG],
    ['a lang of 36 characters', { ...good, lang: `en-${'abcdefgh-'.repeat(3)}abcdef` }, LANG],
    ['a lang with a path', { ...good, lang: '../en' }, LANG],
    ['data as a number', { ...good, data: 1 }, 'malformed lyric form'],
    ['empty data', { ...good, data: '' }, 'lyric data must not be empty'],
    ['blank data', { ...good, data: ' \n\t ' }, 'lyric data must not be empty'],
    [
      'a NUL in the data',
      { ...good, data: 'a\u0000b' },
      'lyric data must not contain control characters (other than tabs and line breaks)',
    ],
    [
      'an escape character in the data',
      { ...good, data: 'a\u001b[31mb' },
      'lyric data must not contain control characters (other than tabs and line breaks)',
    ],
    [
      'lrc without a time on its first line',
      { ...good, type: 'lrc', data: 'words\n[00:01.00]more' },
      'lrc line 1 has no time: each line starts with [mm:ss.xx] or is a tag such as [ti:title]',
    ],
    [
      'lrc with a time after the words',
      { ...good, type: 'lrc', data: '[00:01.00]a\n\nwords [00:02.00]' },
      'lrc line 3 has no time: each line starts with [mm:ss.xx] or is a tag such as [ti:title]',
    ],
    [
      'lrc with 75 seconds',
      { ...good, type: 'lrc', data: '[ti:x]\n[00:01.00]a\n[00:01.50][01:75.00]b' },
      'lrc line 3: [01:75.00] is not a time (seconds go up to 59)',
    ],
    [
      'lrc of tags only',
      { ...good, type: 'lrc', data: '[ti:title]\n[ar:artist]\n' },
      'lrc lyrics need at least one timed line ([mm:ss.xx] words); send untimed lyrics as type "text"',
    ],
    [
      'lrc with a malformed stamp',
      { ...good, type: 'lrc', data: '[0a:01.00]a' },
      'lrc line 1 has no time: each line starts with [mm:ss.xx] or is a tag such as [ti:title]',
    ],
  ])('%s: 902003, nothing stored', async (_n, body, message) => {
    const rows = rowCount();
    expect(await patch(ann, body)).toEqual({ status: 902003, message, data: null });
    expect(rowCount()).toBe(rows);
  });

  test.each([
    ['an album the metadata does not know', UNKNOWN, 1, 1],
    ['a disc the album does not have', A, 3, 1],
    ['a track the disc does not have', A, 2, 6],
    ['a track past the album', B, 1, 8],
  ])('%s: 902000 track not found, nothing stored', async (_n, album, disc, track) => {
    const rows = rowCount();
    expect(await write(ann, album, disc, track, 'en', 'text', 'words')).toEqual({
      status: 902000,
      message: 'track not found',
      data: null,
    });
    expect(rowCount()).toBe(rows);
  });

  test('lrc as the client reads it: tags, blank lines, CRLF, several times a line, [mm:ss], [mm:ss:xx], three-digit minutes', async () => {
    const data =
      '\uFEFF[ti:Harbor]\r\n[offset:+200]\r\n\r\n[00:01.00][00:30.5]chorus\r\n[01:02]bare\r\n[02:03:45]colon\r\n[100:00.000]late\r\n[00:40.00]\r\n';
    expect(await write(ann, B, 1, 2, 'en', 'lrc', data)).toEqual(OK);
    expect((await read(B, 1, 2)).data.source).toMatchObject({ type: 'lrc', data });
  });

  test('signed out: 902002 for PATCH and GET', async () => {
    const stranger = new Client(suite.server);
    expect(
      (await patch(stranger, { album_id: B, disc_id: 1, track_id: 1, type: 'text', lang: 'en', data: 'x' })).status,
    ).toBe(902002);
    expect((await read(B, 1, 1, stranger)).status).toBe(902002);
  });
});

describe('PATCH /api/lyric: limits', () => {
  test(`data up to ${LIMITS.lyricBytes / 1024} KiB of UTF-8: one byte more is refused`, async () => {
    const full = '歌'.repeat(Math.floor(LIMITS.lyricBytes / 3)) + 'x'.repeat(LIMITS.lyricBytes % 3);
    expect(Buffer.byteLength(full)).toBe(LIMITS.lyricBytes);
    expect(await write(ann, B, 1, 3, 'zh', 'text', full)).toEqual(OK);
    expect((await read(B, 1, 3)).data.source.data).toBe(full);
    expect(await write(ann, B, 1, 3, 'zh', 'text', `${full}x`)).toEqual({
      status: 902003,
      message: `lyric data too long (at most ${LIMITS.lyricBytes / 1024} KiB of UTF-8)`,
      data: null,
    });
    expect((await read(B, 1, 3)).data.source.data).toBe(full);
  });

  test('the body: data at its limit escaped as Go escapes `<` (6 bytes each) fits; a body over 512 KiB gets HTTP 413', async () => {
    const escaped = '\\u003c'.repeat(LIMITS.lyricBytes);
    const body = `{"album_id":"${B}","disc_id":1,"track_id":4,"type":"text","lang":"en","data":"${escaped}"}`;
    expect(body.length).toBeLessThan(LIMITS.lyricBodyBytes);
    expect(await patch(ann, body)).toEqual(OK);
    expect((await read(B, 1, 4)).data.source.data).toBe('<'.repeat(LIMITS.lyricBytes));
    const res = await ann.raw('/api/lyric', {
      method: 'PATCH',
      body: JSON.stringify({
        album_id: B,
        disc_id: 1,
        track_id: 4,
        type: 'text',
        lang: 'en',
        data: 'x'.repeat(LIMITS.lyricBodyBytes),
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 902003, message: 'request body too large (at most 512 KiB)' });
  });

  test(`at most ${LIMITS.lyricLanguagesPerTrack} languages a track, the repo’s files counted; replacing one still works`, async () => {
    // 港灯 has two languages in the repo (zh-CN, en) and ja written above
    const tags = Array.from({ length: 26 * 26 }, (_, i) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26)));
    const fresh = tags.filter((t) => !['en', 'ja'].includes(t));
    for (const lang of fresh.slice(0, LIMITS.lyricLanguagesPerTrack - 3))
      expect(await write(bo, A, 1, 1, lang, 'text', lang)).toEqual(OK);
    expect((await read(A, 1, 1)).data.translations).toHaveLength(LIMITS.lyricLanguagesPerTrack - 1);
    const rows = rowCount();
    expect(await write(bo, A, 1, 1, 'zz', 'text', 'one too many')).toEqual({
      status: 901000,
      message: `too many lyric languages for this track (at most ${LIMITS.lyricLanguagesPerTrack})`,
      data: null,
    });
    expect(rowCount()).toBe(rows);
    expect(await write(bo, A, 1, 1, 'ja', 'text', 'replaced')).toEqual(OK);
    expect(await write(bo, A, 1, 1, 'en', 'text', 'replaced too')).toEqual(OK);
  });

  test(`one user’s lyrics: at most ${LIMITS.lyricsPerUser} and ${LIMITS.lyricBytesPerUser / 1024 / 1024} MiB; replacing their own text is measured without the old one`, async () => {
    const db = suite.server.db;
    const writer = await signedInClient(suite.server, 'prolific@example.com');
    const writerId = Number(await idOf(writer));
    const insert = db.prepare(
      "INSERT INTO lyrics (album_id, disc_id, track_id, language, source, type, data, bytes, user_id, updated_at) VALUES (?, 1, ?, 'en', 1, 'text', 'x', ?, ?, 0)",
    );
    db.transaction(() => {
      for (let i = 1; i < LIMITS.lyricsPerUser; i++) insert.run(UNKNOWN, i, 1, writerId);
    })();
    expect(await write(writer, B, 1, 5, 'en', 'text', 'the last one')).toEqual(OK);
    expect(await write(writer, B, 1, 6, 'en', 'text', 'one more')).toEqual({
      status: 901000,
      message: `too many lyrics written (at most ${LIMITS.lyricsPerUser})`,
      data: null,
    });
    // replacing one's own lyric adds no row
    expect(await write(writer, B, 1, 5, 'en', 'text', 'the last one, better')).toEqual(OK);
    // replacing someone else's would
    expect(await write(writer, B, 1, 2, 'en', 'text', 'taken over')).toMatchObject({ status: 901000 });
    db.prepare('DELETE FROM lyrics WHERE user_id = ? AND album_id = ?').run(writerId, UNKNOWN);

    // bytes: what they have written, as counted when stored, plus this text
    const room = LIMITS.lyricBytesPerUser - Buffer.byteLength('the last one, better');
    insert.run(UNKNOWN, 1, room - 10, writerId);
    expect(await write(writer, B, 1, 6, 'en', 'text', '0123456789')).toEqual(OK);
    expect(await write(writer, B, 1, 7, 'en', 'text', 'x')).toEqual({
      status: 901000,
      message: `too much lyric text written (at most ${LIMITS.lyricBytesPerUser / 1024 / 1024} MiB)`,
      data: null,
    });
    expect(await write(writer, B, 1, 6, 'en', 'text', '9876543210')).toEqual(OK);
    db.prepare('DELETE FROM lyrics WHERE user_id = ? AND album_id = ?').run(writerId, UNKNOWN);
  });
});

describe('accounts that wrote lyrics', () => {
  test('a deleted account’s lyrics stay, credited to nobody; the next writer of a language is credited', async () => {
    const leaving = await signedInClient(suite.server, 'leaving@example.com', 'secret', 'Leaving');
    expect(await write(leaving, B, 1, 7, 'fr', 'text', 'Bonne nuit')).toEqual(OK);
    expect(await write(leaving, B, 1, 7, 'de', 'text', 'Gute Nacht')).toEqual(OK);
    expect((await leaving.post('/api/user/revoke', { password: sha256Hex('secret') })).status).toBe(0);
    const { data } = await read(B, 1, 7);
    expect(data.source).toEqual({
      language: 'fr',
      type: 'text',
      data: 'Bonne nuit',
      contributor: { user_id: '', nickname: '', avatar: '' },
      source: '',
    });
    expect(data.translations[0]!.contributor).toEqual({ user_id: '', nickname: '', avatar: '' });
    expect(await write(bo, B, 1, 7, 'de', 'text', 'Gute Nacht!')).toEqual(OK);
    expect((await read(B, 1, 7)).data.translations[0]!.contributor.user_id).toBe(boId);
  });
});

describe('ANNIV_STRICT changes nothing here', () => {
  const strict = serverSuite('meta', { ANNIV_STRICT: '1' });

  test('lyrics and liked playlists answer as in the default mode', async () => {
    const c = await signedInClient(strict.server, 'strict@example.com', 'secret', 'Strict');
    const id = await idOf(c);
    expect(
      await c.call('PATCH', '/api/lyric', {
        album_id: A,
        disc_id: 1,
        track_id: 6,
        type: 'lrc',
        lang: 'zh-CN',
        data: LRC,
      }),
    ).toEqual(OK);
    expect((await c.get(`/api/lyric?album_id=${A}&disc_id=1&track_id=6`)).data).toEqual({
      source: {
        language: 'zh-CN',
        type: 'lrc',
        data: LRC,
        contributor: { user_id: id, nickname: 'Strict', avatar: '' },
        source: '',
      },
      translations: [],
    });
    expect(
      (await c.call('PATCH', '/api/lyric', { album_id: A, disc_id: 1, track_id: 6, type: 'x', lang: 'en', data: 'a' }))
        .status,
    ).toBe(902003);
    const list = await c.call<{ id: string }>('PUT', '/api/playlist', { name: 'Mine', is_public: false });
    expect(await c.call('PUT', '/api/favorite/playlist', { playlist_id: list.data.id })).toEqual(OK);
    expect(await c.call('PUT', '/api/favorite/playlist', { playlist_id: list.data.id })).toEqual(OK);
    expect((await c.get('/api/favorite/playlist')).data).toEqual([
      { playlist_id: list.data.id, name: 'Mine', owner: id },
    ]);
    expect((await c.call('PUT', '/api/favorite/playlist', { playlist_id: 'abc' })).status).toBe(902003);
  });
});
