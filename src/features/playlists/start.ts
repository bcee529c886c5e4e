// The long-lived playlists store, with the playlist page it spawns for /playlist/{id}.
import { createActor, type InspectionEvent } from 'xstate';
import type { AnswerCopies } from '@/services/api/answerCopies';
import type { ApiClient } from '@/services/api/client';
import { definePlaylistActors, definePlaylistsActors } from './actors';
import { playlistMachine } from './playlistMachine';
import { playlistsMachine } from './playlistsMachine';

export interface PlaylistsOptions {
  api: ApiClient;
  /** the answers kept on this device for pages to open offline */
  copies?: AnswerCopies;
  inspect?: (event: InspectionEvent) => void;
}

export function startPlaylists({ api, copies, inspect }: PlaylistsOptions) {
  const playlistPage = playlistMachine.provide({ actors: definePlaylistActors({ api, copies }) });
  const playlists = createActor(
    playlistsMachine.provide({ actors: { ...definePlaylistsActors({ api, copies }), playlistPage } }),
    { inspect },
  );
  playlists.start();
  return { playlists };
}

export type PlaylistsFeature = ReturnType<typeof startPlaylists>;
