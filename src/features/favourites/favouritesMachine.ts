// The listener's favourites (spec 3, 4.5): liked tracks (newest first, with a key set for O(1)
// look-up) and liked album ids. Loaded after sign-in, forgotten on sign-out. Hearts change it
// through their own favouriteToggle actors, which tell it what the server accepted.
import { assign, emit, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { trackInfoOf, trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';

export interface FavouritesContext {
  /** newest first */
  tracks: TrackInfo[];
  trackKeys: ReadonlySet<string>;
  /** newest first */
  albums: string[];
  albumIds: ReadonlySet<string>;
}

export interface LoadedFavourites {
  tracks: TrackInfo[];
  albums: string[];
}

export type FavouritesEvent =
  | { type: 'LOAD' }
  | { type: 'RESET' }
  | { type: 'TRACK_LIKED'; track: TrackInfo }
  | { type: 'TRACK_UNLIKED'; track: TrackIdentity }
  | { type: 'ALBUM_LIKED'; albumId: string }
  | { type: 'ALBUM_UNLIKED'; albumId: string };

export type FavouritesTag = 'busy' | 'loading' | 'ready' | 'failed';

const withTracks = (tracks: TrackInfo[]) => ({ tracks, trackKeys: new Set(tracks.map(trackKey)) });
const withAlbums = (albums: string[]) => ({ albums, albumIds: new Set(albums) });
const empty = (): FavouritesContext => ({ ...withTracks([]), ...withAlbums([]) });

export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    emitted: {} as NotifyEvent,
    tags: {} as FavouritesTag,
  },
  actors: {
    loadFavourites: provideMe<LoadedFavourites>('favourites', 'loadFavourites'),
    loadFavouriteAlbums: provideMe<string[]>('favourites', 'loadFavouriteAlbums'),
  },
  guards: {
    // a change that lands after sign-out (a request still in flight) must not refill the store
    signedIn: not(stateIn('#favourites.idle')),
  },
  actions: {
    setAll: assign((_, loaded: LoadedFavourites) => ({ ...withTracks(loaded.tracks), ...withAlbums(loaded.albums) })),
    setAlbums: assign((_, params: { albums: string[] }) => withAlbums(params.albums)),
    forgetAll: assign(empty),
    /** a new like goes to the front; liking a liked track moves it there */
    addTrack: assign(({ context, event }) => {
      if (event.type !== 'TRACK_LIKED') return {};
      const key = trackKey(event.track);
      return withTracks([trackInfoOf(event.track), ...context.tracks.filter((t) => trackKey(t) !== key)]);
    }),
    removeTrack: assign(({ context, event }) => {
      if (event.type !== 'TRACK_UNLIKED') return {};
      const key = trackKey(event.track);
      return withTracks(context.tracks.filter((t) => trackKey(t) !== key));
    }),
    markAlbum: assign(({ context, event }) => {
      if (event.type === 'ALBUM_LIKED') return withAlbums([event.albumId, ...context.albums.filter((id) => id !== event.albumId)]);
      if (event.type === 'ALBUM_UNLIKED') return withAlbums(context.albums.filter((id) => id !== event.albumId));
      return {};
    }),
    notifyError: emit((_, params: { error: unknown }) => ({ type: 'notify' as const, severity: 'error' as const, message: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'favourites',
  context: empty,
  initial: 'idle',
  on: {
    RESET: { target: '.idle', actions: 'forgetAll' },
    TRACK_LIKED: { guard: 'signedIn', actions: 'addTrack' },
    TRACK_UNLIKED: { guard: 'signedIn', actions: 'removeTrack' },
    // shown at once wherever the store is (a failed load included); `ready` reads the list again
    ALBUM_LIKED: { guard: 'signedIn', actions: 'markAlbum' },
    ALBUM_UNLIKED: { guard: 'signedIn', actions: 'markAlbum' },
  },
  states: {
    idle: {
      description: 'Nobody signed in: favourites load after sign-in.',
      on: { LOAD: 'loading' },
    },
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadFavourites',
        src: 'loadFavourites',
        onDone: { target: 'ready', actions: { type: 'setAll', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'notifyError', params: failure } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { LOAD: 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'current',
      on: {
        LOAD: 'loading',
        ALBUM_LIKED: { target: '.reloadingAlbums', reenter: true, actions: 'markAlbum' },
        ALBUM_UNLIKED: { target: '.reloadingAlbums', reenter: true, actions: 'markAlbum' },
      },
      states: {
        current: {},
        reloadingAlbums: {
          description: 'An album was liked or unliked: the liked-album list is read again (spec 4.5); the change shows at once.',
          invoke: {
            id: 'loadFavouriteAlbums',
            src: 'loadFavouriteAlbums',
            onDone: { target: 'current', actions: { type: 'setAlbums', params: ({ event }) => ({ albums: event.output }) } },
            // the local change stays; the next load corrects it
            onError: 'current',
          },
        },
      },
    },
  },
});

export type FavouritesRef = ActorRefFrom<typeof favouritesMachine>;
export type FavouritesSnapshot = SnapshotFrom<typeof favouritesMachine>;
