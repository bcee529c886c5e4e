// The smart-lists feature (docs/behaviour.md#smart-playlists), created by its first page: each
// account's store of lists, the worker, the album facts brought in step once per page life (and
// again after a library sync), and the listener's data read once a minute at most, as one version
// the worker prepares once. A list's page and the editor's count go through here.
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { appendTracks, createPlaylist } from '@/services/api/playlist';
import { newSeed } from '@/rules/seeded';
import type { SmartList } from '@/rules/smartLists';
import { PLAYLIST_APPEND_MAX, SMART_LIST_DATA_MAX_AGE_MS, SMART_LIST_REFRESH_MS } from '@/shared/constants';
import type { TrackInfo } from '@/shared/track';
import type { Playlist } from '@/shared/types';
import { readAccountLists, writeAccountLists } from '@/storage/smartLists';
import type { FactsSyncSummary } from './factsSync';
import type { ListRules, SentListenerData, SmartListAnswer } from './jobs';
import { readListenerData } from './listenerData';
import { smartListEditorMachine } from './smartListEditorMachine';
import { smartListsMachine, type SmartListsRef } from './smartListsMachine';
import { createSmartListsWorker, type SmartListsWorker } from './worker';

interface SmartListsOptions {
  api: ApiClient;
  inspect?: (event: InspectionEvent) => void;
  /** the worker (tests: one on this thread) */
  worker?: SmartListsWorker;
  now?: () => number;
}

export function startSmartLists({
  api,
  inspect,
  worker = createSmartListsWorker(),
  now = Date.now,
}: SmartListsOptions) {
  const stores = new Map<string, SmartListsRef>();
  let facts: Promise<FactsSyncSummary> | null = null;
  let data: { user: string; version: number; value: SentListenerData; at: number; rulesKey: string } | null = null;
  let version = 0;
  // what the pages follow: a like, a play or a sync moves it, at most once per SMART_LIST_REFRESH_MS
  let epoch = 0;
  const watchers = new Set<() => void>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let lastRefresh = Number.NEGATIVE_INFINITY;
  const announce = () => {
    if (refreshTimer !== null) return;
    const wait = Math.max(0, lastRefresh + SMART_LIST_REFRESH_MS - now());
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      lastRefresh = now();
      epoch++;
      for (const watcher of watchers) watcher();
    }, wait);
  };
  /** the libraries' generation the facts were last brought in step for */
  let generation: string | null = null;
  const libraries = (now: string) => {
    if (generation !== null && generation !== now) feature.librariesChanged();
    generation = now;
  };

  /** the facts in step with the libraries, once per page life or library change */
  const factsReady = () =>
    (facts ??= worker.syncFacts().catch((error: unknown) => {
      facts = null;
      throw error;
    }));

  const store = (user: string): SmartListsRef => {
    let actor = stores.get(user);
    if (!actor) {
      actor = createActor(
        smartListsMachine.provide({
          actors: {
            readLists: fromPromise(({ input }: { input: { user: string } }) => readAccountLists(input.user)),
            writeLists: fromPromise(({ input }: { input: { user: string; lists: SmartList[] } }) =>
              writeAccountLists(input.user, input.lists),
            ),
          },
        }),
        { input: { user, seed: newSeed(), now: now() }, inspect },
      ).start();
      stores.set(user, actor);
    }
    return actor;
  };

  /** the listener's data for every rule of the account's lists: read again when a minute old or a rule needs more */
  const listenerData = async (user: string, lists: readonly Pick<SmartList, 'rules'>[]) => {
    const rulesKey = JSON.stringify(
      lists.flatMap((list) => list.rules.filter((r) => r.kind === 'lastPlayed' || r.kind === 'playlist')),
    );
    const fresh =
      data && data.user === user && data.rulesKey === rulesKey && now() - data.at < SMART_LIST_DATA_MAX_AGE_MS;
    if (!fresh) {
      const value = await readListenerData(api, user, lists, Math.floor(now() / 1000));
      data = { user, version: ++version, value, at: now(), rulesKey };
    }
    return data!;
  };

  /**
   * Before a list is worked out: the facts in step with the libraries of `librariesGeneration`, and
   * the listener's data for every rule of the account's lists and `rules` (which may be a draft)
   */
  const readyFor = async (user: string, rules: Pick<SmartList, 'rules'>, librariesGeneration: string) => {
    libraries(librariesGeneration);
    await factsReady();
    return listenerData(user, [...store(user).getSnapshot().context.lists, rules]);
  };

  const feature = {
    store,
    /** a list's tracks in its order */
    async tracks(user: string, list: ListRules, librariesGeneration: string): Promise<SmartListAnswer> {
      const { version: v, value } = await readyFor(user, list, librariesGeneration);
      return worker.evaluate(list, v, value);
    },
    /** how many tracks some rules match (the editor's count) */
    async count(user: string, rules: Pick<ListRules, 'match' | 'rules'>, librariesGeneration: string): Promise<number> {
      const { version: v, value } = await readyFor(user, rules, librariesGeneration);
      const answer = await worker.evaluate({ ...rules, sortBy: 'title', seed: 0, limit: null }, v, value, true);
      return answer.matched;
    },
    /** the editor, counting through this account's data over the libraries as they are when it counts */
    editor: (user: string, librariesGeneration: () => string) =>
      smartListEditorMachine.provide({
        actors: {
          countMatches: fromPromise(({ input }: { input: Pick<ListRules, 'match' | 'rules'> }) =>
            feature.count(user, input, librariesGeneration()),
          ),
        },
      }),
    /** a library synced or was removed: the facts and the data are read again when next needed */
    librariesChanged(): void {
      facts = null;
      data = null;
    },
    /** a like, a play: the data is read again, and the lists shown follow */
    dataChanged(): void {
      data = null;
      announce();
    },
    /** the favourites store: a like or an unlike changes what the lists read */
    followLikes(likes: {
      subscribe(next: (snapshot: { context: { tracks: unknown; albums: unknown } }) => void): unknown;
    }): void {
      let seen: [unknown, unknown] | null = null;
      likes.subscribe(({ context: { tracks, albums } }) => {
        if (seen && seen[0] === tracks && seen[1] === albums) return;
        const first = seen === null;
        seen = [tracks, albums];
        if (!first) feature.dataChanged();
      });
    },
    /** the lists shown load again when this changes (useSyncExternalStore) */
    changes: {
      subscribe(watcher: () => void): () => void {
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
      current: (): number => epoch,
    },
    /** 保存为歌单: a new private playlist with the list's tracks, in appends the server takes */
    async saveAsPlaylist(name: string, tracks: readonly TrackInfo[]): Promise<Playlist> {
      let playlist = await createPlaylist(api, { name, description: '', isPublic: false });
      for (let i = 0; i < tracks.length; i += PLAYLIST_APPEND_MAX)
        playlist = await appendTracks(api, playlist.id, tracks.slice(i, i + PLAYLIST_APPEND_MAX));
      return playlist;
    },
  };
  return feature;
}

export type SmartLists = ReturnType<typeof startSmartLists>;
