// What views of other features read of what this device keeps (主页's 继续播放 offline, its
// 已保存到本机 shelf). Here, not in index.ts, so it loads with them, not with the first page.
import { useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import type { TrackIdentity } from '@/shared/track';
import { useKeeping, useKeepingLoaded } from './context';
import { isKept } from './selectors';

export function useKept(track: TrackIdentity): boolean {
  return useSelector(useKeeping(), isKept(track));
}

/** how many tracks are kept, without waiting for the keeping store's code (0 until it is here): it moves as downloads finish and keeps are removed */
export function useKeptCount(): number {
  const keeping = useKeepingLoaded();
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = keeping?.subscribe(changed);
      return () => subscription?.unsubscribe();
    },
    [keeping],
  );
  const count = () => keeping?.getSnapshot().context.kept.length ?? 0;
  return useSyncExternalStore(subscribe, count, count);
}
