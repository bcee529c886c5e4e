// Plays kept on the device until the server confirms them: the store (per account, oldest first,
// damaged records deleted, cleared at sign-out) and the round that sends a batch (confirmed plays
// removed, malformed ones dropped one by one, plays stamped over an hour ahead of the server's
// clock never sent, anything else kept for the next try).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { beforeEach, describe, expect, test } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { definePlaysActors } from '@/features/listening/actors';
import { PLAYS_DB_NAME } from '@/shared/constants';
import {
  clearWaitingPlays,
  countWaitingPlays,
  keepTrackDuration,
  keepWaitingPlay,
  readTrackDurations,
  readWaitingPlays,
} from '@/storage/waitingPlays';
import { envelope, fakeApi, json, type RecordedRequest } from './fakeFetch';

const ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const track = (trackId: number) => ({ albumId: ALBUM, discId: 1, trackId });
const NOW_S = Math.floor(Date.now() / 1000);
/** the server's `Date` header for NOW_S */
const serverDate = (seconds = NOW_S) => new Date(seconds * 1000).toUTCString();

beforeEach(async () => {
  await clearWaitingPlays();
});

describe('the waiting plays on the device', () => {
  test('kept per account, read oldest first up to a limit, counted', async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 30 });
    await keepWaitingPlay({ user: 'u2', track: track(2), at: NOW_S - 20 });
    await keepWaitingPlay({ user: 'u1', track: track(3), at: NOW_S - 10 });
    const mine = await readWaitingPlays('u1', 10);
    expect(mine.map((play) => [play.track.trackId, play.at])).toEqual([
      [1, NOW_S - 30],
      [3, NOW_S - 10],
    ]);
    expect(await readWaitingPlays('u1', 1)).toHaveLength(1);
    expect(await countWaitingPlays('u1')).toBe(2);
    expect(await countWaitingPlays('u2')).toBe(1);
  });

  test('a damaged record is left out and deleted; the good ones still come', async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S });
    const db = await openDB(PLAYS_DB_NAME);
    await db.add('waiting', { user: 'u1', track: { albumId: 'not an id', discId: 1, trackId: 1 }, at: NOW_S });
    await db.add('waiting', { user: 'u1', track: track(2), at: 'yesterday' });
    await db.add('waiting', { user: 'u1', at: NOW_S });
    db.close();
    expect(await countWaitingPlays('u1')).toBe(4);
    expect((await readWaitingPlays('u1', 10)).map((play) => play.track.trackId)).toEqual([1]);
    expect(await countWaitingPlays('u1')).toBe(1);
  });

  test("each track's length as last heard, for 我的统计; nonsense is not kept, damaged values are left out", async () => {
    await keepTrackDuration('a-1-1', 200);
    await keepTrackDuration('a-1-1', 201.5);
    await keepTrackDuration('a-1-2', Number.NaN);
    await keepTrackDuration('a-1-3', -4);
    const db = await openDB(PLAYS_DB_NAME);
    await db.put('durations', 'long', 'a-1-4');
    db.close();
    expect(await readTrackDurations(['a-1-1', 'a-1-2', 'a-1-3', 'a-1-4', 'a-1-5'])).toEqual(
      new Map([['a-1-1', 201.5]]),
    );
    await clearWaitingPlays();
    expect(await readTrackDurations(['a-1-1'])).toEqual(new Map());
  });

  test('signing out clears them all', async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S });
    await keepWaitingPlay({ user: 'u2', track: track(1), at: NOW_S });
    await clearWaitingPlays();
    expect(await countWaitingPlays('u1')).toBe(0);
    expect(await countWaitingPlays('u2')).toBe(0);
  });
});

/** one round of `sendWaiting` against a server that answers with `respond` */
async function sendRound(respond: (request: RecordedRequest) => Response | Promise<Response>) {
  const { api, calls } = fakeApi(respond);
  // any answer tells the client the server's clock
  await api.get('/api/info').catch(() => undefined);
  const actor = createActor(definePlaysActors(api).sendWaiting, { input: { user: 'u1' } }).start();
  return { result: await toPromise(actor), posts: calls.filter((call) => call.method === 'POST') };
}

const answer = (data: unknown, status = 0, message = 'OK') =>
  json({ status, message, data }, { headers: { 'content-type': 'application/json', date: serverDate() } });

describe('one round of sending', () => {
  test('a batch goes in one request, one entry per track; confirmed plays leave the device', async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 300 });
    await keepWaitingPlay({ user: 'u1', track: track(2), at: NOW_S - 200 });
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 100 });
    const { result, posts } = await sendRound(() => answer(null));
    expect(posts.map((post) => post.body)).toEqual([
      [
        { track: { album_id: ALBUM, disc_id: 1, track_id: 1 }, at: [NOW_S - 300, NOW_S - 100] },
        { track: { album_id: ALBUM, disc_id: 1, track_id: 2 }, at: [NOW_S - 200] },
      ],
    ]);
    expect(result).toEqual({ sent: 3, refused: 0, ahead: 0, left: 0 });
  });

  test('at most 100 plays a request; the rest waits for the next round', async () => {
    for (let i = 0; i < 130; i++) await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 1000 + i });
    const { result, posts } = await sendRound(() => answer(null));
    expect((posts[0]!.body as { at: number[] }[])[0]!.at).toHaveLength(100);
    expect(result).toEqual({ sent: 100, refused: 0, ahead: 0, left: 30 });
  });

  test('no answer, a server error or 901000: nothing leaves the device (the round fails, to be tried again)', async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 100 });
    for (const respond of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
      () => answer(null, 901000, 'write error'),
    ]) {
      const { api } = fakeApi(respond);
      const actor = createActor(definePlaysActors(api).sendWaiting, { input: { user: 'u1' } }).start();
      await expect(toPromise(actor)).rejects.toBeTruthy();
      expect(await countWaitingPlays('u1')).toBe(1);
    }
  });

  test('a batch refused as malformed is sent again one play at a time: only the malformed play is dropped', async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 300 });
    await keepWaitingPlay({ user: 'u1', track: track(2), at: NOW_S - 200 });
    await keepWaitingPlay({ user: 'u1', track: track(3), at: NOW_S - 100 });
    const stored: number[] = [];
    const { result, posts } = await sendRound((request) => {
      if (request.method !== 'POST') return answer(null);
      const entries = request.body as { track: { track_id: number }; at: number[] }[];
      // the server refuses any report with track 2 in it
      if (entries.some((entry) => entry.track.track_id === 2)) return answer(null, 902003, 'malformed stat form');
      stored.push(...entries.map((entry) => entry.track.track_id));
      return answer(null);
    });
    expect(posts).toHaveLength(4);
    expect(stored).toEqual([1, 3]);
    expect(result).toEqual({ sent: 2, refused: 1, ahead: 0, left: 0 });
  });

  test("a play stamped over an hour ahead of the server's clock is never sent, and is dropped", async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 100 });
    await keepWaitingPlay({ user: 'u1', track: track(2), at: NOW_S + 3_601 });
    await keepWaitingPlay({ user: 'u1', track: track(3), at: NOW_S + 3_000 });
    const { result, posts } = await sendRound(() => answer(null));
    expect(posts.map((post) => (post.body as { track: { track_id: number } }[]).map((e) => e.track.track_id))).toEqual([
      [1, 3],
    ]);
    expect(result).toEqual({ sent: 2, refused: 0, ahead: 1, left: 0 });
  });

  test("the server's clock is read from its answers: a device two hours fast stamps plays the server would refuse", async () => {
    await keepWaitingPlay({ user: 'u1', track: track(1), at: NOW_S - 100 });
    const slowServer = (data: unknown) =>
      json(
        { status: 0, message: 'OK', data },
        { headers: { 'content-type': 'application/json', date: serverDate(NOW_S - 7_200) } },
      );
    const { result, posts } = await sendRound(() => slowServer(null));
    expect(posts).toHaveLength(0);
    expect(result).toEqual({ sent: 0, refused: 0, ahead: 1, left: 0 });
  });

  test("another account's plays are not sent", async () => {
    await keepWaitingPlay({ user: 'u2', track: track(1), at: NOW_S - 100 });
    const { result, posts } = await sendRound(() => envelope(null));
    expect(posts).toHaveLength(0);
    expect(result).toEqual({ sent: 0, refused: 0, ahead: 0, left: 0 });
    expect(await countWaitingPlays('u2')).toBe(1);
  });
});
