// The smart-lists worker's jobs (docs/architecture.md#album-facts), runnable on any thread: bring the
// album facts in step with the libraries, and work out a list. The worker keeps the track table
// and the listener's data prepared over it between jobs, and builds them again only when the facts,
// the libraries or the data changed: editing a rule costs one pass over the table.
import { trackTable, type TrackTable } from '@/rules/albumFacts';
import {
  evaluateSmartList,
  matchingTracks,
  prepareListenerData,
  type ListenerData,
  type PreparedData,
} from '@/rules/smartEval';
import type { SmartList } from '@/rules/smartLists';
import { createApiClient } from '@/services/api/client';
import { getAlbumInfos } from '@/services/api/meta';
import type { TrackInfo } from '@/shared/track';
import { availabilityMark, everyAvailableAlbum } from '@/storage/availability';
import { factsGeneration, readFactsBlocks } from '@/storage/smartLists';
import { syncAlbumFacts, type FactsSyncSummary } from './factsSync';

/** what a list is worked out from */
export type ListRules = Pick<SmartList, 'match' | 'rules' | 'sortBy' | 'seed' | 'limit'>;

/** the listener's data as sent: `available` is the worker's own (it reads the libraries itself) */
export type SentListenerData = Omit<ListenerData, 'available'>;

export type SmartListsJob =
  | { id: number; kind: 'syncFacts'; apiBase: string }
  | {
      id: number;
      kind: 'evaluate';
      list: ListRules;
      /** the data's version; `data` is null when the worker already has this version */
      version: number;
      data: SentListenerData | null;
      /** only how many match (the editor's count) */
      countOnly: boolean;
    };

export interface SmartListAnswer {
  matched: number;
  tracks: TrackInfo[];
}

interface SmartListsJobResults {
  syncFacts: FactsSyncSummary;
  evaluate: SmartListAnswer;
}

export type SmartListsJobAnswer =
  | { id: number; ok: true; result: SmartListsJobResults[keyof SmartListsJobResults] }
  | { id: number; ok: false; message: string; dataMissing?: boolean };

/** the worker was not sent the data of this version (it restarted): send it again */
class DataMissingError extends Error {
  override readonly name = 'DataMissingError';
}

interface Held {
  facts: number;
  mark: string;
  table: TrackTable;
  available: Map<string, number>;
}

let held: Held | null = null;
let data: { version: number; sent: SentListenerData } | null = null;
/** the data prepared over one table and one reading of the libraries */
let prepared: { version: number; over: Held; data: PreparedData } | null = null;

/** the table and the libraries' albums, read again only when either changed */
async function current(): Promise<Held> {
  const [facts, mark] = await Promise.all([factsGeneration(), availabilityMark()]);
  const before = held;
  if (before && before.facts === facts && before.mark === mark) return before;
  // only what changed is read again: a sync moves the libraries' mark, a facts write the facts'
  const [table, libraries] = await Promise.all([
    before && before.facts === facts
      ? before.table
      : readFactsBlocks().then((blocks) => trackTable(blocks.map((kept) => kept.block))),
    before && before.mark === mark
      ? { mark: before.mark, available: before.available }
      : everyAvailableAlbum().then((every) => ({
          mark: every.mark,
          available: new Map([...every.firstSeen].map(([id, ms]) => [id, Math.floor(ms / 1000)])),
        })),
  ]);
  held = { facts, table, ...libraries };
  return held;
}

async function evaluate(job: Extract<SmartListsJob, { kind: 'evaluate' }>): Promise<SmartListAnswer> {
  if (job.data) data = { version: job.version, sent: job.data };
  if (!data || data.version !== job.version) throw new DataMissingError();
  const over = await current();
  const { table, available } = over;
  if (!prepared || prepared.version !== job.version || prepared.over !== over) {
    prepared = { version: job.version, over, data: prepareListenerData(table, { ...data.sent, available }) };
  }
  if (job.countOnly) return { matched: matchingTracks(table, prepared.data, job.list).length, tracks: [] };
  const result = evaluateSmartList(table, prepared.data, job.list);
  const tracks = Array.from(
    result.tracks,
    (t): TrackInfo => ({
      albumId: table.albumIds[table.trackAlbum[t]!]!,
      discId: table.discs[t]!,
      trackId: table.numbers[t]!,
      title: table.titles[t]!,
      artist: table.artists[t]!,
      type: table.types[t]!,
      albumTitle: table.albumTitles[table.trackAlbum[t]!]!,
    }),
  );
  return { matched: result.matched, tracks };
}

async function syncFacts(apiBase: string): Promise<FactsSyncSummary> {
  const api = createApiClient({ baseURL: apiBase });
  const every = await everyAvailableAlbum();
  return syncAlbumFacts(new Set(every.firstSeen.keys()), (ids) => getAlbumInfos(api, ids));
}

export async function runSmartListsJob(job: SmartListsJob): Promise<SmartListsJobAnswer> {
  try {
    const result = job.kind === 'syncFacts' ? await syncFacts(job.apiBase) : await evaluate(job);
    return { id: job.id, ok: true, result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id: job.id, ok: false, message, dataMissing: error instanceof DataMissingError };
  }
}

/** forgets what the jobs hold (tests; sign-out) */
export function forgetSmartListsJobs(): void {
  held = null;
  data = null;
  prepared = null;
}
