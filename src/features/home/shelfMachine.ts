// One shelf of 主页 (docs/behaviour.md#home): its albums load on their own, so a shelf that fails
// shows its own error and 重试 while the others stay; a shelf with nothing to show is left out. A
// sync, a like or going offline loads it again with what it shows kept; 随便听听's 换一批 draws
// again with a new seed. A cover's play button reads that album's tracks and hands them to the
// player (`play`), or says why nothing plays. content: loading → shown | empty | failed, shown ⇄
// reloading; start: idle ⇄ starting.
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';

/** one cover of a shelf */
export interface ShelfAlbum {
  album: AlbumInfo;
  /** through the library that serves it; null when none does */
  cover: string | null;
  /** whether it can play here and now (a library holds it, or offline: its tracks are kept) */
  playable: boolean;
}

export interface ShelfContext {
  albums: ShelfAlbum[] | null;
  error: string | null;
  /** 随便听听's draw */
  seed: number;
  /** the album whose tracks are being read to play */
  starting: string | null;
}

export interface ShelfInput {
  seed: number;
}

export type ShelfEvent =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'RESHUFFLE'; seed: number }
  | { type: 'PLAY_ALBUM'; albumId: string };

/** the tracks of a cover's album that can play, in order: for the player's queue */
export type PlayEvent = { type: 'play'; tracks: TrackInfo[] };

export type ShelfTag = 'busy' | 'shown' | 'starting';

const shelfSetup = setup({
  types: {
    context: {} as ShelfContext,
    events: {} as ShelfEvent,
    input: {} as ShelfInput,
    emitted: {} as NotifyEvent | PlayEvent,
    tags: {} as ShelfTag,
  },
  actors: {
    loadShelf: provideMe<ShelfAlbum[], { seed: number }>('shelf', 'loadShelf'),
    albumTracks: provideMe<TrackInfo[], { albumId: string }>('shelf', 'albumTracks'),
  },
  guards: {
    nothingToShow: (_, params: { albums: ShelfAlbum[] }) => params.albums.length === 0,
    nothingToPlay: (_, params: { tracks: TrackInfo[] }) => params.tracks.length === 0,
  },
  actions: {
    setAlbums: assign((_, params: { albums: ShelfAlbum[] }) => ({ albums: params.albums, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    setSeed: assign((_, params: { seed: number }) => ({ seed: params.seed })),
    setStarting: assign((_, params: { albumId: string }) => ({ starting: params.albumId })),
    clearStarting: assign({ starting: null }),
    play: emit((_, params: { tracks: TrackInfo[] }) => ({ type: 'play' as const, tracks: params.tracks })),
    notifyNothingToPlay: emit({ type: 'notify', severity: 'error', message: text.home.noTracks }),
    notifyStartFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
});

const loaded = [
  {
    description: 'Nothing to show: the shelf is left out.',
    guard: {
      type: 'nothingToShow',
      params: ({ event }: { event: { output: ShelfAlbum[] } }) => ({ albums: event.output }),
    },
    target: 'empty',
    actions: {
      type: 'setAlbums',
      params: ({ event }: { event: { output: ShelfAlbum[] } }) => ({ albums: event.output }),
    },
  },
  {
    target: 'shown',
    actions: {
      type: 'setAlbums',
      params: ({ event }: { event: { output: ShelfAlbum[] } }) => ({ albums: event.output }),
    },
  },
] as const;

function defineShelf(id: string) {
  return shelfSetup.createMachine({
    id,
    description: 'One shelf of 主页: a row of covers that loads, fails and plays on its own.',
    context: ({ input }) => ({ albums: null, error: null, seed: input.seed, starting: null }),
    type: 'parallel',
    states: {
      content: {
        description: 'What the shelf shows: its placeholder, its covers, why it failed, or nothing at all.',
        initial: 'loading',
        states: {
          loading: {
            description: 'The shelf shows its placeholder while its albums are read.',
            tags: ['busy'],
            invoke: {
              id: 'loadShelf',
              src: 'loadShelf',
              input: ({ context }) => ({ seed: context.seed }),
              onDone: loaded,
              onError: {
                target: 'failed',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          shown: {
            description: 'The covers show.',
            tags: ['shown'],
            on: {
              RELOAD: 'reloading',
              RESHUFFLE: {
                description: '换一批: another draw.',
                target: 'reloading',
                actions: { type: 'setSeed', params: ({ event }) => ({ seed: event.seed }) },
              },
            },
          },
          reloading: {
            description:
              'What the shelf reads changed (a sync, a like, offline): the covers stay while it reads again.',
            tags: ['busy', 'shown'],
            on: {
              RELOAD: { description: 'Changed again meanwhile: it reads again.', target: 'reloading', reenter: true },
              RESHUFFLE: {
                target: 'reloading',
                reenter: true,
                actions: { type: 'setSeed', params: ({ event }) => ({ seed: event.seed }) },
              },
            },
            invoke: {
              id: 'loadShelf',
              src: 'loadShelf',
              input: ({ context }) => ({ seed: context.seed }),
              onDone: loaded,
              // what was shown stays: the next change reads again
              onError: 'shown',
            },
          },
          empty: {
            description: 'Nothing to show: the shelf is not on the page until a change brings albums.',
            on: { RELOAD: 'loading' },
          },
          failed: {
            description: 'The shelf says why it could not load, with 重试; the other shelves stay.',
            on: {
              RETRY: { description: '重试', target: 'loading', actions: assign({ error: null }) },
              RELOAD: { target: 'loading', actions: assign({ error: null }) },
            },
          },
        },
      },
      start: {
        description: "A cover's play button, apart from what the shelf shows: a shelf reading again can still play.",
        initial: 'idle',
        states: {
          idle: {
            description: "No album is starting: a cover's play button reads that album's tracks.",
            on: {
              PLAY_ALBUM: {
                description: "A cover's play button: the album's tracks are read.",
                target: 'starting',
                actions: { type: 'setStarting', params: ({ event }) => ({ albumId: event.albumId }) },
              },
            },
          },
          starting: {
            description: "The album's tracks are read, then played from the first.",
            tags: ['starting'],
            on: {
              PLAY_ALBUM: {
                description: 'Another cover pressed meanwhile: that album plays instead.',
                target: 'starting',
                reenter: true,
                actions: { type: 'setStarting', params: ({ event }) => ({ albumId: event.albumId }) },
              },
            },
            invoke: {
              id: 'albumTracks',
              src: 'albumTracks',
              input: ({ context }) => ({ albumId: context.starting ?? '' }),
              onDone: [
                {
                  description: 'No track of it can play: it says so.',
                  guard: { type: 'nothingToPlay', params: ({ event }) => ({ tracks: event.output }) },
                  target: 'idle',
                  actions: ['clearStarting', 'notifyNothingToPlay'],
                },
                {
                  target: 'idle',
                  actions: ['clearStarting', { type: 'play', params: ({ event }) => ({ tracks: event.output }) }],
                },
              ],
              onError: {
                target: 'idle',
                actions: [
                  'clearStarting',
                  { type: 'notifyStartFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
        },
      },
    },
  });
}

/** The shelf the registry walks and the tests drive. */
export const shelfMachine = defineShelf('shelf');

const named = new Map<string, typeof shelfMachine>();

/** one shelf by name (`recentlyAdded` → actor `recentlyAddedShelf`), so the inspector tells the shelves apart */
export function namedShelf(name: string): typeof shelfMachine {
  let machine = named.get(name);
  if (!machine) {
    machine = defineShelf(`${name}Shelf`);
    named.set(name, machine);
  }
  return machine;
}

export type ShelfRef = ActorRefFrom<typeof shelfMachine>;
export type ShelfSnapshot = SnapshotFrom<typeof shelfMachine>;
