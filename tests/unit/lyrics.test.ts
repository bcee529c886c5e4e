import { describe, expect, it } from 'vitest';
import { buildLyrics, currentLineAt, parseLrc } from '@/rules/lyrics';
import { getLyrics } from '@/services/api/lyric';
import { BadResponseError } from '@/services/api/errors';
import { envelope, fakeApi, json } from './fakeFetch';

const track = { albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01', discId: 1, trackId: 2 };
const lang = (type: 'lrc' | 'text', data: string, language = 'zh-CN') => ({
  language,
  type,
  data,
  contributor: { user_id: '', nickname: 'Anniv', avatar: '' },
  source: 'anniv',
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
    expect(await getLyrics(api, track)).toEqual({
      synced: true,
      lines: [{ time: 1, text: '港口的灯', translation: 'The harbour lights' }],
    });
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
    expect(await getLyrics(api, track)).toEqual({ synced: false, lines: [{ time: null, text: 'a' }] });
  });
});
