// The lyrics' real actor over the lyrics API (given once with .provide()). The API module loads on
// first use, out of the first page.
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import type { TrackIdentity } from '@/shared/track';

export function defineLyricsActors({ api }: { api: ApiClient }) {
  return {
    fetchLyrics: fromPromise(async ({ input }: { input: TrackIdentity }) =>
      (await import('@/services/api/lyric')).getLyrics(api, input),
    ),
  };
}
