import { describe, expect, test, vi } from 'vitest';
import {
  browserSupport,
  chooseStream,
  findTrackCover,
  headProbe,
  isNoSourceError,
  NoSourceError,
  rememberingProbe,
  resolveTrackSource,
  streamQuality,
  withQuery,
  type StreamOptions,
} from '@/services/stream';
import { reportPlay } from '@/services/api/stat';
import type { Quality } from '@/shared/constants';
import type { Credential } from '@/shared/types';
import { text } from '@/shared/text';
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

describe('withQuery and quality', () => {
  test.each([
    ['https://x/a?auth=t', { quality: 'low' }, 'https://x/a?auth=t&quality=low'],
    ['https://x/a', { quality: 'low', _xcw: '1' }, 'https://x/a?quality=low&_xcw=1'],
    ['https://x/a?auth=t', {}, 'https://x/a?auth=t'],
  ])('%s + %j → %s', (url, params, expected) => {
    expect(withQuery(url, params)).toBe(expected);
  });

  test.each([
    ['low', true, 'low'],
    ['high', true, 'high'],
    ['low', false, 'lossless'],
    ['lossless', false, 'lossless'],
  ] as const)('stored %s, aac %s → %s', (stored, aac, expected) => {
    expect(streamQuality(stored, aac)).toBe(expected);
  });
});

describe('chooseStream (spec 4.3)', () => {

  test('probes HEAD {url}&quality={q}&_xcw=1', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 200, headers: { 'content-type': 'audio/flac', 'x-origin-type': 'audio/flac' } }));
    await chooseStream(base(headProbe(fetch), { quality: 'high' }));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('HEAD');
    expect(calls[0]!.url.href).toBe(`${URL_}&quality=high&_xcw=1`);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  test('without AAC support the probe asks for lossless', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 200 }));
    const choice = await chooseStream(base(headProbe(fetch), { quality: 'low', supportsAac: false }));
    expect(calls[0]!.url.searchParams.get('quality')).toBe('lossless');
    expect(choice.url).toBe(`${URL_}&quality=lossless`);
  });

  test.each([
    // headers, supportsMediaSource, mode, type, duration
    [{ 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' }, true, 'mediaSource', 'audio/aac', 200],
    [{ 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '600' }, true, 'mediaSource', 'audio/aac', 600],
    [{ 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '601' }, true, 'direct', 'audio/aac', 601],
    [{ 'content-type': 'audio/aac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' }, false, 'direct', 'audio/aac', 200],
    // the reference server always serves the original: same type → direct
    [{ 'content-type': 'audio/flac', 'x-origin-type': 'audio/flac', 'x-duration-seconds': '200' }, true, 'direct', 'audio/flac', 200],
    // defaults: Content-Type audio/aac, X-Origin-Type audio/flac, duration 300
    [{}, true, 'mediaSource', 'audio/aac', 300],
    [{ 'x-duration-seconds': 'abc' }, true, 'mediaSource', 'audio/aac', 300],
    [{ 'content-type': 'audio/flac' }, true, 'direct', 'audio/flac', 300],
    [{ 'x-origin-type': 'audio/aac' }, true, 'direct', 'audio/aac', 300],
    // parameters and case in the type do not matter
    [{ 'content-type': 'Audio/FLAC; charset=binary', 'x-origin-type': 'audio/flac' }, true, 'direct', 'audio/flac', 300],
  ] as const)('%j, MediaSource %s → %s', async (values, supportsMediaSource, mode, type, duration) => {
    const choice = await chooseStream(base(async () => headers(values), { supportsMediaSource }));
    expect(choice).toEqual({ mode, url: `${URL_}&quality=medium`, type, duration });
  });

  test.each([
    ['network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['401', () => new Response(null, { status: 401 })],
    ['404', () => new Response(null, { status: 404 })],
  ])('a failed probe (%s) plays the raw url directly', async (_, respond) => {
    const { fetch } = fakeFetch(respond as () => Response);
    const choice = await chooseStream(base(headProbe(fetch)));
    expect(choice).toEqual({ mode: 'direct', url: URL_, type: null, duration: null });
  });
});

describe('rememberingProbe', () => {
  const transcoded = () => headers({ 'Content-Type': 'audio/aac', 'X-Origin-Type': 'audio/flac', 'X-Duration-Seconds': '200' });

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

describe('resolveTrackSource', () => {
  const jwt = (payload: object) => `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify(payload))}.sig`;
  const cred = (id: string, url: string, priority: number): Credential => ({
    id,
    name: id,
    url,
    token: jwt({ type: 'user' }),
    priority,
    controlled: false,
  });
  const track = { albumId: 'a1', discId: 1, trackId: 2 };
  const deps = (credentials: Credential[], libraries: string[], quality: Quality = 'lossless') => ({
    credentials,
    availableLibraries: async () => libraries,
    quality,
    probe: async () => headers({ 'content-type': 'audio/flac', 'x-origin-type': 'audio/flac' }),
    supportsMediaSource: false,
    supportsAac: true,
  });

  test('the highest-priority library holding the album plays it, with its cover', async () => {
    const low = cred('c1', 'https://low.example', 0);
    const high = cred('c2', 'https://high.example', 5);
    const source = await resolveTrackSource(track, deps([low, high], ['https://low.example', 'https://high.example']));
    expect(source.url).toBe(`https://high.example/a1/1/2?auth=${encodeURIComponent(high.token)}&quality=lossless`);
    expect(source.coverUrl).toBe('https://high.example/a1/1/cover');
    expect(source.mode).toBe('direct');
  });

  test('no library has the album → NoSourceError with the catalogue text', async () => {
    const error = await resolveTrackSource(track, deps([cred('c1', 'https://low.example', 0)], [])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSourceError);
    expect(isNoSourceError(error)).toBe(true);
    expect((error as Error).message).toBe(text.album.unavailable);
    expect(isNoSourceError(new Error('x'))).toBe(false);
  });

  test('the cover of a track shown but not loaded: through the same library, without a probe; null when none has it', async () => {
    const low = cred('c1', 'https://low.example', 0);
    const high = cred('c2', 'https://high.example', 5);
    const probe = vi.fn();
    const both = { ...deps([low, high], ['https://low.example', 'https://high.example']), probe };
    expect(await findTrackCover(track, both)).toBe('https://high.example/a1/1/cover');
    expect(await findTrackCover(track, deps([low, high], ['https://low.example']))).toBe('https://low.example/a1/1/cover');
    expect(await findTrackCover(track, deps([low], []))).toBeNull();
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('reportPlay (POST /api/stat)', () => {
  test('sends an array of one entry, keys in snake_case', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await reportPlay(api, { track: { albumId: 'a1', discId: 1, trackId: 2 }, at: [1_700_000_000] });
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/stat');
    expect(last().body).toEqual([{ track: { album_id: 'a1', disc_id: 1, track_id: 2 }, at: [1_700_000_000] }]);
  });
});

test('browserSupport: without MediaSource or Audio (node) neither is supported', () => {
  expect(browserSupport()).toEqual({ supportsMediaSource: false, supportsAac: false });
});
