// The liked albums as one key that changes with them (主页's 喜欢的专辑 reads again when it does),
// without waiting for the favourites' code: '' until it is here. Here, not in index.ts, so it
// loads with the views that follow it.
import { useLoaded, useSelectorOrNone } from '@/ui/useLoaded';
import { useFavouritesLater } from './context';
import { favouriteAlbumsOf } from './selectors';

export function useLikedAlbumsKey(): string {
  const feature = useLoaded(useFavouritesLater());
  return useSelectorOrNone(feature?.favourites ?? null, (snapshot) => favouriteAlbumsOf(snapshot).join(), '');
}
