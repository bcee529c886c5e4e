// The user's playlists (docs/behaviour.md#other-pages, #dialogs, #playlists): the list, the create dialog, the delete confirm and
// the 添加到播放列表 dialog (choose a list, or create one and add to it). Loaded after sign-in,
// forgotten on sign-out. It owns the open playlist page's actor: OPEN_PAGE spawns it (one page at a
// time), CLOSE_PAGE stops it. The page reports what its owner accepted (edits, removes, reorders)
// with PLAYLIST_SAVED so names and dates here stay current; tracks this machine adds to the open
// page's list are sent to the page as REPLACED so it shows them.
import { assertEvent, assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { failure, loadingStates, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { Playlist, PlaylistFields, PlaylistInfo } from '@/shared/types';
import { cleanFields, playlistFormError } from './forms';
import { playlistMachine, type PlaylistRef } from './playlistMachine';

export interface PlaylistsContext {
  playlists: PlaylistInfo[];
  formError: string | null;
  pendingDelete: PlaylistInfo | null;
  /** the tracks the 添加到播放列表 dialog adds; empty when it is closed */
  pendingTracks: TrackInfo[];
  /** the list the tracks are being added to */
  target: string | null;
  /** the open playlist page (/playlist/{id}) and its list's id */
  page: { id: string; actor: PlaylistRef } | null;
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
  | { type: 'PLAYLIST_SAVED'; playlist: PlaylistInfo }
  /** a list made on another page (智能歌单's 保存为歌单) */
  | { type: 'PLAYLIST_ADDED'; playlist: PlaylistInfo }
  | { type: 'OPEN_PAGE'; id: string }
  | { type: 'CLOSE_PAGE'; id: string };

export type PlaylistDeletedEvent = { type: 'playlistDeleted'; id: string };

export type PlaylistsTag = 'busy' | 'loading' | 'ready' | 'failed' | 'createDialog' | 'deleteDialog' | 'addDialog';

export interface AppendInput {
  id: string;
  tracks: TrackInfo[];
}

const infoOf = ({
  items: _items,
  version: _version,
  ...info
}: Playlist | (PlaylistInfo & { items?: unknown; version?: unknown })): PlaylistInfo => info;

export const playlistsMachine = setup({
  types: {
    context: {} as PlaylistsContext,
    events: {} as PlaylistsEvent,
    emitted: {} as NotifyEvent | PlaylistDeletedEvent,
    tags: {} as PlaylistsTag,
  },
  actors: {
    playlistPage: playlistMachine,
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
    setPlaylists: assign((_, playlists: PlaylistInfo[]) => ({ playlists })),
    forgetAll: assign({ playlists: [], formError: null, pendingDelete: null, pendingTracks: [], target: null }),
    /** a new list goes last, as the server lists them */
    appendCreated: assign(({ context }, params: { playlist: Playlist }) => ({
      playlists: [...context.playlists, infoOf(params.playlist)],
      target: params.playlist.id,
    })),
    // a list made elsewhere (智能歌单's 保存为歌单) is not listed yet: it comes first, as a new one does
    addMadeElsewhere: assign(({ context }, params: { playlist: PlaylistInfo }) => ({
      playlists: context.playlists.some((p) => p.id === params.playlist.id)
        ? context.playlists
        : [infoOf(params.playlist), ...context.playlists],
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
    removePending: assign(({ context }) => ({
      playlists: context.playlists.filter((p) => p.id !== context.pendingDelete?.id),
    })),
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
    /** the open page of that list shows the tracks added */
    tellPage: enqueueActions(({ context, enqueue }, params: { playlist: Playlist }) => {
      if (context.page?.id === params.playlist.id)
        enqueue.sendTo(context.page.actor, { type: 'REPLACED', playlist: params.playlist });
    }),
    openPage: enqueueActions(({ context, event, enqueue, self }) => {
      assertEvent(event, 'OPEN_PAGE');
      if (context.page?.id === event.id) return;
      if (context.page) enqueue.stopChild(context.page.actor);
      enqueue.assign(({ spawn }) => ({
        page: {
          id: event.id,
          actor: spawn('playlistPage', { id: `playlistPage:${event.id}`, input: { id: event.id, owner: self } }),
        },
      }));
    }),
    closePage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'CLOSE_PAGE');
      if (context.page?.id !== event.id) return;
      enqueue.stopChild(context.page.actor);
      enqueue.assign({ page: null });
    }),
    announceDeleted: emit(({ context }) => ({ type: 'playlistDeleted' as const, id: context.pendingDelete?.id ?? '' })),
    notifyAdded: emit({ type: 'notify', severity: 'success', message: text.playlist.added }),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description:
    "The user's playlists: the 播放列表 page, the 创建播放列表 dialog, the delete confirmation and the 添加到播放列表 dialog.",
  id: 'playlists',
  context: { playlists: [], formError: null, pendingDelete: null, pendingTracks: [], target: null, page: null },
  initial: 'idle',
  on: {
    // the page is the view's to close: a sign-out leaves the route, which closes it
    RESET: { target: '.idle', actions: 'forgetAll' },
    OPEN_PAGE: {
      description:
        "A playlist's page opened: its actor is spawned here (one page at a time), so the page and this store talk inside the system.",
      actions: 'openPage',
    },
    CLOSE_PAGE: { description: 'The page left: its actor is stopped.', actions: 'closePage' },
    PLAYLIST_SAVED: { actions: { type: 'replaceInfo', params: ({ event }) => ({ playlist: event.playlist }) } },
  },
  states: {
    idle: {
      description: 'Nobody signed in: the lists load after sign-in.',
      tags: ['loading'],
      on: { LOAD: 'loading' },
    },
    ...loadingStates('listPlaylists', 'setPlaylists'),
    ready: {
      description: 'The playlists are listed.',
      tags: ['ready'],
      on: {
        PLAYLIST_ADDED: {
          description: 'A list made on another page (智能歌单: 保存为歌单) is listed first, as a new one.',
          actions: { type: 'addMadeElsewhere', params: ({ event }) => ({ playlist: event.playlist }) },
        },
      },
      // LOAD is not taken here: a dialog or a request in flight would lose its state
      initial: 'browsing',
      states: {
        browsing: {
          description: 'The list of playlists, no dialog open.',
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
          description: 'The new playlist is being created by the server.',
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
              {
                target: 'browsing',
                actions: { type: 'appendCreated', params: ({ event }) => ({ playlist: event.output }) },
              },
            ],
            onError: { target: 'createDialog', actions: { type: 'notifyError', params: failure } },
          },
        },
        addDialog: {
          description: 'The 添加到播放列表 dialog lists the playlists to choose from.',
          tags: ['addDialog'],
          on: {
            CLOSE: { target: 'browsing', actions: 'clearPendingTracks' },
            CHOOSE: { guard: 'known', target: 'appending', actions: 'setTarget' },
            OPEN_CREATE: { target: 'createDialog', actions: 'clearFormError' },
          },
        },
        appending: {
          description: 'A playlist was chosen: the server adds the tracks to it (then 添加成功).',
          tags: ['busy', 'addDialog'],
          invoke: {
            id: 'appendTracks',
            src: 'appendTracks',
            input: ({ context }) => ({ id: context.target ?? '', tracks: context.pendingTracks }),
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'replaceInfo', params: ({ event }) => ({ playlist: event.output }) },
                { type: 'tellPage', params: ({ event }) => ({ playlist: event.output }) },
                'notifyAdded',
                'clearPendingTracks',
              ],
            },
            onError: { target: 'addDialog', actions: { type: 'notifyError', params: failure } },
          },
        },
        confirmingDelete: {
          description: 'The 删除播放列表确认 dialog asks whether to delete the playlist.',
          tags: ['deleteDialog'],
          on: { CONFIRM: 'deleting', CLOSE: { target: 'browsing', actions: 'clearPendingDelete' } },
        },
        deleting: {
          description: 'The deletion was confirmed: the server deletes the playlist.',
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

export type PlaylistsSnapshot = SnapshotFrom<typeof playlistsMachine>;
