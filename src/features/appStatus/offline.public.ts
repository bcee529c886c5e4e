// Whether the app is offline (离线中), for views of other features that build what they show from
// the device then (主页). Here, not in index.ts, so it loads with them, not with the first page.
import { useSelector } from '@xstate/react';
import { useAppStatus } from './context';
import { isOffline } from './selectors';

export function useOffline(): boolean {
  return useSelector(useAppStatus(), isOffline);
}
