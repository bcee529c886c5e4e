// Sample events for `npm run paths -- favourites` and tests/machines/favourites.paths.test.ts (payloads included,
// beside the events derived from the machine), and the state key both walk with. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError, errorMessage, NetworkError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import type { FavouritesContext } from './favouritesMachine';

const unauthorized = new ApiError(902002, 'unauthorized');

export const pathEvents: AnyEventObject[] = [
  { type: 'TRACK_LIKED', track: sampleTrack('a') },
  { type: 'TRACK_LIKED', track: sampleTrack('b') },
  { type: 'TRACK_UNLIKED', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
  { type: 'ALBUM_LIKED', albumId: 'album-b' },
  { type: 'ALBUM_UNLIKED', albumId: 'album-a' },
  { type: 'PLAYLIST_LIKED', playlist: { id: '7', name: 'Ren public', owner: '2' } },
  { type: 'PLAYLIST_UNLIKED', playlistId: '8' },
  {
    type: 'xstate.done.actor.loadFavourites',
    // a liked list no longer public comes without name and owner
    output: { tracks: [sampleTrack('a')], albums: ['album-a'], playlists: [{ id: '8', name: '', owner: '' }] },
  },
  { type: 'xstate.error.actor.loadFavourites', error: unauthorized },
  // a failure that does not end the session (902002 does: the app signs out at once)
  { type: 'xstate.error.actor.loadFavourites', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.done.actor.loadFavouriteAlbums', output: ['album-b', 'album-a'] },
  { type: 'xstate.error.actor.loadFavouriteAlbums', error: new Error('未知网络错误') },
  // a heart's click spawns its album's toggle; its settled request stops it
  { type: 'TOGGLE_FAVOURITE', target: { kind: 'album', albumId: 'album-b' }, liked: false },
  { type: 'TOGGLE_SETTLED', id: 'heart:album:album-b' },
];

/**
 * Value, how many tracks and albums are liked (so the track and album events are walked too), the
 * hearts' toggles alive, for a RESET or a settled toggle the state it left (so both are walked
 * from every state), and a failed request's message (so each error sample is walked).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => {
  const context = snapshot.context as FavouritesContext;
  const from =
    (event?.type === 'RESET' || event?.type === 'TOGGLE_SETTLED') && previous ? [event.type, previous.value] : null;
  const failed = (event as { error?: unknown } | undefined)?.error;
  return JSON.stringify([
    snapshot.value,
    context.tracks.length,
    context.albums.length,
    context.playlists.length,
    Object.keys(context.toggles),
    from,
    failed === undefined ? null : errorMessage(failed),
  ]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  RESET: 'the listener signs out',
  TOGGLE_FAVOURITE: 'the listener clicks a heart (添加喜欢 / 取消喜欢)',
  TOGGLE_SETTLED: "a heart's request is answered, either way",
  TRACK_LIKED: 'the server accepts liking a track',
  TRACK_UNLIKED: 'the server accepts unliking a track',
  ALBUM_LIKED: 'the server accepts liking an album',
  ALBUM_UNLIKED: 'the server accepts unliking an album',
  PLAYLIST_LIKED: 'the server accepts liking a playlist',
  PLAYLIST_UNLIKED: 'the server accepts unliking a playlist',
  LOAD: 'someone is signed in (just now, or as the app opens)',
  'xstate.done.actor.loadFavourites': 'the server sends the liked tracks, albums and playlists',
  'xstate.error.actor.loadFavourites': 'the favourites cannot be read (a toast says why)',
  'xstate.done.actor.loadFavouriteAlbums': 'the server sends the liked albums again',
  'xstate.error.actor.loadFavouriteAlbums': 'the liked albums cannot be read again',
};
