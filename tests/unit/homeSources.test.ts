// @vitest-environment happy-dom
// 主页's sources (features/home/start.ts) over a fake server: a shelf whose page was left stops
// between its reads (no album infos asked for once it is gone); offline, 最近播放 is what was read
// last for this account, and another account's last read is never shown.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryAccess } from '@/features/library';
import { startHome } from '@/features/home/start';
import type { ApiClient } from '@/services/api/client';
import { NetworkError } from '@/services/api/errors';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
// as the api client hands answers over: keys in camelCase
const history = [{ track: { albumId: A, discId: 1, trackId: 1 }, at: 1_700_000_000 }];

function home(answer: (path: string) => Promise<unknown>, user = 'mio') {
  const asked: string[] = [];
  const api = {
    get: async (path: string) => {
      asked.push(path);
      return answer(path);
    },
  } as unknown as ApiClient;
  const access = {
    forAlbums: async () => ({ coverUrl: () => null, canPlay: () => true }),
  } as unknown as LibraryAccess;
  const sources = startHome({
    api,
    access,
    albumInfo: async () => null,
    keptAlbumInfo: async () => null,
    albumPicks: async () => [],
    likedAlbums: async () => [],
    keptTracks: async () => [],
    user: () => user,
  });
  return { sources, asked };
}

afterEach(() => localStorage.clear());

describe('主页 sources', () => {
  it('a shelf left while it reads asks for nothing more', async () => {
    const left = new AbortController();
    const { sources, asked } = home(async () => {
      left.abort();
      return history;
    });
    await expect(sources.load('recentlyPlayed', 0, left.signal)).rejects.toThrow();
    expect(asked).toEqual(['/api/stat/self/history']);
  });

  it('offline, 最近播放 is what was read last for this account, and only for it', async () => {
    let offline = false;
    const answer = async (path: string) => {
      if (offline) throw new NetworkError(null);
      if (path === '/api/stat/self/history') return history;
      // anniv-go's album infos: none of these
      return {};
    };
    const online = home(answer);
    // the album's info is unknown to the fake: the shelf shows nothing, but the read is kept
    expect(await online.sources.load('recentlyPlayed', 0)).toEqual([]);
    offline = true;
    await expect(home(answer, 'someone-else').sources.load('recentlyPlayed', 0)).rejects.toBeInstanceOf(NetworkError);
    const again = home(answer);
    // the album last read is looked for (its info: the server, then the device, which has none)
    expect(await again.sources.load('recentlyPlayed', 0)).toEqual([]);
    expect(again.asked).toEqual(['/api/stat/self/history', '/api/meta/album']);
  });
});
