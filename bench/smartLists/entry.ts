/**
 * Browser side of the smart-lists benchmark (bundled by bench/smartLists.ts, run in headless
 * Chromium): stores a library of the served album ids through the app's library worker, brings the
 * album facts in step through the app's smart-lists worker (which reads `/api/meta/album` from the
 * bench server), then works out lists over them, timing each from the page and watching the page's
 * thread for long tasks. It checks what it got, so a fast but wrong run fails loudly.
 */
import { createSmartListsWorker } from '@/features/smartLists/worker';
import type { SentListenerData } from '@/features/smartLists/jobs';
import type { SmartRule } from '@/rules/smartLists';
import { packAlbumIds } from '@/shared/albumIds';
import { libraryWorker } from '@/storage/libraryWorker';

export interface SmartListsTimings {
  storeMs: number;
  factsSyncMs: number;
  factsFetched: number;
  /** the first list after the facts: the worker reads and indexes them */
  firstListMs: number;
  /** the same list again, and other lists (the table held) */
  listMs: number[];
  /** the editor's count while a rule changes */
  countMs: number[];
  /** the second facts sync, nothing new */
  resyncMs: number;
  matched: number[];
  longestTaskMs: number;
}

const RULE_SETS: { match: 'all' | 'any'; rules: SmartRule[]; sortBy: 'mostPlayed' | 'shuffle' | 'added' }[] = [
  {
    match: 'all',
    rules: [
      { kind: 'plays', op: 'atLeast', count: 1 },
      { kind: 'text', field: 'artist', op: 'contains', text: 'aoi' },
    ],
    sortBy: 'mostPlayed',
  },
  {
    match: 'any',
    rules: [
      { kind: 'liked', target: 'track', liked: true },
      { kind: 'text', field: 'title', op: 'contains', text: 'night' },
    ],
    sortBy: 'shuffle',
  },
  { match: 'all', rules: [{ kind: 'neverPlayed' }, { kind: 'released', from: '2020', to: '' }], sortBy: 'added' },
];

/** the listener's data as the bench sends it: its maps as entries */
export type BenchListener = Omit<SentListenerData, 'playedWithin' | 'playlists'> & {
  playedWithin: [number, readonly string[]][];
  playlists: [string, readonly string[]][];
};

async function run(origin: string, sent: BenchListener): Promise<SmartListsTimings> {
  const listener: SentListenerData = {
    ...sent,
    playedWithin: new Map(sent.playedWithin),
    playlists: new Map(sent.playlists),
  };
  let longestTaskMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
  }).observe({ type: 'longtask' });

  const ids = (await (await fetch(`${origin}/albums`)).json()) as string[];
  let t = performance.now();
  await libraryWorker.store({ url: `${origin}/library`, lastUpdate: 1, albums: packAlbumIds(ids) });
  const storeMs = performance.now() - t;

  const worker = createSmartListsWorker();
  t = performance.now();
  const synced = await worker.syncFacts();
  const factsSyncMs = performance.now() - t;
  if (synced.albums !== ids.length || synced.fetched !== ids.length)
    throw new Error(`facts: ${synced.fetched} fetched, ${synced.albums} albums of ${ids.length}`);

  const list = (n: number) => ({ ...RULE_SETS[n % RULE_SETS.length]!, seed: 7, limit: 500 });
  t = performance.now();
  const first = await worker.evaluate(list(0), 1, listener);
  const firstListMs = performance.now() - t;
  const matched = [first.matched];
  const listMs: number[] = [];
  for (let i = 0; i < 9; i++) {
    t = performance.now();
    const answer = await worker.evaluate(list(i), 1, listener);
    listMs.push(performance.now() - t);
    matched.push(answer.matched);
  }
  const countMs: number[] = [];
  for (let i = 0; i < 9; i++) {
    t = performance.now();
    await worker.evaluate(list(i), 1, listener, true);
    countMs.push(performance.now() - t);
  }
  t = performance.now();
  const again = await worker.syncFacts();
  const resyncMs = performance.now() - t;
  if (again.fetched !== 0) throw new Error(`the second facts sync read ${again.fetched} albums`);
  if (first.tracks.length === 0 || first.matched === 0) throw new Error('the first list matched nothing');
  // let the observer report the last tasks
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    storeMs,
    factsSyncMs,
    factsFetched: synced.fetched,
    firstListMs,
    listMs,
    countMs,
    resyncMs,
    matched,
    longestTaskMs,
  };
}

declare global {
  interface Window {
    smartListsBench: { run: typeof run };
  }
}
window.smartListsBench = { run };
