// Before 保存到本机 the dialog shows the tracks' size in the quality they would be kept in: each
// library is asked (HEAD, in that quality) for a spread of the list, and the space left is read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import { defineKeepingActors } from '@/features/offline/actors';
import type { TrackInfo } from '@/shared/track';

const track = (trackId: number): TrackInfo => ({
  albumId: 'a1',
  discId: 1,
  trackId,
  title: `第${trackId}首`,
  artist: 'A',
  type: 'normal',
  albumTitle: '港灯夜曲',
});

function library(answer: (url: URL, init?: RequestInit) => Response) {
  const asked: { url: URL; method: string; authorization: string | null; cache: RequestCache | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    asked.push({
      url,
      method: init?.method ?? 'GET',
      authorization: new Headers(init?.headers).get('authorization'),
      cache: init?.cache,
    });
    return answer(url, init);
  });
  const access = {
    trackSource: async (t: TrackInfo) => ({
      audioUrl: `https://lib.example/${t.albumId}/${t.discId}/${t.trackId}?auth=tok`,
      coverUrl: null,
    }),
  } as unknown as LibraryAccess;
  const actors = defineKeepingActors({ accessFor: async () => access, fetch: fetch as typeof globalThis.fetch });
  return {
    asked,
    estimate: (tracks: TrackInfo[], quality: 'low' | 'lossless') =>
      toPromise(createActor(actors.estimateKeep, { input: { tracks, quality } }).start()),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('estimating what 保存到本机 would take', () => {
  it('sums the lengths the library gives for lossless, and reads the space left', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ quota: 1_000_000, usage: 250_000 }) } });
    const { asked, estimate } = library(
      (url) =>
        new Response(null, {
          headers: {
            'content-length': String(1000 * Number(url.pathname.split('/')[3])),
            'x-audio-quality': 'lossless',
          },
        }),
    );
    expect(await estimate([track(1), track(2), track(3)], 'lossless')).toEqual({ bytes: 6000, available: 750_000 });
    // the token in the Authorization header, not the URL, and nothing kept by the HTTP cache
    expect(
      asked.map((a) => [
        a.method,
        a.url.searchParams.get('quality'),
        a.url.searchParams.has('auth'),
        a.authorization,
        a.cache,
      ]),
    ).toEqual([
      ['HEAD', 'lossless', false, 'tok', 'no-store'],
      ['HEAD', 'lossless', false, 'tok', 'no-store'],
      ['HEAD', 'lossless', false, 'tok', 'no-store'],
    ]);
  });

  it('a long list asks a spread of its tracks and counts the rest at their mean; a track that fails is left out', async () => {
    const { asked, estimate } = library((url) =>
      url.pathname.endsWith('/1')
        ? new Response(null, { status: 503 })
        : new Response(null, {
            headers: {
              'content-type': 'audio/aac',
              'x-origin-type': 'audio/flac',
              'x-duration-seconds': '100',
              'x-audio-quality': 'low',
            },
          }),
    );
    const tracks = Array.from({ length: 200 }, (_, i) => track(i + 1));
    // 100 s at 128 kbit/s = 1.6 MB each, 200 tracks
    expect(await estimate(tracks, 'low')).toEqual({ bytes: 320_000_000, available: null });
    expect(asked).toHaveLength(24);
  });

  it('no library answers: the size is unknown', async () => {
    const { estimate } = library(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await estimate([track(1)], 'lossless')).bytes).toBeNull();
  });
});
