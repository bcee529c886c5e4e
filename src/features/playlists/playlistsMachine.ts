// The user's playlists (spec 2.8, 2.9, 4.5): the list, the create dialog, the delete confirm and
// the 添加到播放列表 dialog (choose a list, or create one and add to it). Loaded after sign-in,
// forgotten on sign-out. A list changed elsewhere (its page edits, removes, reorders) is reported
// with PLAYLIST_SAVED so names and dates here stay current; every change this machine makes to a
// list is emitted as `playlistSaved` so an open page of that list shows it.
import { assertEvent, assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { Playlist, PlaylistFields, PlaylistInfo } from '@/shared/types';
import { cleanFields, playlistFormError } from './playlistForm';

export interface PlaylistsContext {
  playlists: PlaylistInfo[];
  formError: string | null;
  pendingDelete: PlaylistInfo | null;
  /** the tracks the 添加到播放列表 dialog adds; empty when it is closed */
  pendingTracks: TrackInfo[];
  /** the list the tracks are being added to */
  target: string | null;
}

export type PlaylistsEvent =
  | { type: 'LOAD' }
  | { type: 'RESET' }
  | { type: 'OPEN_CREATE' }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT_CREATE'; form: PlaylistFields }
  | { type: 'DELETE'; id: string }
  | { type: 'CONFIRM' }
  | { type: 'ADD_TRACKS'; tracks: TrackInfo[] }
  | { type: 'CHOOSE'; id: string }
  | { type: 'PLAYLIST_SAVED'; playlist: PlaylistInfo };

export type PlaylistSavedEvent = { type: 'playlistSaved'; playlist: Playlist };
export type PlaylistDeletedEvent = { type: 'playlistDeleted'; id: string };

export type PlaylistsTag = 'busy' | 'loading' | 'ready' | 'failed' | 'createDialog' | 'deleteDialog' | 'addDialog';

export interface AppendInput {
  id: string;
  tracks: TrackInfo[];
}

const infoOf = ({ items: _items, version: _version, ...info }: Playlist | (PlaylistInfo & { items?: unknown; version?: unknown })): PlaylistInfo => info;

export const playlistsMachine = setup({
  types: {
    context: {} as PlaylistsContext,
    events: {} as PlaylistsEvent,
    emitted: {} as NotifyEvent | PlaylistSavedEvent | PlaylistDeletedEvent,
    tags: {} as PlaylistsTag,
  },
  actors: {
    listPlaylists: provideMe<PlaylistInfo[]>('playlists', 'listPlaylists'),
    createPlaylist: provideMe<Playlist, PlaylistFields>('playlists', 'createPlaylist'),
    deletePlaylist: provideMe<void, { id: string }>('playlists', 'deletePlaylist'),
    appendTracks: provideMe<Playlist, AppendInput>('playlists', 'appendTracks'),
  },
  guards: {
    createFormInvalid: ({ event }) => {
      assertEvent(event, 'SUBMIT_CREATE');
      return playlistFormError(event.form) !== null;
    },
    known: ({ context, event }) => {
      assertEvent(event, ['DELETE', 'CHOOSE']);
      return context.playlists.some((p) => p.id === event.id);
    },
    hasTracks: ({ event }) => {
      assertEvent(event, 'ADD_TRACKS');
      return event.tracks.length > 0;
    },
    addingTracks: ({ context }) => context.pendingTracks.length > 0,
  },
  actions: {
    setPlaylists: assign((_, params: { playlists: PlaylistInfo[] }) => ({ playlists: params.playlists })),
    forgetAll: assign({ playlists: [], formError: null, pendingDelete: null, pendingTracks: [], target: null }),
    /** a new list goes last, as the server lists them */
    appendCreated: assign(({ context }, params: { playlist: Playlist }) => ({
      playlists: [...context.playlists, infoOf(params.playlist)],
      target: params.playlist.id,
    })),
    replaceInfo: assign(({ context }, params: { playlist: PlaylistInfo }) => ({
      playlists: context.playlists.map((p) => (p.id === params.playlist.id ? infoOf(params.playlist) : p)),
    })),
    showFormError: assign(({ event }) => {
      assertEvent(event, 'SUBMIT_CREATE');
      return { formError: playlistFormError(event.form) };
    }),
    clearFormError: assign({ formError: null }),
    setPendingDelete: assign(({ context, event }) => {
      assertEvent(event, 'DELETE');
      return { pendingDelete: context.playlists.find((p) => p.id === event.id) ?? null };
    }),
    removePending: assign(({ context }) => ({ playlists: context.playlists.filter((p) => p.id !== context.pendingDelete?.id) })),
    clearPendingDelete: assign({ pendingDelete: null }),
    setPendingTracks: assign(({ event }) => {
      assertEvent(event, 'ADD_TRACKS');
      return { pendingTracks: event.tracks, target: null };
    }),
    setTarget: assign(({ event }) => {
      assertEvent(event, 'CHOOSE');
      return { target: event.id };
    }),
    clearPendingTracks: assign({ pendingTracks: [], target: null }),
    announceSaved: emit((_, params: { playlist: Playlist }) => ({ type: 'playlistSaved' as const, playlist: params.playlist })),
    announceDeleted: emit(({ context }) => ({ type: 'playlistDeleted' as const, id: context.pendingDelete?.id ?? '' })),
    notifyAdded: emit({ type: 'notify', severity: 'success', message: text.playlist.added }),
    notifyError: emit((_, params: { error: unknown }) => ({ type: 'notify' as const, severity: 'error' as const, message: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'playlists',
  context: { playlists: [], formError: null, pendingDelete: null, pendingTracks: [], target: null },
  initial: 'idle',
  on: {
    RESET: { target: '.idle', actions: 'forgetAll' },
    PLAYLIST_SAVED: { actions: { type: 'replaceInfo', params: ({ event }) => ({ playlist: event.playlist }) } },
  },
  states: {
    idle: {
      description: 'Nobody signed in: the lists load after sign-in.',
      tags: ['loading'],
      on: { LOAD: 'loading' },
    },
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'listPlaylists',
        src: 'listPlaylists',
        onDone: { target: 'ready', actions: { type: 'setPlaylists', params: ({ event }) => ({ playlists: event.output }) } },
        onError: { target: 'failed', actions: { type: 'notifyError', params: failure } },
      },
    },
    failed: {
      tags: ['failed'],
      on: { LOAD: 'loading' },
    },
    ready: {
      tags: ['ready'],
      // LOAD is not taken here: a dialog or a request in flight would lose its state
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            OPEN_CREATE: { target: 'createDialog', actions: 'clearFormError' },
            DELETE: { guard: 'known', target: 'confirmingDelete', actions: 'setPendingDelete' },
            ADD_TRACKS: { guard: 'hasTracks', target: 'addDialog', actions: 'setPendingTracks' },
          },
        },
        createDialog: {
          description: 'Creating a list; opened from the add dialog, the tracks are added to the new list.',
          tags: ['createDialog'],
          on: {
            CLOSE: [{ guard: 'addingTracks', target: 'addDialog' }, { target: 'browsing' }],
            SUBMIT_CREATE: [
              { guard: 'createFormInvalid', actions: 'showFormError' },
              { target: 'creating', actions: 'clearFormError' },
            ],
          },
        },
        creating: {
          tags: ['busy', 'createDialog'],
          invoke: {
            id: 'createPlaylist',
            src: 'createPlaylist',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT_CREATE');
              return cleanFields(event.form);
            },
            onDone: [
              {
                guard: 'addingTracks',
                target: 'appending',
                actions: { type: 'appendCreated', params: ({ event }) => ({ playlist: event.output }) },
              },
              { target: 'browsing', actions: { type: 'appendCreated', params: ({ event }) => ({ playlist: event.output }) } },
            ],
            onError: { target: 'createDialog', actions: { type: 'notifyError', params: failure } },
          },
        },
        addDialog: {
          tags: ['addDialog'],
          on: {
            CLOSE: { target: 'browsing', actions: 'clearPendingTracks' },
            CHOOSE: { guard: 'known', target: 'appending', actions: 'setTarget' },
            OPEN_CREATE: { target: 'createDialog', actions: 'clearFormError' },
          },
        },
        appending: {
          tags: ['busy', 'addDialog'],
          invoke: {
            id: 'appendTracks',
            src: 'appendTracks',
            input: ({ context }) => ({ id: context.target ?? '', tracks: context.pendingTracks }),
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'replaceInfo', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'announceSaved', params: ({ event }) => ({ playlist: event.output }) },
                'notifyAdded',
                'clearPendingTracks',
              ],
            },
            onError: { target: 'addDialog', actions: { type: 'notifyError', params: failure } },
          },
        },
        confirmingDelete: {
          tags: ['deleteDialog'],
          on: { CONFIRM: 'deleting', CLOSE: { target: 'browsing', actions: 'clearPendingDelete' } },
        },
        deleting: {
          tags: ['busy', 'deleteDialog'],
          invoke: {
            id: 'deletePlaylist',
            src: 'deletePlaylist',
            input: ({ context }) => ({ id: context.pendingDelete?.id ?? '' }),
            onDone: { target: 'browsing', actions: ['removePending', 'announceDeleted', 'clearPendingDelete'] },
            onError: { target: 'browsing', actions: [{ type: 'notifyError', params: failure }, 'clearPendingDelete'] },
          },
        },
      },
    },
  },
});

export type PlaylistsRef = ActorRefFrom<typeof playlistsMachine>;
export type PlaylistsSnapshot = SnapshotFrom<typeof playlistsMachine>;
