// The lyrics' real actors over the lyrics API (given once with .provide()): reading a track's lyrics,
// and the editor's sending. The API module loads on first use, out of the first page.
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import type { LyricPatch } from '@/services/api/lyric';
import type { TrackIdentity } from '@/shared/track';

export function defineLyricsActors({ api }: { api: ApiClient }) {
  return {
    fetchLyrics: fromPromise(async ({ input }: { input: TrackIdentity }) =>
      (await import('@/services/api/lyric')).getLyrics(api, input),
    ),
    patchLyrics: fromPromise(async ({ input }: { input: LyricPatch }) =>
      (await import('@/services/api/lyric')).patchLyrics(api, input),
    ),
  };
}
