// What the keeping views read of its snapshot (rows, album marks, the 保存到本机 button): loaded
// with those views, not with the first page.
import { albumIdOfKey, trackKey, type TrackIdentity } from '@/shared/track';
import { keptSetOf, type Snapshot } from './selectors';

// the album wall asks per tile: kept tracks are counted per album once per kept list
const albumCounts = new WeakMap<readonly string[], ReadonlyMap<string, number>>();
function albumCountsOf(kept: readonly string[]): ReadonlyMap<string, number> {
  let counts = albumCounts.get(kept);
  if (!counts) {
    const made = new Map<string, number>();
    for (const key of kept) {
      const album = albumIdOfKey(key);
      made.set(album, (made.get(album) ?? 0) + 1);
    }
    counts = made;
    albumCounts.set(kept, counts);
  }
  return counts;
}

/** how many of the album's tracks are kept on this device */
export const keptInAlbum = (albumId: string) => (snapshot: Snapshot) =>
  albumCountsOf(snapshot.context.kept).get(albumId) ?? 0;

// the queue as a set, once per queue (every row asks on every snapshot, as for the kept list)
const queuedSets = new WeakMap<readonly { track: TrackIdentity }[], ReadonlySet<string>>();
function queuedSetOf(queue: readonly { track: TrackIdentity }[]): ReadonlySet<string> {
  let set = queuedSets.get(queue);
  if (!set) {
    set = new Set(queue.map((item) => trackKey(item.track)));
    queuedSets.set(queue, set);
  }
  return set;
}

/** the key of the track downloading now, null when none is */
function downloadingKey(snapshot: Snapshot): string | null {
  const current = snapshot.context.queue[0];
  return current && snapshot.hasTag('downloading') ? trackKey(current.track) : null;
}

/**
 * A track row's part in keeping: kept; downloading now (the whole percent that arrived, when its
 * size is known, else `downloading`); waiting in the queue; or null. A primitive, so a row renders
 * again only when its own state or percent changes.
 */
export type RowKeeping = 'kept' | 'queued' | 'downloading' | number | null;
export const rowKeeping =
  (track: TrackIdentity) =>
  (snapshot: Snapshot): RowKeeping => {
    const key = trackKey(track);
    if (keptSetOf(snapshot.context.kept).has(key)) return 'kept';
    const { queue, progress } = snapshot.context;
    if (queue.length === 0 || !queuedSetOf(queue).has(key)) return null;
    if (downloadingKey(snapshot) !== key) return 'queued';
    return progress.total ? Math.min(100, Math.floor((progress.bytes / progress.total) * 100)) : 'downloading';
  };

/** of these tracks: how many are kept, how many wait in the queue, and whether one of them downloads now */
export const keepingOf = (tracks: readonly TrackIdentity[]) => (snapshot: Snapshot) => {
  const kept = keptSetOf(snapshot.context.kept);
  const queued = queuedSetOf(snapshot.context.queue);
  const current = downloadingKey(snapshot);
  const keys = tracks.map(trackKey);
  return {
    kept: keys.filter((key) => kept.has(key)).length,
    queued: keys.filter((key) => queued.has(key)).length,
    downloading: current !== null && keys.includes(current),
    removing: snapshot.hasTag('removing'),
  };
};

/** of these tracks: the bytes kept, with what arrived of the one downloading now */
export const keptBytesOf = (tracks: readonly TrackIdentity[]) => (snapshot: Snapshot) => {
  const { keptBytes, progress } = snapshot.context;
  const current = downloadingKey(snapshot);
  let bytes = 0;
  for (const track of tracks) {
    const key = trackKey(track);
    bytes += keptBytes[key] ?? 0;
    if (key === current) bytes += progress.bytes;
  }
  return bytes;
};

/** the download in progress: bytes of the current track, and its size when known */
export const progressOf = (snapshot: Snapshot) => snapshot.context.progress;

/** equality of the selection field by field, so a view re-renders only when its counts change */
export const sameKeeping = (a: ReturnType<ReturnType<typeof keepingOf>>, b: ReturnType<ReturnType<typeof keepingOf>>) =>
  a.kept === b.kept && a.queued === b.queued && a.downloading === b.downloading && a.removing === b.removing;
