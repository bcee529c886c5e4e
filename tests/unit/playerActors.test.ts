// The player's real actors over a fake library access and a fake probe: the library and URLs the
// access module chooses, the stream choice, the cover of an item shown but not loaded.
import { describe, expect, test, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { createLibraryAccess } from '@/features/library/access';
import { definePlayerActors } from '@/features/player/actors';
import type { Quality } from '@/shared/constants';
import { NoSourceError } from '@/shared/errors';
import type { TrackInfo } from '@/shared/track';
import type { Credential } from '@/shared/types';

const jwt = (payload: object) => `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify(payload))}.sig`;
const cred = (id: string, url: string, priority: number): Credential => ({
  id,
  name: id,
  url,
  token: jwt({ type: 'user' }),
  priority,
  controlled: false,
});
const LOW = cred('c1', 'https://low.example', 0);
const HIGH = cred('c2', 'https://high.example', 5);
const track: TrackInfo = {
  albumId: 'a1',
  discId: 1,
  trackId: 2,
  title: 'T',
  artist: 'A',
  type: 'normal',
  albumTitle: 'Album',
};

function actors(credentials: Credential[], libraries: string[], options: { ready?: boolean; quality?: Quality } = {}) {
  // a HEAD answer that says "the original, untranscoded": direct playback
  const fetch = vi.fn(
    async (..._: Parameters<typeof globalThis.fetch>) =>
      new Response(null, { headers: { 'content-type': 'audio/flac', 'x-origin-type': 'audio/flac' } }),
  );
  const access = createLibraryAccess({
    credentials: () => credentials,
    ready: () => options.ready ?? true,
    librariesOf: async (ids) => new Map(ids.map((id) => [id, libraries])),
  });
  return {
    fetch,
    ...definePlayerActors({
      recordPlay: async () => {},
      accessFor: async () => access,
      quality: () => options.quality ?? 'lossless',
      fetch,
    }),
  };
}

const run = <T>(logic: AnyActorLogic, input: TrackInfo) =>
  toPromise(createActor(logic, { input }).start()) as Promise<T>;

describe('resolveSource', () => {
  test('the highest-priority library holding the album plays it, with its disc cover', async () => {
    // node can play no AAC, so the stored quality gives way to lossless (docs/behaviour.md#streaming-and-library-choice)
    const { resolveSource, fetch } = actors([LOW, HIGH], ['https://low.example', 'https://high.example'], {
      quality: 'high',
    });
    await expect(run(resolveSource, track)).resolves.toEqual({
      url: `https://high.example/a1/1/2?auth=${encodeURIComponent(HIGH.token)}&quality=lossless`,
      coverUrl: 'https://high.example/a1/1/cover',
      // the quality it plays in: 音量均衡 keeps a track's loudness per quality
      quality: 'lossless',
    });
    // the element is given ?auth= (it can send no header); the probe is the app's own request
    const [probed, init] = fetch.mock.calls[0] ?? [];
    expect(String(probed)).toBe('https://high.example/a1/1/2?quality=lossless&_xcw=1');
    expect(new Headers(init?.headers).get('authorization')).toBe(HIGH.token);
    expect(init?.cache).toBe('no-store');
  });

  test('no library holds the album: NoSourceError, nothing probed', async () => {
    const { resolveSource, fetch } = actors([LOW], []);
    await expect(run(resolveSource, track)).rejects.toBeInstanceOf(NoSourceError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('findCover (an item shown but not loaded)', () => {
  test('through the library that would serve it, without a probe; null when none has it', async () => {
    const both = actors([LOW, HIGH], ['https://low.example', 'https://high.example']);
    await expect(run(both.findCover, track)).resolves.toEqual({
      key: 'a1-1-2',
      coverUrl: 'https://high.example/a1/1/cover',
    });
    expect(both.fetch).not.toHaveBeenCalled();
    await expect(run(actors([LOW], []).findCover, track)).resolves.toEqual({ key: 'a1-1-2', coverUrl: null });
  });

  test('before the credentials are known it cannot tell (undefined, not null)', async () => {
    await expect(run(actors([LOW], ['https://low.example'], { ready: false }).findCover, track)).resolves.toEqual({
      key: 'a1-1-2',
      coverUrl: undefined,
    });
  });
});

describe('preload (the next track, for gapless playback)', () => {
  test('waits for the page’s next turn: nothing is asked while the current track’s `playing` is being handled', async () => {
    const keptSource = vi.fn(async () => ({ url: 'blob:next', coverUrl: null }));
    const { preload } = definePlayerActors({
      recordPlay: async () => {},
      accessFor: async () => {
        throw new Error('no library should be asked');
      },
      quality: () => 'lossless',
      keptSource,
    });
    const prepared = run<{ url: string } | null>(preload, track);
    // the microtasks of the event that started it run out first
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(keptSource).not.toHaveBeenCalled();
    await expect(prepared).resolves.toEqual({ url: 'blob:next', coverUrl: null, quality: 'lossless' });
    expect(keptSource).toHaveBeenCalledOnce();
  });
});
