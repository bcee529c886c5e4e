// The lyrics actor with its real fetch.
import { createActor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { defineLyricsActors } from './actors';
import { lyricsMachine } from './lyricsMachine';

export function startLyrics({ api, inspect }: { api: ApiClient; inspect?: (event: InspectionEvent) => void }) {
  return createActor(lyricsMachine.provide({ actors: defineLyricsActors({ api }) }), { inspect }).start();
}
