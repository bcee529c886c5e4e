// One heart (docs/behaviour.md#favourites): idle → submitting → idle. While a submission is in flight a second toggle
// is refused (no double submission); the view shows the state being asked for meanwhile. On success
// the favourites store learns what changed (a new like goes to the front) and 添加喜欢成功 /
// 取消喜欢成功 shows; on failure the server's message shows and the heart is back as it was. Either
// way the store is then told the request has settled, so it can stop this actor (it owns them all).
import {
  assertEvent,
  assign,
  emit,
  sendTo,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type AnyEventObject,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import type { LikedPlaylist } from '@/shared/types';

export type FavouriteTarget =
  | { kind: 'track'; track: TrackInfo }
  | { kind: 'album'; albumId: string }
  | { kind: 'playlist'; playlist: LikedPlaylist };

/** the one toggle of a heart target: a track (by its key), an album or a playlist, wherever its hearts show */
export const heartIdOf = (target: FavouriteTarget): string =>
  target.kind === 'track'
    ? `heart:track:${trackKey(target.track)}`
    : target.kind === 'album'
      ? `heart:album:${target.albumId}`
      : `heart:playlist:${target.playlist.id}`;

/** what a toggle tells the favourites store: each accepted change, and that its request settled */
export type ToggleStoreEvent =
  | { type: 'TRACK_LIKED'; track: TrackInfo }
  | { type: 'TRACK_UNLIKED'; track: TrackIdentity }
  | { type: 'ALBUM_LIKED'; albumId: string }
  | { type: 'ALBUM_UNLIKED'; albumId: string }
  | { type: 'PLAYLIST_LIKED'; playlist: LikedPlaylist }
  | { type: 'PLAYLIST_UNLIKED'; playlistId: string }
  | { type: 'TOGGLE_SETTLED'; id: string };

export interface FavouriteToggleInput {
  target: FavouriteTarget;
  /** the favourites store, which owns this toggle and learns of each accepted change */
  store: ActorRef<Snapshot<unknown>, ToggleStoreEvent, AnyEventObject>;
}

export interface FavouriteToggleContext extends FavouriteToggleInput {
  /** what the submission in flight asks for: true = like */
  liking: boolean;
}

export type FavouriteToggleEvent = { type: 'TOGGLE'; liked: boolean };

export interface SubmitInput {
  target: FavouriteTarget;
  like: boolean;
}

const storeEvent = ({
  target,
  liking,
}: FavouriteToggleContext): Exclude<ToggleStoreEvent, { type: 'TOGGLE_SETTLED' }> => {
  if (target.kind === 'track')
    return liking ? { type: 'TRACK_LIKED', track: target.track } : { type: 'TRACK_UNLIKED', track: target.track };
  if (target.kind === 'album')
    return liking
      ? { type: 'ALBUM_LIKED', albumId: target.albumId }
      : { type: 'ALBUM_UNLIKED', albumId: target.albumId };
  return liking
    ? { type: 'PLAYLIST_LIKED', playlist: target.playlist }
    : { type: 'PLAYLIST_UNLIKED', playlistId: target.playlist.id };
};

export const favouriteToggleMachine = setup({
  types: {
    context: {} as FavouriteToggleContext,
    events: {} as FavouriteToggleEvent,
    input: {} as FavouriteToggleInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'busy',
  },
  actors: {
    submit: provideMe<void, SubmitInput>('favouriteToggle', 'submit'),
  },
  actions: {
    takeRequest: assign(({ event }) => {
      assertEvent(event, 'TOGGLE');
      return { liking: !event.liked };
    }),
    updateStore: sendTo(
      ({ context }) => context.store,
      ({ context }) => storeEvent(context),
    ),
    settled: sendTo(
      ({ context }) => context.store,
      ({ self }) => ({ type: 'TOGGLE_SETTLED' as const, id: self.id }),
    ),
    notifySucceeded: emit(({ context }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: context.liking ? text.favourites.added : text.favourites.removed,
    })),
    notifyFailed: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description: 'One heart (a track, an album or a playlist): a click asks the server to like or unlike it.',
  id: 'favouriteToggle',
  context: ({ input }) => ({ ...input, liking: false }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The heart shows whether the track, album or playlist is liked; a click toggles it.',
      on: { TOGGLE: { target: 'submitting', actions: 'takeRequest' } },
    },
    submitting: {
      description: 'One request at a time: TOGGLE is not accepted here, so a double click sends one request.',
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ target: context.target, like: context.liking }),
        onDone: { target: 'idle', actions: ['updateStore', 'notifySucceeded', 'settled'] },
        onError: { target: 'idle', actions: [{ type: 'notifyFailed', params: failure }, 'settled'] },
      },
    },
  },
});

export type FavouriteToggleRef = ActorRefFrom<typeof favouriteToggleMachine>;
export type FavouriteToggleSnapshot = SnapshotFrom<typeof favouriteToggleMachine>;
