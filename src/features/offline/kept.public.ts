// What views of other features read of what this device keeps (主页's 继续播放 offline, its
// 已保存到本机 shelf), without waiting for the keeping store's code. Here, not in index.ts, so it
// loads with them, not with the first page.
import type { TrackIdentity } from '@/shared/track';
import { useSelectorOrNone } from '@/ui/useLoaded';
import { useKeepingLoaded } from './context';
import { isKept } from './selectors';

/** whether the track is kept on this device (false until the keeping store is here) */
export function useKept(track: TrackIdentity): boolean {
  return useSelectorOrNone(useKeepingLoaded(), isKept(track), false);
}

/** how many tracks are kept (0 until the keeping store is here): it moves as downloads finish and keeps are removed */
export function useKeptCount(): number {
  return useSelectorOrNone(useKeepingLoaded(), (snapshot) => snapshot.context.kept.length, 0);
}
