// The long-lived playlists store, and the page machine each /playlist/{id} starts.
import { createActor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { definePlaylistActors, definePlaylistsActors } from './actors';
import { playlistMachine } from './playlistMachine';
import { playlistsMachine } from './playlistsMachine';

export interface PlaylistsOptions {
  api: ApiClient;
  inspect?: (event: InspectionEvent) => void;
}

export function startPlaylists({ api, inspect }: PlaylistsOptions) {
  const playlists = createActor(playlistsMachine.provide({ actors: definePlaylistsActors({ api }) }), { inspect });
  playlists.start();
  const page = playlistMachine.provide({ actors: definePlaylistActors({ api }) });
  return { playlists, page };
}

export type PlaylistsFeature = ReturnType<typeof startPlaylists>;
