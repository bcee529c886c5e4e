// The lyrics of the track the /now page shows (docs/architecture.md#7-playback): fed the player's track by the page,
// it loads that track's lyrics once and keeps them while the track stays. idle (no track) →
// loading → shown | none (the track has no lyrics) | failed (RETRY loads again).
import { assign, setup, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@/services/api/errors';
import type { Lyrics } from '@/rules/lyrics';
import { provideMe } from '@/shared/machines';
import { trackKey, type TrackIdentity } from '@/shared/track';

export interface LyricsContext {
  track: TrackIdentity | null;
  lyrics: Lyrics | null;
  error: string | null;
}

/** what the panel shows: busy (loading), shown, none, failed */
export type LyricsTag = 'busy' | 'shown' | 'none' | 'failed';

export type LyricsEvent = { type: 'TRACK'; track: TrackIdentity | null } | { type: 'RETRY' };

const keyOf = (track: TrackIdentity | null) => (track ? trackKey(track) : '');

export const lyricsMachine = setup({
  types: {
    context: {} as LyricsContext,
    events: {} as LyricsEvent,
    tags: {} as LyricsTag,
  },
  actors: {
    fetchLyrics: provideMe<Lyrics | null, TrackIdentity>('lyrics', 'fetchLyrics'),
  },
  guards: {
    sameTrack: ({ context, event }) => event.type === 'TRACK' && keyOf(event.track) === keyOf(context.track),
    noTrack: ({ event }) => event.type === 'TRACK' && event.track === null,
    found: (_, params: { lyrics: Lyrics | null }) => params.lyrics !== null,
  },
  actions: {
    setTrack: assign(({ event }) => (event.type === 'TRACK' ? { track: event.track, lyrics: null, error: null } : {})),
    setLyrics: assign((_, params: { lyrics: Lyrics | null }) => ({ lyrics: params.lyrics })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
  },
}).createMachine({
  description: 'The 歌词 panel of the /now page, for the track that plays.',
  id: 'lyrics',
  context: { track: null, lyrics: null, error: null },
  initial: 'idle',
  on: {
    TRACK: [
      { guard: 'sameTrack', description: 'The same track again: what is loaded stays.' },
      { guard: 'noTrack', target: '.idle', actions: 'setTrack' },
      { target: '.loading', reenter: true, actions: 'setTrack' },
    ],
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
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ lyrics: event.output }) },
            target: 'shown',
            actions: { type: 'setLyrics', params: ({ event }) => ({ lyrics: event.output }) },
          },
          { target: 'none' },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: { description: 'The lyrics show (the current line highlighted when they are synced).', tags: ['shown'] },
    none: { tags: ['none'], description: 'The track has no lyrics: said quietly.' },
    failed: { description: '歌词加载失败 shows with 重试.', tags: ['failed'], on: { RETRY: 'loading' } },
  },
});

export type LyricsRef = ActorRefFrom<typeof lyricsMachine>;
