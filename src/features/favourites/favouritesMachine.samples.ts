// Sample events for `npm run paths -- favourites` and tests/machines/favourites.paths.test.ts (payloads included,
// beside the events derived from the machine), and the state key both walk with. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import type { FavouritesContext } from './favouritesMachine';

const unauthorized = new ApiError(902002, 'unauthorized');

export const pathEvents: AnyEventObject[] = [
  { type: 'TRACK_LIKED', track: sampleTrack('a') },
  { type: 'TRACK_LIKED', track: sampleTrack('b') },
  { type: 'TRACK_UNLIKED', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
  { type: 'ALBUM_LIKED', albumId: 'album-b' },
  { type: 'ALBUM_UNLIKED', albumId: 'album-a' },
  { type: 'xstate.done.actor.loadFavourites', output: { tracks: [sampleTrack('a')], albums: ['album-a'] } },
  { type: 'xstate.error.actor.loadFavourites', error: unauthorized },
  { type: 'xstate.done.actor.loadFavouriteAlbums', output: ['album-b', 'album-a'] },
  { type: 'xstate.error.actor.loadFavouriteAlbums', error: new Error('未知网络错误') },
  // a heart's click spawns its album's toggle; its settled request stops it
  { type: 'TOGGLE_FAVOURITE', target: { kind: 'album', albumId: 'album-b' }, liked: false },
  { type: 'TOGGLE_SETTLED', id: 'heart:album:album-b' },
];

/**
 * Value, how many tracks and albums are liked (so the track and album events are walked too), the
 * hearts' toggles alive, and for a RESET or a settled toggle the state it left (so both are walked
 * from every state).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => {
  const context = snapshot.context as FavouritesContext;
  const from = (event?.type === 'RESET' || event?.type === 'TOGGLE_SETTLED') && previous ? [event.type, previous.value] : null;
  return JSON.stringify([snapshot.value, context.tracks.length, context.albums.length, Object.keys(context.toggles), from]);
};
