// The lyrics actor with its real fetch, and the editors it spawns sending through the same API.
import { createActor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { defineLyricsActors } from './actors';
import { lyricsEditorMachine } from './lyricsEditorMachine';
import { lyricsMachine } from './lyricsMachine';

export function startLyrics({ api, inspect }: { api: ApiClient; inspect?: (event: InspectionEvent) => void }) {
  const { fetchLyrics, patchLyrics } = defineLyricsActors({ api });
  const lyricsEditor = lyricsEditorMachine.provide({ actors: { patchLyrics } });
  return createActor(lyricsMachine.provide({ actors: { fetchLyrics, lyricsEditor } }), { inspect }).start();
}
