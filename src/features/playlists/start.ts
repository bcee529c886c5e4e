// The long-lived playlists store, with the playlist page it spawns for /playlist/{id}.
import { createActor, type InspectionEvent } from 'xstate';
import type { AnswerCopies } from '@/services/api/answerCopies';
import type { ApiClient } from '@/services/api/client';
import { getUserIntro } from '@/services/api/people';
import { getPlaylists } from '@/services/api/playlist';
import type { PlaylistInfo, UserIntro } from '@/shared/types';
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
  return {
    playlists,
    /** another listener's page: who they are and their public playlists (their own for oneself) */
    async listener(userId: string): Promise<{ intro: UserIntro; playlists: PlaylistInfo[] }> {
      const [intro, lists] = await Promise.all([getUserIntro(api, userId), getPlaylists(api, userId)]);
      return { intro, playlists: lists.filter((list) => list.isPublic) };
    },
    /** a list's owner's nickname for its page; null when it cannot be read (the page names the owner by link alone) */
    ownerName: (userId: string): Promise<string | null> =>
      getUserIntro(api, userId).then(
        (intro) => intro.nickname || null,
        () => null,
      ),
  };
}

export type PlaylistsFeature = ReturnType<typeof startPlaylists>;
