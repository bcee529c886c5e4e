import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LYRIC_FILE_LIMIT, loadLyrics, lyricKey, type TrackLyrics } from '../../server/meta/lyrics.js';
import { Client, demoUserSuite } from './support/fixture.js';

// GET /api/lyric (docs/protocol.md#lyrics) over the demo metadata's lyrics (server/demo/lyrics.ts).
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲

const suite = demoUserSuite();
const lyric = (query: string) => suite.client.get<TrackLyrics | null>(`/api/lyric?${query}`);

describe('GET /api/lyric', () => {
  test('synced lyrics with a translation: the source and its translations, as anniv-go answers them', async () => {
    const res = await lyric(`album_id=${A}&disc_id=1&track_id=1`);
    expect(res.status).toBe(0);
    expect(res.data!.source).toMatchObject({
      language: 'zh-CN',
      type: 'lrc',
      source: 'anniv',
      contributor: { user_id: '', nickname: 'Anniv', avatar: '' },
    });
    expect(res.data!.source.data).toContain('[00:00.50]港口的灯 一盏一盏亮起');
    expect(res.data!.translations).toHaveLength(1);
    expect(res.data!.translations[0]).toMatchObject({ language: 'en', type: 'lrc' });
    expect(res.data!.translations[0]!.data).toContain('[00:04.00]Lighting the boats home');
  });

  test('synced without translation, and plain text; the album id in any case', async () => {
    const second = await lyric(`album_id=${A.toUpperCase()}&disc_id=1&track_id=2`);
    expect(second.data).toMatchObject({ source: { type: 'lrc' }, translations: [] });
    const plain = await lyric(`album_id=${A}&disc_id=1&track_id=5`);
    expect(plain.data).toMatchObject({
      source: { type: 'text', data: expect.stringContaining('潮来的时候') },
      translations: [],
    });
  });

  test('a track without lyrics, or an album nobody has: 902000', async () => {
    for (const query of [
      `album_id=${A}&disc_id=1&track_id=3`,
      `album_id=${A}&disc_id=2&track_id=1`,
      'album_id=00000000-0000-4000-8000-000000000000&disc_id=1&track_id=1',
    ]) {
      expect(await lyric(query)).toMatchObject({ status: 902000, message: 'lyric not found', data: null });
    }
  });

  test.each([
    ['no album id', 'disc_id=1&track_id=1'],
    ['an album id that is no UUID', 'album_id=../../etc&disc_id=1&track_id=1'],
    ['no disc', `album_id=${A}&track_id=1`],
    ['disc 0', `album_id=${A}&disc_id=0&track_id=1`],
    ['a disc that is no number', `album_id=${A}&disc_id=x&track_id=1`],
    ['a fractional track', `album_id=${A}&disc_id=1&track_id=1.5`],
    ['track 65536', `album_id=${A}&disc_id=1&track_id=65536`],
    ['a track written 0x1', `album_id=${A}&disc_id=1&track_id=0x1`],
  ])('%s: 902003', async (_, query) => {
    expect((await lyric(query)).status).toBe(902003);
  });

  test('signed out: 902002', async () => {
    const stranger = new Client(suite.server);
    expect((await stranger.get(`/api/lyric?album_id=${A}&disc_id=1&track_id=1`)).status).toBe(902002);
  });
});

describe('loadLyrics', () => {
  test('skips, with a warning, what does not fit: bad names, a second source, translations alone, oversized files, bad folders', () => {
    const meta = fs.mkdtempSync(path.join(suite.dir, 'lyrics-'));
    const track = (album: string, disc: string, t: string) => {
      const d = path.join(meta, 'lyric', album, disc, t);
      fs.mkdirSync(d, { recursive: true });
      return d;
    };
    const good = track(A, '1', '1');
    fs.writeFileSync(path.join(good, 'source.ja.lrc'), '[00:01.00]a');
    fs.writeFileSync(path.join(good, 'source.zh.lrc'), '[00:01.00]b'); // a second source
    fs.writeFileSync(path.join(good, 'translation.en.txt'), 'c');
    fs.writeFileSync(path.join(good, 'notes.md'), 'x');
    fs.writeFileSync(path.join(good, 'translation.fr.lrc'), 'x'.repeat(LYRIC_FILE_LIMIT + 1));
    fs.writeFileSync(path.join(track(A, '1', '2'), 'translation.en.lrc'), '[00:01.00]only a translation');
    fs.writeFileSync(path.join(track('not-a-uuid', '1', '1'), 'source.en.txt'), 'x');
    fs.writeFileSync(path.join(track(A, '0', '1'), 'source.en.txt'), 'x');
    const warnings: string[] = [];
    const lyrics = loadLyrics(meta, (m) => warnings.push(m));
    expect([...lyrics.keys()]).toEqual([lyricKey(A, 1, 1)]);
    const one = lyrics.get(lyricKey(A, 1, 1))!;
    expect(one.source).toMatchObject({ language: 'ja', type: 'lrc', data: '[00:01.00]a' });
    expect(one.translations.map((t) => [t.language, t.type])).toEqual([['en', 'text']]);
    expect(warnings.join('\n')).toMatch(/notes\.md.*skipped/);
    expect(warnings.join('\n')).toMatch(/source\.zh\.lrc: a second source/);
    expect(warnings.join('\n')).toMatch(/translation\.fr\.lrc: over/);
    expect(warnings.join('\n')).toMatch(/1\/2: translations without a source/);
  });
});
