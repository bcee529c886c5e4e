import { describe, expect, test } from 'vitest';
import {
  browserSupport,
  chooseStream,
  headProbe,
  rememberingProbe,
  streamQuality,
  type StreamOptions,
} from '@/services/stream';
import { reportPlays } from '@/services/api/stat';
import { envelope, fakeApi, fakeFetch } from './fakeFetch';

const URL_ = 'https://annil.example/a1/1/2?auth=tok';

const base = (probe: StreamOptions['probe'], over: Partial<StreamOptions> = {}): StreamOptions => ({
  url: URL_,
  quality: 'medium',
  probe,
  supportsMediaSource: true,
  supportsAac: true,
  ...over,
});

function headers(values: Record<string, string>) {
  return new Headers(values);
}

describe('quality', () => {
  test.each([
    ['low', true, 'low'],
    ['high', true, 'high'],
    ['low', false, 'lossless'],
    ['lossless', false, 'lossless'],
  ] as const)('stored %s, aac %s → %s', (stored, aac, expected) => {
    expect(streamQuality(stored, aac)).toBe(expected);
  });
});

describe('chooseStream (docs/behaviour.md#streaming-and-library-choice)', () => {
  test('probes HEAD {url}&quality={q}&_xcw=1, the token in the Authorization header, kept by no cache', async () => {
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(null, { status: 200, headers: { 'content-type': 'audio/flac', 'x-origin-type': 'audio/flac' } }),
    );
    const choice = await chooseStream(base(headProbe(fetch), { quality: 'high' }));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('HEAD');
    expect(calls[0]!.url.href).toBe('https://annil.example/a1/1/2?quality=high&_xcw=1');
    expect(calls[0]!.headers.get('authorization')).toBe('tok');
    expect(calls[0]!.cache).toBe('no-store');
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    // what the element plays keeps ?auth=: it can send no header
    expect(choice.url).toBe(`${URL_}&quality=high`);
  });

  test('without AAC support the probe asks for lossless', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 200 }));
    const choice = await chooseStream(base(headProbe(fetch), { quality: 'low', supportsAac: false }));
    expect(calls[0]!.url.searchParams.get('quality')).toBe('lossless');
    expect(choice.url).toBe(`${URL_}&quality=lossless`);
  });

  test.each([
    // headers, supportsMediaSource, mode, type, duration
    [
      { 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' },
      true,
      'mediaSource',
      'audio/aac',
      200,
    ],
    [
      { 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '600' },
      true,
      'mediaSource',
      'audio/aac',
      600,
    ],
    [
      { 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '601' },
      true,
      'direct',
      'audio/aac',
      601,
    ],
    [
      { 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' },
      false,
      'direct',
      'audio/aac',
      200,
    ],
    // the reference server always serves the original: same type → direct
    [
      { 'content-type': 'audio/flac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' },
      true,
      'direct',
      'audio/flac',
      200,
    ],
    // defaults: Content-Type audio/aac, X-Origin-Type audio/flac, duration 300
    [{}, true, 'mediaSource', 'audio/aac', 300],
    [{ 'x-duration-seconds': 'abc' }, true, 'mediaSource', 'audio/aac', 300],
    [{ 'content-type': 'audio/flac' }, true, 'direct', 'audio/flac', 300],
    [{ 'x-origin-type': 'audio/aac' }, true, 'direct', 'audio/aac', 300],
    // parameters and case in the type do not matter
    [
      { 'content-type': 'Audio/FLAC; charset=binary', 'x-origin-type': 'audio/flac' },
      true,
      'direct',
      'audio/flac',
      300,
    ],
  ] as const)('%j, MediaSource %s → %s', async (values, supportsMediaSource, mode, type, duration) => {
    const choice = await chooseStream(base(async () => headers(values), { supportsMediaSource }));
    expect(choice).toEqual({ mode, url: `${URL_}&quality=medium`, type, duration, quality: 'medium' });
  });

  test.each([
    ['network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['401', () => new Response(null, { status: 401 })],
    ['404', () => new Response(null, { status: 404 })],
  ])('a failed probe (%s) plays the raw url directly', async (_, respond) => {
    const { fetch } = fakeFetch(respond as () => Response);
    const choice = await chooseStream(base(headProbe(fetch)));
    expect(choice).toEqual({ mode: 'direct', url: URL_, type: null, duration: null, quality: null });
  });
});

describe('rememberingProbe', () => {
  const transcoded = () =>
    headers({ 'Content-Type': 'audio/aac', 'X-Origin-Type': 'audio/flac', 'X-Duration-Seconds': '200' });

  test('a URL probed once is answered from memory, with the same choice', async () => {
    const asked: string[] = [];
    const probe = rememberingProbe(async (url) => {
      asked.push(url);
      return transcoded();
    });
    const first = await chooseStream(base(probe));
    const second = await chooseStream(base(probe));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ mode: 'mediaSource', type: 'audio/aac', duration: 200 });
    expect(asked).toHaveLength(1);
    // another quality is another URL: probed again
    await chooseStream(base(probe, { quality: 'high' }));
    expect(asked).toHaveLength(2);
  });

  test('a failed probe is not remembered: the next try asks again', async () => {
    let calls = 0;
    const probe = rememberingProbe(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return transcoded();
    });
    await expect(probe('u')).rejects.toThrow('offline');
    await expect(probe('u')).resolves.toBeDefined();
    await probe('u');
    expect(calls).toBe(2);
  });

  test('holds at most `limit` answers, dropping the least recently used', async () => {
    const asked: string[] = [];
    const probe = rememberingProbe(async (url) => {
      asked.push(url);
      return transcoded();
    }, 2);
    await probe('a');
    await probe('b');
    await probe('a'); // a is now the most recent
    await probe('c'); // drops b
    await probe('a');
    await probe('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('reportPlays (POST /api/stat)', () => {
  test('sends an array with one entry per track, its times in order, keys in snake_case', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    const a = { albumId: 'a1', discId: 1, trackId: 2 };
    const b = { albumId: 'a1', discId: 1, trackId: 3 };
    await reportPlays(api, [
      { track: a, at: 1_700_000_000 },
      { track: b, at: 1_700_000_100 },
      { track: a, at: 1_700_000_200 },
    ]);
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/stat');
    expect(last().body).toEqual([
      { track: { album_id: 'a1', disc_id: 1, track_id: 2 }, at: [1_700_000_000, 1_700_000_200] },
      { track: { album_id: 'a1', disc_id: 1, track_id: 3 }, at: [1_700_000_100] },
    ]);
  });
});

test('browserSupport: without MediaSource or Audio (node) neither is supported', () => {
  expect(browserSupport()).toEqual({ supportsMediaSource: false, supportsAac: false });
});
