// Whether a track is kept on this device, for views of other features (主页's 继续播放 offline).
// Here, not in index.ts, so it loads with them, not with the first page.
import { useSelector } from '@xstate/react';
import type { TrackIdentity } from '@/shared/track';
import { useKeeping } from './context';
import { isKept } from './selectors';

export function useKept(track: TrackIdentity): boolean {
  return useSelector(useKeeping(), isKept(track));
}
