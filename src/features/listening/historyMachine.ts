// 最近播放's loader (docs/behaviour.md#listening-history): the listener's plays newest first, read
// a page at a time as they scroll; a page that fails says so where the list ends and is tried
// again when asked, the pages already read stay. Beside it, whether each row can play is checked
// again whenever the listener's libraries change (a sync, a library added or removed, offline).
// pages: loading → ready.{idle ⇄ more | moreFailed} / failed · access: current ⇄ checking
import { assign, setup } from 'xstate';
import { failure, output, provideMe } from '@/shared/machines';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';

/** one play as the page shows it */
export interface HistoryRow {
  /** Unix seconds: when the play began */
  at: number;
  /** the track; for one no library's metadata knows, its identity and an unknown title */
  track: TrackInfo;
  /** its album's metadata was found */
  known: boolean;
  /** one of the listener's libraries has it now */
  playable: boolean;
}

export interface HistoryPage {
  rows: HistoryRow[];
  /** the server has no plays beyond this page */
  end: boolean;
}

export interface HistoryContext {
  rows: HistoryRow[];
  end: boolean;
  /** why the last page failed, while it stands */
  error: unknown;
}

export type HistoryEvent =
  /** the listener scrolled near the end of what is read */
  | { type: 'LOAD_MORE' }
  | { type: 'RETRY' }
  /** plays were sent while the page shows: the newest are read and put on top */
  | { type: 'NEW_PLAYS' }
  /** the listener's libraries changed: which rows can play is checked again */
  | { type: 'LIBRARIES_CHANGED' };

export type HistoryTag = 'loading' | 'loadingMore' | 'failed';

const samePlay = (a: HistoryRow, b: HistoryRow) =>
  a.at === b.at &&
  a.track.albumId === b.track.albumId &&
  a.track.discId === b.track.discId &&
  a.track.trackId === b.track.trackId;

/**
 * The newest page read again, over the rows shown: the plays before the one that was newest go on
 * top (the next page's offset, the row count, stays right, since the server has as many more).
 * A page that does not reach it (over a page of new plays) stands alone, and the rest is read again.
 */
export function withNewest(rows: readonly HistoryRow[], page: HistoryPage): HistoryRow[] {
  const first = rows[0];
  const at = first ? page.rows.findIndex((row) => samePlay(row, first)) : -1;
  return first && at >= 0 ? [...page.rows.slice(0, at), ...rows] : page.rows;
}

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    tags: {} as HistoryTag,
  },
  actors: {
    /** the plays after the first `offset`, with their tracks and whether they can play */
    loadHistoryPage: provideMe<HistoryPage, { offset: number }>('history', 'loadHistoryPage'),
    /** of these tracks, the keys of those a library of the listener has now */
    checkPlayable: provideMe<string[], { tracks: TrackIdentity[] }>('history', 'checkPlayable'),
  },
  guards: {
    moreOnServer: ({ context }) => !context.end,
  },
  actions: {
    setPage: assign((_, page: HistoryPage) => ({ rows: page.rows, end: page.end, error: null })),
    addPage: assign(({ context }, page: HistoryPage) => ({
      rows: [...context.rows, ...page.rows],
      end: page.end,
      error: null,
    })),
    setError: assign((_, { error }: { error: unknown }) => ({ error })),
    addNewest: assign(({ context }, page: HistoryPage) => {
      const rows = withNewest(context.rows, page);
      // the page stood alone: whether more follow is its own
      return { rows, end: rows === page.rows ? page.end : context.end, error: null };
    }),
    setPlayable: assign(({ context }, playable: string[]) => {
      const now = new Set(playable);
      return { rows: context.rows.map((row) => ({ ...row, playable: row.known && now.has(trackKey(row.track)) })) };
    }),
  },
}).createMachine({
  id: 'history',
  description: '最近播放: the listener’s plays newest first, a page at a time as they scroll.',
  context: { rows: [], end: false, error: null },
  type: 'parallel',
  states: {
    pages: {
      description: 'The plays, read a page at a time.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The newest plays are read.',
          tags: ['loading'],
          invoke: {
            id: 'firstPage',
            src: 'loadHistoryPage',
            input: { offset: 0 },
            onDone: { target: 'ready', actions: { type: 'setPage', params: output } },
            onError: { target: 'failed', actions: { type: 'setError', params: failure } },
          },
        },
        failed: {
          description: 'The first page could not be read: the page says why and offers 重试.',
          tags: ['failed'],
          on: { RETRY: 'loading' },
        },
        ready: {
          description: 'Plays are shown.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing is being read; scrolling near the end reads the next page, if the server has more.',
              on: { LOAD_MORE: { guard: 'moreOnServer', target: 'more' }, NEW_PLAYS: 'newest' },
            },
            newest: {
              description: 'Plays were sent: the newest page is read again and what is new goes on top.',
              invoke: {
                id: 'newestPage',
                src: 'loadHistoryPage',
                input: { offset: 0 },
                onDone: { target: 'idle', actions: { type: 'addNewest', params: output } },
                // what shows stays; the next plays sent read it again
                onError: 'idle',
              },
            },
            more: {
              description: 'The next page is read.',
              tags: ['loadingMore'],
              invoke: {
                id: 'nextPage',
                src: 'loadHistoryPage',
                input: ({ context }) => ({ offset: context.rows.length }),
                onDone: { target: 'idle', actions: { type: 'addPage', params: output } },
                onError: { target: 'moreFailed', actions: { type: 'setError', params: failure } },
              },
            },
            moreFailed: {
              description: 'The next page could not be read: the end of the list says why and offers 重试.',
              tags: ['failed'],
              on: { RETRY: 'more' },
            },
          },
        },
      },
    },
    access: {
      description: 'Whether each row can play, as the listener’s libraries have it now.',
      initial: 'current',
      states: {
        current: {
          description: 'Each row says whether it can play as its page was read, or as last checked.',
          on: { LIBRARIES_CHANGED: 'checking' },
        },
        checking: {
          description:
            'The libraries changed: the rows’ tracks are checked again (a page read meanwhile is checked as read).',
          on: { LIBRARIES_CHANGED: { target: 'checking', reenter: true } },
          invoke: {
            id: 'checkPlayable',
            src: 'checkPlayable',
            input: ({ context }) => ({ tracks: context.rows.map((row) => row.track) }),
            onDone: { target: 'current', actions: { type: 'setPlayable', params: output } },
            // what was known stands; the next change checks again
            onError: 'current',
          },
        },
      },
    },
  },
});
