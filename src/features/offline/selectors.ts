// What the app reads of the keeping actor's snapshot on the first page: whether it is known, and
// whether a track is kept. The rows' and buttons' finer selections are in viewSelectors.ts.
import { trackKey, type TrackIdentity } from '@/shared/track';
import type { KeepingContext } from './keepingMachine';

export type Snapshot = { context: KeepingContext; hasTag(tag: string): boolean };

/** whether what this device keeps is known (read, or nobody signed in to read it for) */
export const keptKnown = (snapshot: Snapshot) => !snapshot.hasTag('reading');

// Every row's mark asks on every snapshot (progress arrives several times a second): the kept list
// is made a set once per list, not scanned once per row.
const keptSets = new WeakMap<readonly string[], ReadonlySet<string>>();
export function keptSetOf(kept: readonly string[]): ReadonlySet<string> {
  let set = keptSets.get(kept);
  if (!set) {
    set = new Set(kept);
    keptSets.set(kept, set);
  }
  return set;
}

/** whether the track is kept on this device (in any quality) */
export const isKept = (track: TrackIdentity) => (snapshot: Snapshot) =>
  keptSetOf(snapshot.context.kept).has(trackKey(track));
