// The listener's favourites (docs/behaviour.md#favourites): liked tracks (newest first, with a key set for O(1)
// look-up), liked album ids and liked playlists. Loaded after sign-in, forgotten on sign-out. It owns the hearts'
// favouriteToggle actors: one per heart target (a track key or an album id), spawned by the
// target's first TOGGLE_FAVOURITE and stopped as soon as its request settles (TOGGLE_SETTLED), so
// the only toggles alive are those with a request in flight, however many rows show hearts. A
// toggle outlives its heart (a row scrolled away, re-rendered): its answer still updates the store
// and shows its toast. Each toggle tells the store what the server accepted.
import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  not,
  setup,
  stateIn,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { loadingStates, output, provideMe } from '@/shared/machines';
import { trackInfoOf, trackKey, type TrackInfo } from '@/shared/track';
import type { LikedPlaylist } from '@/shared/types';
import {
  favouriteToggleMachine,
  heartIdOf,
  type FavouriteTarget,
  type FavouriteToggleRef,
  type ToggleStoreEvent,
} from './favouriteToggleMachine';

export interface FavouritesContext {
  /** newest first */
  tracks: TrackInfo[];
  trackKeys: ReadonlySet<string>;
  /** newest first */
  albums: string[];
  albumIds: ReadonlySet<string>;
  /** newest first */
  playlists: LikedPlaylist[];
  playlistIds: ReadonlySet<string>;
  /** the hearts' toggles with a request in flight, by heart id (`heartIdOf`) */
  toggles: Readonly<Record<string, FavouriteToggleRef>>;
}

export interface LoadedFavourites {
  tracks: TrackInfo[];
  albums: string[];
  playlists: LikedPlaylist[];
}

export type FavouritesEvent =
  | { type: 'LOAD' }
  | { type: 'RESET' }
  /** a heart clicked: `liked` is what it showed */
  | { type: 'TOGGLE_FAVOURITE'; target: FavouriteTarget; liked: boolean }
  | ToggleStoreEvent;

export type FavouritesTag = 'busy' | 'loading' | 'ready' | 'failed';

const withTracks = (tracks: TrackInfo[]) => ({ tracks, trackKeys: new Set(tracks.map(trackKey)) });
const withAlbums = (albums: string[]) => ({ albums, albumIds: new Set(albums) });
const withPlaylists = (playlists: LikedPlaylist[]) => ({ playlists, playlistIds: new Set(playlists.map((p) => p.id)) });
const empty = () => ({ ...withTracks([]), ...withAlbums([]), ...withPlaylists([]) });

export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
    emitted: {} as NotifyEvent,
    tags: {} as FavouritesTag,
  },
  actors: {
    favouriteToggle: favouriteToggleMachine,
    loadFavourites: provideMe<LoadedFavourites>('favourites', 'loadFavourites'),
    loadFavouriteAlbums: provideMe<string[]>('favourites', 'loadFavouriteAlbums'),
  },
  guards: {
    // a change that lands after sign-out (a request still in flight) must not refill the store
    signedIn: not(stateIn('#favourites.idle')),
  },
  actions: {
    setAll: assign((_, loaded: LoadedFavourites) => ({
      ...withTracks(loaded.tracks),
      ...withAlbums(loaded.albums),
      ...withPlaylists(loaded.playlists),
    })),
    setAlbums: assign((_, albums: string[]) => withAlbums(albums)),
    // toggles in flight are kept: their answers land (and are ignored once signed out) and toast
    forgetAll: assign(empty),
    /** the target's toggle, spawned on its first click, is asked to submit */
    toggle: enqueueActions(({ context, event, enqueue, self }) => {
      assertEvent(event, 'TOGGLE_FAVOURITE');
      const id = heartIdOf(event.target);
      let toggle = context.toggles[id];
      if (!toggle) {
        enqueue.assign(({ spawn }) => {
          toggle = spawn('favouriteToggle', { id, input: { target: event.target, store: self } });
          return { toggles: { ...context.toggles, [id]: toggle } };
        });
      }
      enqueue.sendTo(() => toggle!, { type: 'TOGGLE', liked: event.liked });
    }),
    stopToggle: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'TOGGLE_SETTLED');
      const toggle = context.toggles[event.id];
      if (!toggle) return;
      enqueue.stopChild(toggle);
      const { [event.id]: _stopped, ...rest } = context.toggles;
      enqueue.assign({ toggles: rest });
    }),
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
      if (event.type === 'ALBUM_LIKED')
        return withAlbums([event.albumId, ...context.albums.filter((id) => id !== event.albumId)]);
      if (event.type === 'ALBUM_UNLIKED') return withAlbums(context.albums.filter((id) => id !== event.albumId));
      return {};
    }),
    /** a new like goes to the front */
    markPlaylist: assign(({ context, event }) => {
      if (event.type === 'PLAYLIST_LIKED')
        return withPlaylists([event.playlist, ...context.playlists.filter((p) => p.id !== event.playlist.id)]);
      if (event.type === 'PLAYLIST_UNLIKED')
        return withPlaylists(context.playlists.filter((p) => p.id !== event.playlistId));
      return {};
    }),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description:
    "The listener's liked tracks (我喜欢的音乐), albums (我喜欢的专辑) and playlists (我喜欢的歌单), and the hearts' requests.",
  id: 'favourites',
  context: () => ({ ...empty(), toggles: {} }),
  initial: 'idle',
  on: {
    RESET: { target: '.idle', actions: 'forgetAll' },
    TOGGLE_FAVOURITE: {
      description:
        "A heart's click goes to the one toggle of its track or album (spawned on first use): one request at a time per target.",
      actions: 'toggle',
    },
    TOGGLE_SETTLED: {
      description: 'A toggle whose request has settled is stopped: only toggles with a request in flight stay alive.',
      actions: 'stopToggle',
    },
    TRACK_LIKED: { guard: 'signedIn', actions: 'addTrack' },
    TRACK_UNLIKED: { guard: 'signedIn', actions: 'removeTrack' },
    // shown at once wherever the store is (a failed load included); `ready` reads the list again
    ALBUM_LIKED: { guard: 'signedIn', actions: 'markAlbum' },
    ALBUM_UNLIKED: { guard: 'signedIn', actions: 'markAlbum' },
    PLAYLIST_LIKED: { guard: 'signedIn', actions: 'markPlaylist' },
    PLAYLIST_UNLIKED: { guard: 'signedIn', actions: 'markPlaylist' },
  },
  states: {
    idle: {
      description: 'Nobody signed in: favourites load after sign-in.',
      on: { LOAD: 'loading' },
    },
    ...loadingStates('loadFavourites', 'setAll'),
    ready: {
      description: 'The liked tracks and albums are known: hearts show filled where liked.',
      tags: ['ready'],
      initial: 'current',
      on: {
        LOAD: 'loading',
        ALBUM_LIKED: { target: '.reloadingAlbums', reenter: true, actions: 'markAlbum' },
        ALBUM_UNLIKED: { target: '.reloadingAlbums', reenter: true, actions: 'markAlbum' },
      },
      states: {
        current: { description: 'The liked lists are as the server last said.' },
        reloadingAlbums: {
          description:
            'An album was liked or unliked: the liked-album list is read again (docs/behaviour.md, Favourites); the change shows at once.',
          invoke: {
            id: 'loadFavouriteAlbums',
            src: 'loadFavouriteAlbums',
            onDone: { target: 'current', actions: { type: 'setAlbums', params: output } },
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
