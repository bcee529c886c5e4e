// The long-lived playlists store, with the playlist page it spawns for /playlist/{id}.
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
  const playlistPage = playlistMachine.provide({ actors: definePlaylistActors({ api }) });
  const playlists = createActor(playlistsMachine.provide({ actors: { ...definePlaylistsActors({ api }), playlistPage } }), { inspect });
  playlists.start();
  return { playlists };
}

export type PlaylistsFeature = ReturnType<typeof startPlaylists>;
