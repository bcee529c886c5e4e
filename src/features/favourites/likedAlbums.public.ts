// The liked albums as one key that changes with them (主页's 喜欢的专辑 reads again when it does),
// without waiting for the favourites' code: '' until it is here. Here, not in index.ts, so it
// loads with the views that follow it.
import { useCallback, useSyncExternalStore } from 'react';
import { useLoaded } from '@/ui/useLoaded';
import { useFavouritesLater } from './context';
import { favouriteAlbumsOf } from './selectors';

export function useLikedAlbumsKey(): string {
  const feature = useLoaded(useFavouritesLater());
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = feature?.favourites.subscribe(changed);
      return () => subscription?.unsubscribe();
    },
    [feature],
  );
  const key = () => (feature ? favouriteAlbumsOf(feature.favourites.getSnapshot()).join() : '');
  return useSyncExternalStore(subscribe, key, key);
}
