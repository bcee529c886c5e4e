// The smart-lists feature's edges: a like or a play makes the list shown load again, at most once per
// SMART_LIST_REFRESH_MS however many come; the listener's data is read once per version and again
// after a change; 保存为歌单 appends in pieces the server takes.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startSmartLists } from '@/features/smartLists/start';
import type { SmartListsWorker } from '@/features/smartLists/worker';
import type { ApiClient } from '@/services/api/client';
import { PLAYLIST_APPEND_MAX, SMART_LIST_REFRESH_MS } from '@/shared/constants';

/** a site that answers every read with nothing and counts the calls */
function fakeApi() {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const playlist = (items: unknown[]) => ({
    id: 9,
    name: '常听',
    description: '',
    is_public: false,
    cover: null,
    owner: 1,
    last_modified: 1,
    items,
  });
  let items: unknown[] = [];
  const api = {
    get: async (path: string) => {
      calls.push({ method: 'GET', path });
      return path === '/api/meta/tag-graph' ? {} : [];
    },
    put: async (path: string, options?: { body?: unknown }) => {
      calls.push({ method: 'PUT', path, body: options?.body });
      return playlist([]);
    },
    patch: async (path: string, options?: { body?: { payload: unknown[] } }) => {
      calls.push({ method: 'PATCH', path, body: options?.body });
      items = [...items, ...(options?.body?.payload ?? [])];
      return playlist(items);
    },
    post: async () => null,
    delete: async () => null,
    serverNow: () => Date.now(),
  } as unknown as ApiClient;
  return { api, calls };
}

const worker: SmartListsWorker = {
  syncFacts: async () => ({ fetched: 0, albums: 0 }),
  evaluate: async () => ({ matched: 0, tracks: [] }),
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the smart-lists feature', () => {
  test('likes and plays move the lists shown once per SMART_LIST_REFRESH_MS, however many', async () => {
    vi.useFakeTimers();
    const feature = startSmartLists({ api: fakeApi().api, worker });
    const seen: number[] = [];
    feature.changes.subscribe(() => seen.push(feature.changes.current()));
    feature.dataChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    feature.dataChanged();
    feature.dataChanged();
    await vi.advanceTimersByTimeAsync(SMART_LIST_REFRESH_MS - 1);
    expect(seen).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1, 2]);
  });

  test('a like or an unlike moves the lists shown; the store first seen, or read again unchanged, does not', async () => {
    vi.useFakeTimers();
    const feature = startSmartLists({ api: fakeApi().api, worker });
    let next: (snapshot: { context: { tracks: unknown; albums: unknown } }) => void = () => {};
    feature.followLikes({ subscribe: (observer) => (next = observer) });
    const moved = () => feature.changes.current();
    const tracks: unknown[] = [];
    const albums: unknown[] = [];
    next({ context: { tracks, albums } });
    next({ context: { tracks, albums } });
    await vi.advanceTimersByTimeAsync(SMART_LIST_REFRESH_MS);
    expect(moved()).toBe(0);
    next({ context: { tracks: [...tracks, 'liked'], albums } });
    await vi.advanceTimersByTimeAsync(0);
    expect(moved()).toBe(1);
  });

  test('the data is read once, and again after a play or when a rule needs more', async () => {
    const { api, calls } = fakeApi();
    const feature = startSmartLists({ api, worker });
    const list = { match: 'all' as const, rules: [], sortBy: 'title' as const, seed: 1, limit: null };
    await feature.tracks('1', list, 'g1');
    const reads = calls.length;
    expect(reads).toBeGreaterThan(0);
    await feature.tracks('1', list, 'g1');
    expect(calls.length).toBe(reads);
    feature.dataChanged();
    await feature.tracks('1', list, 'g1');
    expect(calls.length).toBe(2 * reads);
    // a window no read had: read again, with that window
    await feature.tracks('1', { ...list, rules: [{ kind: 'lastPlayed', within: true, days: 3 }] }, 'g1');
    expect(calls.filter((c) => c.path === '/api/stat/self').length).toBe(2 * 4 + 5);
  });

  test('保存为歌单 makes a private list and appends the tracks in pieces the server takes', async () => {
    const { api, calls } = fakeApi();
    const feature = startSmartLists({ api, worker });
    const tracks = Array.from({ length: PLAYLIST_APPEND_MAX + 5 }, (_, i) => ({
      albumId: '00000000-0000-4000-8000-000000000001',
      discId: 1,
      trackId: i + 1,
      title: `t${i}`,
      artist: 'a',
      type: 'normal',
      albumTitle: 'x',
    }));
    const playlist = await feature.saveAsPlaylist('常听', tracks);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    const appends = calls
      .filter((c) => c.method === 'PATCH')
      .map((c) => (c.body as { payload: unknown[] }).payload.length);
    expect(appends).toEqual([PLAYLIST_APPEND_MAX, 5]);
    expect(playlist.id).toBe('9');
  });
});
