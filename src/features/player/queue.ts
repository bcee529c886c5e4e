// Play-queue arithmetic (docs/behaviour.md#player), pure: the player machine calls these and tables test them.
// A queue item holds identity and display fields only; URLs (with tokens) are rebuilt from the
// current credentials whenever an item is played, so a saved queue never holds a stale token.
import { trackKey, type TrackInfo } from '@/shared/track';

export type Direction = 'next' | 'previous';

/** `index` within 0..length-1 (0 for an empty queue); non-numbers count as 0 */
export function clampIndex(length: number, index: number): number {
  if (length <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), length - 1);
}

/** the tracks without repeats, first occurrence kept */
function unique(tracks: readonly TrackInfo[], known: Set<string> = new Set()): TrackInfo[] {
  const result: TrackInfo[] = [];
  for (const track of tracks) {
    const key = trackKey(track);
    if (known.has(key)) continue;
    known.add(key);
    result.push(track);
  }
  return result;
}

/** appends what is not queued yet (nor repeated within `tracks`); `added` is what was appended */
export function addToQueue(
  queue: readonly TrackInfo[],
  tracks: readonly TrackInfo[],
): { queue: TrackInfo[]; added: TrackInfo[] } {
  const added = unique(tracks, new Set(queue.map(trackKey)));
  return { queue: [...queue, ...added], added };
}

/**
 * Replace-and-play: the new queue without repeats, and where the chosen item (`tracks[index]`)
 * ended up in it.
 */
export function replaceQueue(tracks: readonly TrackInfo[], index: number): { queue: TrackInfo[]; index: number } {
  const queue = unique(tracks);
  const chosen = tracks[clampIndex(tracks.length, index)];
  const at = chosen ? queue.findIndex((t) => trackKey(t) === trackKey(chosen)) : 0;
  return { queue, index: Math.max(at, 0) };
}

/**
 * Play later: the track goes right after the current item (position index + 1; with the first
 * item current, that is the spec's "second position"). A track already queued is moved there; the
 * current item itself stays where it is. `index` keeps pointing at the same current item.
 */
export function playLater(
  queue: readonly TrackInfo[],
  index: number,
  track: TrackInfo,
): { queue: TrackInfo[]; index: number } {
  if (queue.length === 0) return { queue: [track], index: 0 };
  let current = clampIndex(queue.length, index);
  const key = trackKey(track);
  const existing = queue.findIndex((t) => trackKey(t) === key);
  if (existing === current) return { queue: [...queue], index: current };
  const rest = queue.filter((_, i) => i !== existing);
  if (existing !== -1 && existing < current) current -= 1;
  rest.splice(current + 1, 0, track);
  return { queue: rest, index: current };
}

/**
 * Removes the item at `at`. Removing an item before the current one shifts the index down;
 * removing the current item leaves the index on the item that slid into its place (clamped, so
 * removing the last item selects the new last one).
 */
export function removeFromQueue(
  queue: readonly TrackInfo[],
  index: number,
  at: number,
): { queue: TrackInfo[]; index: number } {
  if (!Number.isInteger(at) || at < 0 || at >= queue.length) return { queue: [...queue], index };
  const rest = queue.filter((_, i) => i !== at);
  const shifted = at < index ? index - 1 : index;
  return { queue: rest, index: clampIndex(rest.length, shifted) };
}

/** index + 1, wrapping from the last to the first */
export function nextIndex(length: number, index: number): number {
  if (length <= 0) return 0;
  return (clampIndex(length, index) + 1) % length;
}

/** index - 1, wrapping from the first to the last */
export function previousIndex(length: number, index: number): number {
  if (length <= 0) return 0;
  return (clampIndex(length, index) - 1 + length) % length;
}

/** a random index, different from `index` whenever there is another one to choose */
export function randomIndex(length: number, index: number, random: () => number = Math.random): number {
  if (length <= 1) return 0;
  const r = Math.min(Math.floor(Math.max(random(), 0) * (length - 1)), length - 2);
  return r >= index ? r + 1 : r;
}

/** whether `index` is the end of the queue that `direction` runs into (an empty queue has no ends) */
export function atEnd(length: number, index: number, direction: Direction): boolean {
  return length > 0 && index === (direction === 'next' ? length - 1 : 0);
}

/**
 * The item `direction` leads to, or null when there is none.
 *
 * Reading (docs/behaviour.md#player, as the original client did it): the neighbour is the adjacent item when it
 * exists; at an end the queue wraps (last → first, first → last; a single item is its own
 * neighbour); otherwise there is none. So there is no neighbour exactly when the queue is empty or
 * the index points past it (the current track no longer in the queue, e.g. after clearing it while
 * a track played).
 */
export function neighbour(queue: readonly unknown[], index: number, direction: Direction): number | null {
  const step = direction === 'next' ? 1 : -1;
  if (queue[index + step] !== undefined) return index + step;
  if (atEnd(queue.length, index, direction)) return direction === 'next' ? 0 : queue.length - 1;
  return null;
}

/**
 * Spec 4.2, word for word: "The info message 播放队列播完啦 appears only if there is no neighbour
 * and the index is not at an end." Because an end always wraps to a neighbour, the second clause
 * never removes a case today; it is kept so the rule reads as written. In practice the message
 * shows when next/previous (or the end of a track) finds an empty queue.
 */
export function queueFinishedMessage(queue: readonly unknown[], index: number, direction: Direction): boolean {
  return neighbour(queue, index, direction) === null && !atEnd(queue.length, index, direction);
}
