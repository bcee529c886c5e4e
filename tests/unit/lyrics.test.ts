import { describe, expect, it } from 'vitest';
import { buildLyrics, checkLrc, currentLineAt, lyricsOf, parseLrc, withSaved, type LyricVersion } from '@/rules/lyrics';
import { getLyrics, patchLyrics } from '@/services/api/lyric';
import { BadResponseError } from '@/services/api/errors';
import { envelope, fakeApi, json } from './fakeFetch';

const track = { albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01', discId: 1, trackId: 2 };
const lang = (type: 'lrc' | 'text', data: string, language = 'zh-CN', contributor: unknown = anniv) => ({
  language,
  type,
  data,
  contributor,
  source: 'anniv',
});
const anniv = { user_id: '', nickname: 'Anniv', avatar: '' };
const version = (type: 'lrc' | 'text', data: string, language = 'zh-CN'): LyricVersion => ({
  type,
  data,
  language,
  contributor: null,
});

describe('parseLrc', () => {
  it('reads minutes, seconds and 1–3 fraction digits; a line with several stamps is several lines; tags and untimed lines go', () => {
    const lines = parseLrc('[ti:港灯]\n[ar:港灯乐团]\n[00:04.5]b\n[00:01.00][00:10.250]a\nno time\n[01:02.003]c\r\n');
    expect(lines).toEqual([
      { time: 1, text: 'a' },
      { time: 4.5, text: 'b' },
      { time: 10.25, text: 'a' },
      { time: 62.003, text: 'c' },
    ]);
  });

  it('[offset:+500] shows lines half a second earlier, never before 0', () => {
    expect(parseLrc('[offset:+500]\n[00:00.20]a\n[00:02.00]b')).toEqual([
      { time: 0, text: 'a' },
      { time: 1.5, text: 'b' },
    ]);
    expect(parseLrc('[offset:-250]\n[00:01.00]a')).toEqual([{ time: 1.25, text: 'a' }]);
  });
});

describe('buildLyrics', () => {
  it('synced: a synced translation goes beside the line of the same time', () => {
    const lyrics = buildLyrics(
      { type: 'lrc', data: '[00:01.00]港口的灯\n[00:04.00]照着回家的船\n[00:06.00]（间奏）' },
      { type: 'lrc', data: '[00:04.00]Lighting the boats home\n[00:01.00]The harbour lights' },
    );
    expect(lyrics).toEqual({
      synced: true,
      lines: [
        { time: 1, text: '港口的灯', translation: 'The harbour lights' },
        { time: 4, text: '照着回家的船', translation: 'Lighting the boats home' },
        { time: 6, text: '（间奏）' },
      ],
    });
  });

  it('plain text stays unsynced, a text translation goes line by line; an LRC without one stamp is text too', () => {
    expect(
      buildLyrics(
        { type: 'text', data: '潮来的时候\n我们都不说话\n' },
        { type: 'text', data: 'When the tide comes\nWe say nothing' },
      ),
    ).toEqual({
      synced: false,
      lines: [
        { time: null, text: '潮来的时候', translation: 'When the tide comes' },
        { time: null, text: '我们都不说话', translation: 'We say nothing' },
      ],
    });
    expect(buildLyrics({ type: 'lrc', data: '[ti:x]\nfirst\nsecond' })).toEqual({
      synced: false,
      lines: [
        { time: null, text: 'first' },
        { time: null, text: 'second' },
      ],
    });
  });
});

describe('currentLineAt', () => {
  const lyrics = buildLyrics({ type: 'lrc', data: '[00:01.00]a\n[00:04.00]b\n[00:08.00]c' });
  it.each([
    [0, -1],
    [0.99, -1],
    [1, 0],
    [3.9, 0],
    [4, 1],
    [7.5, 1],
    [8, 2],
    [300, 2],
  ])('at %s s the line is %s', (time, line) => {
    expect(currentLineAt(lyrics, time)).toBe(line);
  });

  it('unsynced lyrics have no current line', () => {
    expect(currentLineAt(buildLyrics({ type: 'text', data: 'a\nb' }), 10)).toBe(-1);
  });
});

describe('getLyrics', () => {
  it('asks /api/lyric for the track and takes the source with the first translation in another language of the same kind', async () => {
    const { api, last } = fakeApi(() =>
      envelope({
        source: lang('lrc', '[00:01.00]港口的灯'),
        translations: [lang('text', 'x', 'en'), lang('lrc', '[00:01.00]The harbour lights', 'en')],
      }),
    );
    const lyrics = await getLyrics(api, track);
    expect(lyrics).toMatchObject({
      synced: true,
      lines: [{ time: 1, text: '港口的灯', translation: 'The harbour lights' }],
      translation: { type: 'lrc', language: 'en', data: '[00:01.00]The harbour lights' },
    });
    // what the server keeps, for the editor
    expect(lyrics!.source).toEqual({
      type: 'lrc',
      language: 'zh-CN',
      data: '[00:01.00]港口的灯',
      contributor: { userId: '', nickname: 'Anniv', avatar: '' },
    });
    expect(lyrics!.translations.map((t) => `${t.type}:${t.language}`)).toEqual(['text:en', 'lrc:en']);
    expect(last().url.pathname).toBe('/api/lyric');
    expect(Object.fromEntries(last().url.searchParams)).toEqual({
      album_id: track.albumId,
      disc_id: '1',
      track_id: '2',
    });
  });

  it('902000 is "no lyrics" (null), as are lyrics without a line; other errors are errors', async () => {
    expect(await getLyrics(fakeApi(() => envelope(null, 902000, 'lyric not found')).api, track)).toBeNull();
    expect(
      await getLyrics(fakeApi(() => envelope({ source: lang('text', '\n\n'), translations: [] })).api, track),
    ).toBeNull();
    await expect(getLyrics(fakeApi(() => envelope(null, 902002, 'unauthorized')).api, track)).rejects.toThrow(
      'unauthorized',
    );
  });

  it.each([
    ['not an object', 'lyrics'],
    ['no source', { translations: [] }],
    ['a source of an unknown type', { source: { type: 'karaoke', data: 'x' } }],
    ['a source without data', { source: { type: 'lrc' } }],
  ])('%s: a bad answer', async (_, data) => {
    await expect(getLyrics(fakeApi(() => envelope(data)).api, track)).rejects.toBeInstanceOf(BadResponseError);
  });

  it('translations that are not lyrics are skipped', async () => {
    const { api } = fakeApi(() =>
      json({ status: 0, message: '', data: { source: lang('text', 'a'), translations: [null, 3, { type: 'text' }] } }),
    );
    expect(await getLyrics(api, track)).toMatchObject({
      synced: false,
      lines: [{ time: null, text: 'a' }],
      translations: [],
      translation: null,
    });
  });

  it('reads who gave each language: user id, nickname and avatar; a missing or odd contributor is nobody', async () => {
    const mio = { user_id: '7', nickname: ' Mio ', avatar: 'https://example.com/mio.png' };
    const { api } = fakeApi(() =>
      envelope({
        source: lang('text', 'a', 'zh-CN', mio),
        translations: [lang('text', 'b', 'en', { nickname: 'Ren' })],
      }),
    );
    const lyrics = (await getLyrics(api, track))!;
    expect(lyrics.source.contributor).toEqual({ userId: '7', nickname: 'Mio', avatar: 'https://example.com/mio.png' });
    expect(lyrics.translation!.contributor).toEqual({ userId: '', nickname: 'Ren', avatar: '' });
    for (const odd of [undefined, null, 'Mio', 3, {}, { nickname: '' }, { nickname: '  ' }, { nickname: 7 }]) {
      const { api: oddApi } = fakeApi(() =>
        envelope({ source: { ...lang('text', 'a'), contributor: odd }, translations: [] }),
      );
      expect((await getLyrics(oddApi, track))!.source.contributor).toBeNull();
    }
  });
});

describe('patchLyrics', () => {
  it('PATCH /api/lyric with the track, the type, the language as `lang` and the text, keys as the server spells them', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await patchLyrics(api, { track, type: 'lrc', language: 'zh-CN', data: '[00:01.00]港口的灯' });
    expect(last().method).toBe('PATCH');
    expect(last().url.pathname).toBe('/api/lyric');
    expect(last().body).toEqual({
      album_id: track.albumId,
      disc_id: 1,
      track_id: 2,
      type: 'lrc',
      lang: 'zh-CN',
      data: '[00:01.00]港口的灯',
    });
  });

  it("the server's refusal is its message", async () => {
    const { api } = fakeApi(() => envelope(null, 902003, 'lyric is too long'));
    await expect(patchLyrics(api, { track, type: 'text', language: 'ja', data: 'x' })).rejects.toThrow(
      'lyric is too long',
    );
  });
});

describe('lyricsOf and withSaved', () => {
  const source = version('lrc', '[00:01.00]港口的灯\n[00:04.00]照着回家的船');
  const english = version('lrc', '[00:01.00]The harbour lights', 'en');
  const japanese = version('lrc', '[00:04.00]帰りの船', 'ja');

  it('the first translation of the source’s kind goes beside the lines, only when it fits one', () => {
    expect(lyricsOf(source, [version('text', 'x', 'en'), english, japanese]).translation).toBe(english);
    expect(lyricsOf(source, [version('lrc', '[00:09.00]nothing here', 'en')]).translation).toBeNull();
    expect(lyricsOf(source, [version('lrc', '[00:01.00]same', 'ZH-cn')]).translation).toBeNull();
  });

  it('as the server keeps them: the first is the source; its language replaces it; a translation’s replaces it in place; another is added last', () => {
    const first = withSaved(null, english);
    expect([first.source, first.translations]).toEqual([english, []]);
    const fixed = version('text', '港口的灯', 'zh-cn');
    expect(withSaved(lyricsOf(source, [english]), fixed)).toMatchObject({ source: fixed, translations: [english] });
    const newEnglish = version('lrc', '[00:01.00]Harbour lights', 'EN');
    expect(withSaved(lyricsOf(source, [english, japanese]), newEnglish).translations).toEqual([newEnglish, japanese]);
    const korean = version('lrc', '[00:01.00]항구의 등불', 'ko');
    const added = withSaved(lyricsOf(source, [english]), korean);
    expect(added.translations).toEqual([english, korean]);
    expect(added.lines[0]!.translation).toBe('The harbour lights');
  });
});

describe('checkLrc', () => {
  it.each([
    [
      'stamps of 0–3 fraction digits, several on a line, tags, blank lines and an empty timed line',
      '[ti:港灯]\n[ar:港灯乐团]\n[offset:+500]\n\n[00:01]a\n[00:02.5][01:02.50]b\n[00:03.125]c\n[00:04.00]\n  [00:05.00] d  ',
    ],
    ['minutes of three digits, CRLF', '[100:00.00]late\r\n[00:01.00]early'],
    ['a bracket in the text after the stamp', '[00:01.00][Chorus] 港口的灯'],
  ])('takes %s', (_, data) => {
    expect(checkLrc(data)).toBeNull();
  });

  it.each([
    [
      'seconds of 60 or more',
      'x',
      '[00:01.00]a\n\n[01:75.00]b',
      { kind: 'badStamp', line: 3, stamp: '[01:75.00]', reason: 'seconds' },
    ],
    [
      'a bad second stamp of a line',
      'x',
      '[00:01.00][00:60]a',
      { kind: 'badStamp', line: 1, stamp: '[00:60]', reason: 'seconds' },
    ],
    ['one-digit seconds', 'x', '[00:1.00]a', { kind: 'badStamp', line: 1, stamp: '[00:1.00]', reason: 'form' }],
    [
      'four fraction digits',
      'x',
      '[00:01.0000]a',
      { kind: 'badStamp', line: 1, stamp: '[00:01.0000]', reason: 'form' },
    ],
    [
      'a colon before the fraction',
      'x',
      '[00:01:20]a',
      { kind: 'badStamp', line: 1, stamp: '[00:01:20]', reason: 'form' },
    ],
    ['a line without a stamp', 'x', '[00:01.00]a\nb', { kind: 'notTimed', line: 2 }],
    ['a tag with text after it', 'x', '[ar:港灯乐团] 港口的灯', { kind: 'notTimed', line: 1 }],
    ['an unclosed stamp', 'x', '[00:01.00 a', { kind: 'notTimed', line: 1 }],
    ['an offset that is not whole milliseconds', 'x', '[offset:fast]\n[00:01.00]a', { kind: 'badOffset', line: 1 }],
    ['tags alone', 'x', '[ti:港灯]\n[ar:港灯乐团]', { kind: 'noTimedLine' }],
  ])('refuses %s', (_, _x, data, problem) => {
    expect(checkLrc(data)).toEqual(problem);
  });

  it('what it takes, the player reads: every stamp a line of its own', () => {
    const data = '[00:02.5][01:02.50]b\n[00:03.125]c';
    expect(checkLrc(data)).toBeNull();
    expect(parseLrc(data).map((l) => l.time)).toEqual([2.5, 3.125, 62.5]);
  });
});
