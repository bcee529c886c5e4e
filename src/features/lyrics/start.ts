// The lyrics actor with its real fetch.
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import type { TrackIdentity } from '@/shared/track';
import { lyricsMachine } from './lyricsMachine';

export function startLyrics({ api, inspect }: { api: ApiClient; inspect?: (event: InspectionEvent) => void }) {
  const fetchLyrics = fromPromise(async ({ input }: { input: TrackIdentity }) => (await import('@/services/api/lyric')).getLyrics(api, input));
  return createActor(lyricsMachine.provide({ actors: { fetchLyrics } }), { inspect }).start();
}
