// The lyrics of the track the /now page shows (docs/behaviour.md#lyrics): fed the player's track by the page,
// it loads that track's lyrics once and keeps them while the track stays. idle (no track) →
// loading → shown | none (the track has no lyrics) | failed (RETRY loads again). It owns the lyrics
// editor: OPEN_EDITOR spawns it (one at a time); what it saved shows at once, and the lyrics load
// again behind it (shown.reloading). Whether translations show beside the lines is kept here.
import { assign, setup, stopChild, type ActorRefFrom, type DoneActorEvent } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import { withSaved, type Lyrics, type LyricVersion } from '@/rules/lyrics';
import { provideMe } from '@/shared/machines';
import { trackKey, type TrackIdentity } from '@/shared/track';
import type { LyricsPart } from './forms';
import { lyricsEditorMachine, type LyricsEditorRef } from './lyricsEditorMachine';

export interface LyricsContext {
  track: TrackIdentity | null;
  lyrics: Lyrics | null;
  error: string | null;
  /** 显示翻译: the translation shows beside the lines (on at first; kept across tracks) */
  showTranslation: boolean;
  /** the open lyrics editor */
  editor: LyricsEditorRef | null;
}

/** what the panel shows: busy (loading), shown, none, failed; refreshing while shown lyrics load again after an edit */
export type LyricsTag = 'busy' | 'shown' | 'none' | 'failed' | 'refreshing';

export type LyricsEvent =
  | { type: 'TRACK'; track: TrackIdentity | null }
  | { type: 'RETRY' }
  | { type: 'OPEN_EDITOR'; part: LyricsPart }
  | { type: 'SHOW_TRANSLATION'; on: boolean }
  | DoneActorEvent<LyricVersion | null, 'lyricsEditor'>;

const keyOf = (track: TrackIdentity | null) => (track ? trackKey(track) : '');

/** where the editor can open (shown, none), what it ends with: saved shows at once and loads again, 取消 changes nothing */
/** the lyrics a load found, shown at `target` (the first choice after either load; none found falls through) */
const foundTo = <const T extends string>(target: T) => ({
  guard: {
    type: 'found' as const,
    params: ({ event }: { event: DoneActorEvent<Lyrics | null> }) => ({ lyrics: event.output }),
  },
  target,
  actions: {
    type: 'setLyrics' as const,
    params: ({ event }: { event: DoneActorEvent<Lyrics | null> }) => ({ lyrics: event.output }),
  },
});

const editorTransitions = {
  OPEN_EDITOR: {
    guard: 'canEdit',
    description: '编辑歌词, 添加歌词 or 添加翻译: the editor opens (one at a time).',
    actions: ['stopEditor', 'openEditor'],
  },
  'xstate.done.actor.lyricsEditor': [
    {
      guard: 'saved',
      description: 'The editor saved: the lyrics show what the server took, and load again.',
      target: '#lyrics.shown.reloading',
      reenter: true,
      actions: ['forgetEditor', 'applySaved'],
    },
    { description: '取消 in the editor: nothing changed.', actions: 'forgetEditor' },
  ],
} as const;

export const lyricsMachine = setup({
  types: {
    context: {} as LyricsContext,
    events: {} as LyricsEvent,
    tags: {} as LyricsTag,
  },
  actors: {
    fetchLyrics: provideMe<Lyrics | null, TrackIdentity>('lyrics', 'fetchLyrics'),
    lyricsEditor: lyricsEditorMachine,
  },
  guards: {
    sameTrack: ({ context, event }) => event.type === 'TRACK' && keyOf(event.track) === keyOf(context.track),
    noTrack: ({ event }) => event.type === 'TRACK' && event.track === null,
    found: (_, params: { lyrics: Lyrics | null }) => params.lyrics !== null,
    /** a translation needs a source beside it */
    canEdit: ({ context, event }) =>
      event.type === 'OPEN_EDITOR' && (event.part === 'source' || context.lyrics !== null),
    saved: ({ event }) => event.type === 'xstate.done.actor.lyricsEditor' && event.output !== null,
  },
  actions: {
    setTrack: assign(({ event }) => (event.type === 'TRACK' ? { track: event.track, lyrics: null, error: null } : {})),
    setLyrics: assign((_, params: { lyrics: Lyrics | null }) => ({ lyrics: params.lyrics })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    setShowTranslation: assign({
      showTranslation: ({ context, event }) => (event.type === 'SHOW_TRANSLATION' ? event.on : context.showTranslation),
    }),
    // one editor at a time, spawned under its actor's name so it is stopped by that name
    stopEditor: stopChild('lyricsEditor'),
    openEditor: assign(({ context, event, spawn }) => {
      if (event.type !== 'OPEN_EDITOR' || !context.track) return {};
      const { lyrics } = context;
      return {
        editor: spawn('lyricsEditor', {
          id: 'lyricsEditor',
          input: {
            track: context.track,
            part: event.part,
            source: lyrics?.source ?? null,
            translations: lyrics?.translations ?? [],
            shown: lyrics?.translation ?? null,
          },
        }),
      };
    }),
    forgetEditor: assign({ editor: null }),
    /** what the server took shows at once, as the server keeps it */
    applySaved: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.lyricsEditor' && event.output
        ? { lyrics: withSaved(context.lyrics, event.output) }
        : {},
    ),
  },
}).createMachine({
  description: 'The 歌词 panel of the /now page, for the track that plays: its lines, 显示翻译 and the lyrics editor.',
  id: 'lyrics',
  context: { track: null, lyrics: null, error: null, showTranslation: true, editor: null },
  initial: 'idle',
  on: {
    TRACK: [
      { guard: 'sameTrack', description: 'The same track again: what is loaded stays.' },
      { guard: 'noTrack', target: '.idle', actions: ['stopEditor', 'forgetEditor', 'setTrack'] },
      { target: '.loading', reenter: true, actions: ['stopEditor', 'forgetEditor', 'setTrack'] },
    ],
    SHOW_TRANSLATION: {
      description: '显示翻译 turned on or off: translations show beside the lines, or not.',
      actions: 'setShowTranslation',
    },
  },
  states: {
    idle: { description: 'No track: the panel is empty.' },
    loading: {
      description: "The track's lyrics load.",
      tags: ['busy'],
      invoke: {
        id: 'fetchLyrics',
        src: 'fetchLyrics',
        input: ({ context }) => context.track!,
        onDone: [foundTo('shown'), { target: 'none' }],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      description:
        'The lyrics show (the current line highlighted when they are synced), with who gave them; 编辑歌词 and 添加翻译.',
      tags: ['shown'],
      initial: 'current',
      on: editorTransitions,
      states: {
        current: { description: 'What shows is what the server had.' },
        reloading: {
          description:
            'An edit was saved and shows: the lyrics load again, for who gave them and what the server keeps.',
          tags: ['refreshing'],
          invoke: {
            id: 'fetchLyrics',
            src: 'fetchLyrics',
            input: ({ context }) => context.track!,
            onDone: [
              foundTo('current'),
              {
                description: 'The server has none after all: said so.',
                target: '#lyrics.none',
                actions: { type: 'setLyrics', params: { lyrics: null } },
              },
            ],
            onError: {
              description: 'Not loaded: what was saved keeps showing (it is saved).',
              target: 'current',
            },
          },
        },
      },
    },
    none: {
      tags: ['none'],
      description: 'The track has no lyrics: said quietly, with 添加歌词.',
      on: editorTransitions,
    },
    failed: { description: '歌词加载失败 shows with 重试.', tags: ['failed'], on: { RETRY: 'loading' } },
  },
});

export type LyricsRef = ActorRefFrom<typeof lyricsMachine>;
