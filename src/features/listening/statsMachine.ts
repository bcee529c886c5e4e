// 我的统计's loader (docs/behaviour.md#listening-statistics): a period's counts, what they add up to
// and its bars, read again when the listener picks another period; a read that fails says why and
// 重试 reads it again.
// loading → ready / failed; CHOOSE_PERIOD reads that period from any state
import { assign, setup } from 'xstate';
import type { StatsPeriod, StatsSummary } from '@/rules/stats';
import { failure, output, provideMe } from '@/shared/machines';
import type { TrackInfo } from '@/shared/track';

/** a track of the statistics, with its tags (its album's and its own) */
export type StatsTrack = TrackInfo & { tags: string[]; known: boolean };

export interface StatsResult {
  /** the bars, oldest first */
  bars: { label: string; plays: number }[];
  summary: StatsSummary<StatsTrack>;
  /** album id → its title and artist, for the albums listed */
  albums: Record<string, { title: string; artist: string }>;
  /** the keys of the listed tracks a library of the listener has */
  playable: string[];
}

export interface StatsContext {
  period: StatsPeriod;
  result: StatsResult | null;
  error: unknown;
  /** the clock (ms since the epoch); tests and path walks give a fixed one */
  now: () => number;
}

export type StatsEvent = { type: 'CHOOSE_PERIOD'; period: StatsPeriod } | { type: 'RETRY' };

export type StatsTag = 'loading' | 'failed';

export const statsMachine = setup({
  types: {
    context: {} as StatsContext,
    events: {} as StatsEvent,
    input: {} as { now?: () => number; period?: StatsPeriod },
    tags: {} as StatsTag,
  },
  actors: {
    loadStats: provideMe<StatsResult, { period: StatsPeriod; now: number }>('stats', 'loadStats'),
  },
  actions: {
    setPeriod: assign({
      period: ({ context, event }) => (event.type === 'CHOOSE_PERIOD' ? event.period : context.period),
    }),
    setResult: assign((_, result: StatsResult) => ({ result, error: null })),
    setError: assign((_, { error }: { error: unknown }) => ({ error })),
  },
}).createMachine({
  id: 'stats',
  description: '我的统计: what the listener played in a period (7 天, 30 天, 一年, 全部), read from the server.',
  context: ({ input }) => ({
    period: input.period ?? 'month',
    result: null,
    error: null,
    now: input.now ?? (() => Date.now()),
  }),
  initial: 'loading',
  on: { CHOOSE_PERIOD: { target: '.loading', actions: 'setPeriod', reenter: true } },
  states: {
    loading: {
      description: 'The period’s counts and bars are read; what showed stays until they come.',
      tags: ['loading'],
      invoke: {
        id: 'loadStats',
        src: 'loadStats',
        input: ({ context }) => ({ period: context.period, now: context.now() }),
        onDone: { target: 'ready', actions: { type: 'setResult', params: output } },
        onError: { target: 'failed', actions: { type: 'setError', params: failure } },
      },
    },
    ready: { description: 'The statistics of the period show.' },
    failed: {
      description: 'They could not be read: the page says why and offers 重试.',
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
  },
});
