// The server's answers kept on this device so a playlist and the liked tracks open offline: the
// answer is kept as it arrives, the copy is read only when the server gives no answer at all (an
// error answer is the answer), a damaged copy is refused like a malformed answer, and signing out
// clears every copy.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, test, vi } from 'vitest';
import { answerOrCopy } from '@/services/api/answerCopies';
import { getFavouriteTracks } from '@/services/api/favorite';
import { getPlaylist } from '@/services/api/playlist';
import { ApiError, NetworkError } from '@/services/api/errors';
import type { ApiClient } from '@/services/api/client';
import { ANSWER_COPIES_DB_NAME } from '@/shared/constants';
import { answerCopies, clearAnswerCopies, readAnswerCopy, saveAnswerCopy } from '@/storage/answerCopies';

const noAnswer = () => Promise.reject(new NetworkError(null));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const PLAYLIST = {
  id: 'p1',
  owner: 'u1',
  name: '通勤',
  description: '',
  is_public: false,
  cover: { album_id: 'a1', disc_id: 1 },
  version: 'v1',
  items: [
    {
      id: 'i1',
      type: 'normal',
      description: '',
      info: { album_id: 'a1', disc_id: 1, track_id: 2, title: '夜航船', artist: '港灯乐团', type: 'normal' },
    },
  ],
};

describe('answers kept for offline use', () => {
  test('a playlist read once opens from its copy when the server gives no answer; an error answer stays an error', async () => {
    let online = true;
    const api = { get: vi.fn(async () => (online ? PLAYLIST : noAnswer())) } as unknown as ApiClient;
    const first = await getPlaylist(api, 'p1', answerCopies);
    await settle();
    online = false;
    expect(await getPlaylist(api, 'p1', answerCopies)).toEqual(first);
    // another list was never read: the error stands
    await expect(getPlaylist(api, 'p2', answerCopies)).rejects.toBeInstanceOf(NetworkError);
    const refused = {
      get: vi.fn(async () => Promise.reject(new ApiError(902001, 'permission denied'))),
    } as unknown as ApiClient;
    await expect(getPlaylist(refused, 'p1', answerCopies)).rejects.toBeInstanceOf(ApiError);
  });

  test('the liked tracks, and an empty answer kept as empty', async () => {
    saveAnswerCopy('favorite:music', null);
    await settle();
    const api = { get: vi.fn(noAnswer) } as unknown as ApiClient;
    expect(await getFavouriteTracks(api, answerCopies)).toEqual([]);
  });

  test('a damaged copy is refused like a malformed answer, never thrown as something else', async () => {
    const db = await openDB(ANSWER_COPIES_DB_NAME);
    await db.put('answers', 'not a record', 'playlist:p9');
    await db.put('answers', { data: { name: 42 }, savedAt: 1 }, 'playlist:p8');
    db.close();
    const api = { get: vi.fn(noAnswer) } as unknown as ApiClient;
    expect(await readAnswerCopy('playlist:p9')).toBeUndefined();
    await expect(getPlaylist(api, 'p9', answerCopies)).rejects.toBeInstanceOf(NetworkError);
    await expect(getPlaylist(api, 'p8', answerCopies)).rejects.toThrow();
  });

  test('signing out clears every copy', async () => {
    saveAnswerCopy('playlists', [{ id: 'p1' }]);
    await settle();
    expect(await readAnswerCopy('playlists')).toEqual([{ id: 'p1' }]);
    await clearAnswerCopies();
    expect(await readAnswerCopy('playlists')).toBeUndefined();
  });

  test('without a store the server is asked as before', async () => {
    await expect(answerOrCopy('x', noAnswer, undefined)).rejects.toBeInstanceOf(NetworkError);
    expect(await answerOrCopy('x', async () => 7, undefined)).toBe(7);
  });
});
