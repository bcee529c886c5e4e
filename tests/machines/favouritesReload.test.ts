// The liked albums read again right after a heart's change the server accepted: with no answer at
// all, the change shown stays. The copy kept for offline use is older than the change, so it must
// not bring the album back (it once did: 取消喜欢成功, and the heart showed liked again).
import { describe, expect, test, vi } from 'vitest';
import { waitFor } from 'xstate';
import { startFavourites } from '@/features/favourites/start';
import type { AnswerCopies } from '@/services/api/answerCopies';
import type { ApiClient } from '@/services/api/client';
import { NetworkError } from '@/services/api/errors';

/** copies kept in memory, as the app keeps them in IndexedDB */
function memoryCopies(): AnswerCopies {
  const kept = new Map<string, unknown>();
  return { save: (key, data) => void kept.set(key, data), read: async (key) => kept.get(key) };
}

describe('the liked albums read again after a change', () => {
  test('no answer keeps the change shown, not the copy kept before it', async () => {
    let online = true;
    const answers: Record<string, unknown> = {
      '/api/favorite/music': [],
      '/api/favorite/album': ['album-a'],
      '/api/favorite/playlist': [],
    };
    const api = {
      get: vi.fn(async (path: string) => (online ? answers[path] : Promise.reject(new NetworkError(null)))),
    } as unknown as ApiClient;
    const { favourites } = startFavourites({ api, copies: memoryCopies() });
    favourites.send({ type: 'LOAD' });
    await waitFor(favourites, (s) => s.matches({ ready: 'current' }));
    expect([...favourites.getSnapshot().context.albumIds]).toEqual(['album-a']);

    // the heart's unlike was accepted; the reload gets no answer
    online = false;
    favourites.send({ type: 'ALBUM_UNLIKED', albumId: 'album-a' });
    await waitFor(favourites, (s) => s.matches({ ready: 'current' }));
    expect([...favourites.getSnapshot().context.albumIds]).toEqual([]);
    favourites.stop();
  });
});
