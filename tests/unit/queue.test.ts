import { describe, expect, test } from 'vitest';
import {
  addToQueue,
  atEnd,
  clampIndex,
  neighbour,
  nextIndex,
  playLater,
  previousIndex,
  queueFinishedMessage,
  randomIndex,
  removeFromQueue,
  replaceQueue,
} from '@/features/player/queue';
import { trackInfoOf, type TrackInfo } from '@/shared/track';

const t = (id: string): TrackInfo => ({
  albumId: id,
  discId: 1,
  trackId: 1,
  title: `title ${id}`,
  artist: 'artist',
  type: 'normal',
  albumTitle: 'album',
});
const [A, B, C, D, E] = ['a', 'b', 'c', 'd', 'e'].map(t) as [TrackInfo, TrackInfo, TrackInfo, TrackInfo, TrackInfo];
const ids = (queue: TrackInfo[]) => queue.map((x) => x.albumId).join('');
const q = (s: string) => [...s].map(t);

describe('addToQueue', () => {
  test.each([
    ['', 'ab', 'ab', 'ab'],
    ['ab', 'cd', 'abcd', 'cd'],
    ['ab', 'b', 'ab', ''],
    ['ab', 'ba', 'ab', ''],
    ['ab', 'bcc', 'abc', 'c'],
    ['', 'aab', 'ab', 'ab'],
    ['abc', '', 'abc', ''],
  ])('%j + %j → %j (added %j)', (queue, tracks, expected, added) => {
    const result = addToQueue(q(queue), q(tracks));
    expect(ids(result.queue)).toBe(expected);
    expect(ids(result.added)).toBe(added);
  });

  test('identity is the track key, not the object or the title', () => {
    const same = { ...A, title: 'another title' };
    const otherDisc = { ...A, discId: 2 };
    const result = addToQueue([A], [same, otherDisc]);
    expect(result.added).toEqual([otherDisc]);
  });
});

describe('playLater', () => {
  test.each([
    // queue, index, track, queue after, index after
    ['', 0, 'a', 'a', 0],
    ['abc', 0, 'd', 'adbc', 0],
    ['abc', 1, 'd', 'abdc', 1],
    ['abc', 2, 'd', 'abcd', 2],
    ['abcd', 0, 'c', 'acbd', 0], // queued after: moved up
    ['abcd', 2, 'a', 'bcad', 1], // queued before: moved after, index follows the current item
    ['abcd', 1, 'c', 'abcd', 1], // already right after the current
    ['abcd', 1, 'b', 'abcd', 1], // the current item itself: nothing moves
    ['abc', 9, 'd', 'abcd', 2], // a stale index is clamped
  ])('%j @%i + %j → %j @%i', (queue, index, track, expected, expectedIndex) => {
    const result = playLater(q(queue), index, t(track));
    expect(ids(result.queue)).toBe(expected);
    expect(result.index).toBe(expectedIndex);
  });

  test('the current item stays current', () => {
    const queue = q('abcde');
    for (let index = 0; index < queue.length; index++) {
      for (const track of [A, C, E, t('z')]) {
        const result = playLater(queue, index, track);
        expect(result.queue[result.index]).toEqual(queue[index]);
      }
    }
  });
});

describe('removeFromQueue', () => {
  test.each([
    // queue, index, at, queue after, index after
    ['abc', 1, 0, 'bc', 0], // before the current: shifts down
    ['abc', 1, 2, 'ab', 1], // after the current: unchanged
    ['abc', 1, 1, 'ac', 1], // the current: the item that slid into place
    ['abc', 2, 2, 'ab', 1], // the current and last: clamped to the new last
    ['abc', 0, 0, 'bc', 0],
    ['a', 0, 0, '', 0],
    ['abc', 1, 5, 'abc', 1], // out of range: nothing happens
    ['abc', 1, -1, 'abc', 1],
    ['abc', 1, 0.5, 'abc', 1],
  ])('%j @%i remove %i → %j @%i', (queue, index, at, expected, expectedIndex) => {
    const result = removeFromQueue(q(queue), index, at);
    expect(ids(result.queue)).toBe(expected);
    expect(result.index).toBe(expectedIndex);
  });
});

describe('replaceQueue', () => {
  test.each([
    ['abc', 1, 'abc', 1],
    ['abac', 3, 'abc', 2], // repeats dropped; the chosen item found again
    ['abac', 2, 'abc', 0], // the chosen one was a repeat: its first occurrence plays
    ['abc', 7, 'abc', 2],
    ['', 0, '', 0],
  ])('%j @%i → %j @%i', (tracks, index, expected, expectedIndex) => {
    const result = replaceQueue(q(tracks), index);
    expect(ids(result.queue)).toBe(expected);
    expect(result.index).toBe(expectedIndex);
  });
});

describe('indices', () => {
  test.each([
    [3, 0, 1, 2],
    [3, 1, 2, 0],
    [3, 2, 0, 1], // next wraps last → first
    [1, 0, 0, 0],
    [0, 0, 0, 0],
    [3, 7, 0, 1], // stale index clamped first
  ])('length %i, index %i: next %i, previous %i', (length, index, next, previous) => {
    expect(nextIndex(length, index)).toBe(next);
    expect(previousIndex(length, index)).toBe(previous);
  });

  test('previous wraps first → last', () => {
    expect(previousIndex(4, 0)).toBe(3);
  });

  test.each([
    [0, 5, 0],
    [3, -1, 0],
    [3, 3, 2],
    [3, 1.7, 1],
    [3, Number.NaN, 0],
  ])('clampIndex(%i, %d) = %i', (length, index, expected) => {
    expect(clampIndex(length, index)).toBe(expected);
  });

  test.each([
    // length, index, random(), expected
    [1, 0, 0.5, 0],
    [0, 0, 0.5, 0],
    [2, 0, 0, 1],
    [2, 1, 0, 0],
    [5, 2, 0, 0],
    [5, 2, 0.49, 1],
    [5, 2, 0.5, 3], // skips the current index
    [5, 2, 0.99, 4],
    [5, 4, 0.999, 3],
    [5, 2, 1, 4], // a random source returning 1 still gives an index
  ])('randomIndex(%i, %i) with random %d → %i', (length, index, r, expected) => {
    expect(randomIndex(length, index, () => r)).toBe(expected);
  });

  test('randomIndex never repeats the current index and covers the others', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const r = randomIndex(4, 1, () => i / 100);
      expect(r).not.toBe(1);
      seen.add(r);
    }
    expect([...seen].sort()).toEqual([0, 2, 3]);
  });
});

describe('neighbour and 播放队列播完啦', () => {
  test.each([
    // queue, index, direction, neighbour, at an end, message
    ['abc', 0, 'next', 1, false, false],
    ['abc', 2, 'next', 0, true, false], // wraps last → first
    ['abc', 0, 'previous', 2, true, false], // wraps first → last
    ['abc', 1, 'previous', 0, false, false],
    ['a', 0, 'next', 0, true, false], // a single item is its own neighbour
    ['a', 0, 'previous', 0, true, false],
    ['', 0, 'next', null, false, true], // empty queue: no neighbour, no end → message
    ['', 0, 'previous', null, false, true],
    ['abc', 5, 'next', null, false, true], // index past the queue: no neighbour → message
    ['abc', 3, 'previous', 2, false, false], // queue[index - 1] exists: a neighbour
  ] as const)('%j @%i %s → %j (end %s, message %s)', (queue, index, direction, expected, end, message) => {
    const items = q(queue);
    expect(neighbour(items, index, direction)).toBe(expected);
    expect(atEnd(items.length, index, direction)).toBe(end);
    expect(queueFinishedMessage(items, index, direction)).toBe(message);
  });
});

test('trackInfoOf keeps identity and display fields only', () => {
  const track = { ...A, artists: { vocal: 'X' }, tags: ['t'], coverUrl: 'http://x?auth=secret', playUrl: 'http://y' };
  const item = trackInfoOf(track);
  expect(item).toEqual({ ...A, artists: { vocal: 'X' } });
  expect(JSON.stringify(item)).not.toContain('auth');
});

test('a new object each time: editing an item does not touch the source', () => {
  const item = trackInfoOf({ ...B, artists: { vocal: 'X' } });
  item.artists!.vocal = 'Y';
  expect(trackInfoOf(D)).not.toBe(D);
});
