// The playlists' real actors over the playlist API (given once with .provide()). The API module
// loads on first use, out of the first page.
import { fromPromise } from 'xstate';
import type { AnswerCopies } from '@/services/api/answerCopies';
import type { ApiClient } from '@/services/api/client';

const playlistApi = () => import('@/services/api/playlist');
import type { Playlist, PlaylistFields, PlaylistInfo } from '@/shared/types';
import type { ReorderInput, UpdateInfoInput } from './playlistMachine';
import type { AppendInput } from './playlistsMachine';

/** `copies`: the answers kept on this device, so the user's lists open offline */
export function definePlaylistsActors({ api, copies }: { api: ApiClient; copies?: AnswerCopies }) {
  return {
    listPlaylists: fromPromise<PlaylistInfo[], void>(async () =>
      (await playlistApi()).getPlaylists(api, undefined, copies),
    ),
    createPlaylist: fromPromise<Playlist, PlaylistFields>(async ({ input }) =>
      (await playlistApi()).createPlaylist(api, input),
    ),
    deletePlaylist: fromPromise<void, { id: string }>(async ({ input }) =>
      (await playlistApi()).deletePlaylist(api, input.id),
    ),
    appendTracks: fromPromise<Playlist, AppendInput>(async ({ input }) =>
      (await playlistApi()).appendTracks(api, input.id, input.tracks),
    ),
  };
}

export function definePlaylistActors({ api, copies }: { api: ApiClient; copies?: AnswerCopies }) {
  return {
    loadPlaylist: fromPromise<Playlist, { id: string }>(async ({ input }) =>
      (await playlistApi()).getPlaylist(api, input.id, copies),
    ),
    updateInfo: fromPromise<Playlist, UpdateInfoInput>(async ({ input }) =>
      (await playlistApi()).updatePlaylistInfo(api, input.id, input.fields, input.version),
    ),
    removeItem: fromPromise<Playlist, { id: string; itemId: string }>(async ({ input }) =>
      (await playlistApi()).removeItems(api, input.id, [input.itemId]),
    ),
    reorder: fromPromise<Playlist, ReorderInput>(async ({ input }) =>
      (await playlistApi()).reorderItems(api, input.id, input.order, input.version),
    ),
  };
}
