// One playlist's page (docs/behaviour.md#other-pages, #playlists): load it, edit its info (owner only: 修改播放列表信息), remove an
// item (删除成功), move an item up or down. Every change the server accepted is told to its owner (the
// playlists store, which spawns the page) as PLAYLIST_SAVED, so the list of playlists shows the new
// name and date; the store tells it REPLACED when tracks are added to this list. A move shows at once and
// goes back if the server refuses it. A change made on a list that another tab or device has changed
// since is refused by our server: the page says so and loads the list afresh.
import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type AnyEventObject,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { errorMessage, isApiError } from '@/services/api/errors';
import { STATUS_PLAYLIST_CHANGED } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { Playlist, PlaylistFields } from '@/shared/types';
import { cleanFields, playlistFormError } from './forms';

/** what the page tells its owner: a change the server accepted */
export type PlaylistSavedEvent = { type: 'PLAYLIST_SAVED'; playlist: Playlist };

export interface PlaylistInput {
  id: string;
  /** the playlists store that spawned the page (none when a test runs the page alone) */
  owner?: ActorRef<Snapshot<unknown>, PlaylistSavedEvent, AnyEventObject>;
}

export interface PlaylistContext {
  id: string;
  owner: PlaylistInput['owner'] | null;
  playlist: Playlist | null;
  /** why the load failed (the server's message), shown on the page */
  error: string | null;
  formError: string | null;
  /** the list as it was before a move the server has not accepted yet */
  beforeMove: Playlist | null;
}

export type PlaylistEvent =
  | { type: 'RETRY' }
  | { type: 'OPEN_EDIT' }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT_EDIT'; form: PlaylistFields }
  | { type: 'REMOVE_ITEM'; itemId: string }
  | { type: 'MOVE_ITEM'; itemId: string; by: -1 | 1 }
  /** the same list changed elsewhere (tracks added through the add dialog) */
  | { type: 'REPLACED'; playlist: Playlist };

export type PlaylistTag = 'busy' | 'loading' | 'ready' | 'failed' | 'editDialog';

/** a change is sent with the version of the list it was made on */
export interface UpdateInfoInput {
  id: string;
  fields: PlaylistFields;
  version: string | null;
}
export interface ReorderInput {
  id: string;
  order: string[];
  version: string | null;
}

/** refused because the list changed elsewhere since it was read: say so and load it afresh */
const changedElsewhere = {
  guard: { type: 'isChangedElsewhere', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  target: '#playlist.loading',
  // the page loads as it did when opened: the stale list (and a move shown on it) is gone
  actions: ['forgetPlaylist', { type: 'notifyMessage', params: { message: text.playlist.changedElsewhere } }],
} as const;

/** the items' ids after moving `itemId` by one place; null when it cannot move that way */
export function movedOrder(playlist: Playlist, itemId: string, by: -1 | 1): string[] | null {
  const ids = playlist.items.map((i) => i.id);
  const from = ids.indexOf(itemId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

function reordered(playlist: Playlist, order: readonly string[]): Playlist {
  const byId = new Map(playlist.items.map((i) => [i.id, i]));
  return { ...playlist, items: order.map((id) => byId.get(id)!) };
}

export const playlistMachine = setup({
  types: {
    context: {} as PlaylistContext,
    events: {} as PlaylistEvent,
    input: {} as PlaylistInput,
    emitted: {} as NotifyEvent,
    tags: {} as PlaylistTag,
  },
  actors: {
    loadPlaylist: provideMe<Playlist, { id: string }>('playlist', 'loadPlaylist'),
    updateInfo: provideMe<Playlist, UpdateInfoInput>('playlist', 'updateInfo'),
    removeItem: provideMe<Playlist, { id: string; itemId: string }>('playlist', 'removeItem'),
    reorder: provideMe<Playlist, ReorderInput>('playlist', 'reorder'),
  },
  guards: {
    isChangedElsewhere: (_, params: { error: unknown }) => isApiError(params.error, STATUS_PLAYLIST_CHANGED),
    editFormInvalid: ({ event }) => {
      assertEvent(event, 'SUBMIT_EDIT');
      return playlistFormError(event.form) !== null;
    },
    hasItem: ({ context, event }) => {
      assertEvent(event, 'REMOVE_ITEM');
      return context.playlist?.items.some((i) => i.id === event.itemId) ?? false;
    },
    canMove: ({ context, event }) => {
      assertEvent(event, 'MOVE_ITEM');
      return context.playlist !== null && movedOrder(context.playlist, event.itemId, event.by) !== null;
    },
    sameList: ({ context, event }) => {
      assertEvent(event, 'REPLACED');
      return event.playlist.id === context.id;
    },
  },
  actions: {
    setPlaylist: assign((_, params: { playlist: Playlist }) => ({
      playlist: params.playlist,
      error: null,
      beforeMove: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    // the server's newer list: a move refused later must not bring back the list from before it
    takeReplacement: assign(({ event }) => {
      assertEvent(event, 'REPLACED');
      return { playlist: event.playlist, beforeMove: null };
    }),
    showFormError: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_EDIT');
      return { formError: playlistFormError(event.form) };
    }),
    clearFormError: assign({ formError: null }),
    moveNow: assign(({ context, event }) => {
      assertEvent(event, 'MOVE_ITEM');
      const order = context.playlist && movedOrder(context.playlist, event.itemId, event.by);
      if (!context.playlist || !order) return {};
      return { beforeMove: context.playlist, playlist: reordered(context.playlist, order) };
    }),
    forgetPlaylist: assign({ playlist: null, beforeMove: null }),
    undoMove: assign(({ context }) => ({ playlist: context.beforeMove ?? context.playlist, beforeMove: null })),
    announceSaved: enqueueActions(({ context, enqueue }, params: { playlist: Playlist }) => {
      if (context.owner) enqueue.sendTo(context.owner, { type: 'PLAYLIST_SAVED', playlist: params.playlist });
    }),
    notify: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: params.message,
    })),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
    notifyMessage: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: params.message,
    })),
  },
}).createMachine({
  description: "One playlist's page (/playlist/{id}): its tracks, its info dialog, removing and moving items.",
  id: 'playlist',
  context: ({ input }) => ({
    id: input.id,
    owner: input.owner ?? null,
    playlist: null,
    error: null,
    formError: null,
    beforeMove: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The playlist loads: the page shows a spinner.',
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadPlaylist',
        src: 'loadPlaylist',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: { type: 'setPlaylist', params: ({ event }) => ({ playlist: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: failure },
            { type: 'notifyError', params: failure },
          ],
        },
      },
    },
    failed: {
      description: 'Not found, not allowed (a private list of another user) or unreachable: the page says why.',
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    ready: {
      description: "The playlist's name, description and tracks show.",
      tags: ['ready'],
      initial: 'viewing',
      on: { REPLACED: { guard: 'sameList', actions: 'takeReplacement' } },
      states: {
        viewing: {
          description: 'The playlist shows, no dialog open and nothing being saved.',
          on: {
            OPEN_EDIT: { target: 'editDialog', actions: 'clearFormError' },
            REMOVE_ITEM: { guard: 'hasItem', target: 'removing' },
            MOVE_ITEM: { guard: 'canMove', target: 'moving', actions: 'moveNow' },
          },
        },
        editDialog: {
          description: 'The 修改播放列表信息 dialog is open (名称, 说明, 是否公开).',
          tags: ['editDialog'],
          on: {
            CLOSE: 'viewing',
            SUBMIT_EDIT: [
              { guard: 'editFormInvalid', actions: 'showFormError' },
              { target: 'saving', actions: 'clearFormError' },
            ],
          },
        },
        saving: {
          description: '确定 was pressed in the info dialog: the server saves the name, description and visibility.',
          tags: ['busy', 'editDialog'],
          invoke: {
            id: 'updateInfo',
            src: 'updateInfo',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT_EDIT');
              return { id: context.id, fields: cleanFields(event.form), version: context.playlist?.version ?? null };
            },
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'setPlaylist', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'announceSaved', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'notify', params: { message: text.playlist.editSucceeded } },
              ],
            },
            onError: [changedElsewhere, { target: 'editDialog', actions: { type: 'notifyError', params: failure } }],
          },
        },
        removing: {
          description: '从播放列表移除 was chosen: the server removes the item (then 删除成功).',
          tags: ['busy'],
          invoke: {
            id: 'removeItem',
            src: 'removeItem',
            input: ({ context, event }) => {
              assertEvent(event, 'REMOVE_ITEM');
              return { id: context.id, itemId: event.itemId };
            },
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'setPlaylist', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'announceSaved', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'notify', params: { message: text.itemRemoved } },
              ],
            },
            onError: { target: 'viewing', actions: { type: 'notifyError', params: failure } },
          },
        },
        moving: {
          description: 'The move shows at once; the whole order is sent (reorder) and undone if refused.',
          tags: ['busy'],
          invoke: {
            id: 'reorder',
            src: 'reorder',
            // the version of the list before the move shown at once: what the move was made on
            input: ({ context }) => ({
              id: context.id,
              order: context.playlist?.items.map((i) => i.id) ?? [],
              version: (context.beforeMove ?? context.playlist)?.version ?? null,
            }),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'setPlaylist', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'announceSaved', params: ({ event }) => ({ playlist: event.output }) },
              ],
            },
            onError: [
              changedElsewhere,
              { target: 'viewing', actions: ['undoMove', { type: 'notifyError', params: failure }] },
            ],
          },
        },
      },
    },
  },
});

export type PlaylistRef = ActorRefFrom<typeof playlistMachine>;
export type PlaylistSnapshot = SnapshotFrom<typeof playlistMachine>;
