// The share wizard (docs/behaviour.md#dialogs, #sharing, #form-checks, docs/protocol.md#shares): a form (name, description, the tracks
// to share, all selected at start), validated in the spec's order (请填写完整信息, then
// 请选择要分享的歌曲), the credential per album chosen (无可用于分享的Token when an album has none),
// the share created, then the success dialog (分享成功) with the link, copy and native share.
// A failure goes back to the form with everything kept.
import { assertEvent, assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { failure, provideMe } from '@/shared/machines';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { NewShare, PlaylistCover } from '@/shared/types';
import { shareFormError } from './forms';

export interface ShareWizardInput {
  /** what can be shared, in order */
  tracks: TrackInfo[];
  cover: PlaylistCover;
  /** a starting name (the album's or the list's) */
  name?: string;
  /** what a route is written after in a link: the origin, plus `/#` where addresses are hash
   * addresses (services/addresses.ts); the link is {linkBase}/s/{id} */
  linkBase: string;
}

export interface ShareWizardContext {
  tracks: TrackInfo[];
  cover: PlaylistCover;
  linkBase: string;
  name: string;
  description: string;
  /** keys of the chosen tracks */
  selected: string[];
  formError: string | null;
  /** album id → credential id, once chosen */
  albums: Record<string, string>;
  link: string | null;
}

export type ShareWizardEvent =
  | { type: 'EDIT'; name: string; description: string }
  | { type: 'TOGGLE_TRACK'; key: string }
  | { type: 'SELECT_ALL' }
  | { type: 'CLEAR_ALL' }
  | { type: 'SUBMIT' }
  | { type: 'COPY' }
  | { type: 'NATIVE_SHARE' }
  | { type: 'CONFIRM' };

export type ShareWizardTag = 'busy' | 'form' | 'succeeded';

/** thrown by `chooseCredentials` when some album has no credential that may share it */
export class NoShareTokenError extends Error {
  override readonly name = 'NoShareTokenError';
  constructor() {
    super(text.share.noToken);
  }
}

/** the chosen tracks, grouped by disc in their order (ExportedPlaylist songs) */
export function songsOf(tracks: readonly TrackInfo[], selected: readonly string[]): NewShare['songs'] {
  const chosen = new Set(selected);
  const songs: NewShare['songs'] = [];
  for (const track of tracks) {
    if (!chosen.has(trackKey(track))) continue;
    const last = songs.at(-1);
    if (last && last.albumId === track.albumId && last.discId === track.discId) last.tracks.push(track.trackId);
    else songs.push({ albumId: track.albumId, discId: track.discId, tracks: [track.trackId] });
  }
  return songs;
}

export const shareWizardMachine = setup({
  types: {
    context: {} as ShareWizardContext,
    events: {} as ShareWizardEvent,
    input: {} as ShareWizardInput,
    emitted: {} as NotifyEvent,
    tags: {} as ShareWizardTag,
  },
  actors: {
    /** album ids → credential id per album; rejects with NoShareTokenError when one has none */
    chooseCredentials: provideMe<Record<string, string>, { albumIds: string[] }>('shareWizard', 'chooseCredentials'),
    createShare: provideMe<string, NewShare>('shareWizard', 'createShare'),
    copyLink: provideMe<void, { link: string }>('shareWizard', 'copyLink'),
    nativeShare: provideMe<void, { link: string; title: string }>('shareWizard', 'nativeShare'),
  },
  guards: {
    formInvalid: ({ context }) => shareFormError(context) !== null,
  },
  actions: {
    edit: assign(({ event }) => {
      assertEvent(event, 'EDIT');
      return { name: event.name, description: event.description };
    }),
    toggleTrack: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_TRACK');
      // a key that is none of the tracks chooses nothing
      if (!context.tracks.some((t) => trackKey(t) === event.key)) return {};
      const on = context.selected.includes(event.key);
      return { selected: on ? context.selected.filter((k) => k !== event.key) : [...context.selected, event.key] };
    }),
    selectAll: assign(({ context }) => ({ selected: context.tracks.map(trackKey) })),
    clearAll: assign({ selected: [] }),
    showFormError: assign(({ context }) => ({ formError: shareFormError(context) })),
    clearFormError: assign({ formError: null }),
    setFailure: assign((_, params: { error: unknown }) => ({ formError: errorMessage(params.error) })),
    setAlbums: assign((_, params: { albums: Record<string, string> }) => ({ albums: params.albums })),
    setLink: assign(({ context }, params: { id: string }) => ({
      link: `${context.linkBase}/s/${encodeURIComponent(params.id)}`,
    })),
    notify: emit((_, params: { severity: 'success' | 'error'; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  description: 'The 分享 dialog: name, description and tracks, then the link to copy or share.',
  id: 'shareWizard',
  context: ({ input }) => ({
    tracks: input.tracks,
    cover: input.cover,
    linkBase: input.linkBase,
    name: input.name ?? '',
    description: '',
    selected: input.tracks.map(trackKey),
    formError: null,
    albums: {},
    link: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form shows 分享名称, 分享描述 and the tracks to share (all ticked at start).',
      tags: ['form'],
      on: {
        EDIT: { actions: 'edit' },
        TOGGLE_TRACK: { actions: 'toggleTrack' },
        SELECT_ALL: { actions: 'selectAll' },
        CLEAR_ALL: { actions: 'clearAll' },
        SUBMIT: 'validating',
      },
    },
    validating: {
      description: 'The form is checked: 请填写完整信息 or 请选择要分享的歌曲 when something is missing.',
      tags: ['form'],
      always: [
        { guard: 'formInvalid', target: 'editing', actions: 'showFormError' },
        { target: 'choosingCredentials', actions: 'clearFormError' },
      ],
    },
    choosingCredentials: {
      description: 'Per album, the highest-priority credential that may share it (docs/protocol.md, Shares, step 1).',
      tags: ['form', 'busy'],
      invoke: {
        id: 'chooseCredentials',
        src: 'chooseCredentials',
        input: ({ context }) => ({
          albumIds: [...new Set(songsOf(context.tracks, context.selected).map((s) => s.albumId))],
        }),
        onDone: {
          target: 'submitting',
          actions: { type: 'setAlbums', params: ({ event }) => ({ albums: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    submitting: {
      description: 'The server creates the share.',
      tags: ['form', 'busy'],
      invoke: {
        id: 'createShare',
        src: 'createShare',
        input: ({ context }) => ({
          name: context.name.trim(),
          description: context.description.trim(),
          cover: context.cover,
          songs: songsOf(context.tracks, context.selected),
          albums: context.albums,
        }),
        // the success dialog (分享成功) says it; no toast over it
        onDone: { target: 'succeeded', actions: { type: 'setLink', params: ({ event }) => ({ id: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    failed: {
      description: 'The message shows in the form; everything typed and chosen is kept.',
      tags: ['form'],
      entry: {
        type: 'notify',
        params: ({ context }) => ({ severity: 'error' as const, message: context.formError ?? text.errors.unknown }),
      },
      always: 'editing',
    },
    succeeded: {
      description: 'The 分享成功 dialog shows the 分享链接 with 复制 and share buttons.',
      tags: ['succeeded'],
      on: {
        COPY: 'copying',
        NATIVE_SHARE: 'sharing',
        CONFIRM: 'done',
      },
    },
    copying: {
      description: 'The link is being copied to the clipboard (then 复制成功).',
      tags: ['succeeded', 'busy'],
      invoke: {
        id: 'copyLink',
        src: 'copyLink',
        input: ({ context }) => ({ link: context.link ?? '' }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'notify', params: { severity: 'success', message: text.share.copySucceeded } },
        },
        onError: { target: 'succeeded', actions: { type: 'notifyError', params: failure } },
      },
    },
    sharing: {
      description: "The browser's own share sheet is open with the link.",
      tags: ['succeeded', 'busy'],
      invoke: {
        id: 'nativeShare',
        src: 'nativeShare',
        input: ({ context }) => ({ link: context.link ?? '', title: context.name.trim() }),
        onDone: 'succeeded',
        onError: { target: 'succeeded', actions: { type: 'notifyError', params: failure } },
      },
    },
    done: { description: 'The dialog is closed: the share is made.', type: 'final' },
  },
});

export type ShareWizardRef = ActorRefFrom<typeof shareWizardMachine>;
export type ShareWizardSnapshot = SnapshotFrom<typeof shareWizardMachine>;
