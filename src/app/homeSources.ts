// 主页's sources as the app composes them (docs/architecture.md#2-a-feature-folder), loaded with the home
// page's shelves: the liked albums once the favourites are known (read again when they failed), the
// kept tracks once known, the library worker's picks.
import { waitFor } from 'xstate';
import type { FavouritesFeature } from '@/features/favourites/start';
import { favouriteAlbumsOf, favouritesFailedOf, favouritesKnownOf } from '@/features/favourites/selectors';
import { startHome, type HomeDeps } from '@/features/home/start';
import type { KeepingRef } from '@/features/offline/keepingMachine';
import { keptAlbumInfoOf, keptKnown } from '@/features/offline';
import type { BrowseLoads } from '@/features/browse/actors';
import type { LoadedLater } from '@/shared/loadedLater';
import { text } from '@/shared/text';
import { libraryWorker } from '@/storage/libraryWorker';

interface HomeParts
  extends Omit<HomeDeps, 'albumInfo' | 'keptAlbumInfo' | 'albumPicks' | 'likedAlbums' | 'keptTracks'> {
  browse: Pick<BrowseLoads, 'albumInfo'>;
  favourites: LoadedLater<FavouritesFeature>;
  keeping: LoadedLater<KeepingRef>;
}

export function createHome({ browse, favourites, keeping, ...deps }: HomeParts) {
  return startHome({
    ...deps,
    albumInfo: (albumId) => browse.albumInfo(albumId),
    keptAlbumInfo: keptAlbumInfoOf,
    albumPicks: (pick, limit, seed) => libraryWorker.albumPicks(pick, limit, seed),
    async likedAlbums() {
      const { favourites: likes } = await favourites.ready();
      // 重试 on a shelf that failed with the favourites reads them again
      if (favouritesFailedOf(likes.getSnapshot())) likes.send({ type: 'LOAD' });
      const known = await waitFor(likes, favouritesKnownOf);
      if (favouritesFailedOf(known)) throw new Error(text.home.likedUnread);
      return favouriteAlbumsOf(known);
    },
    async keptTracks() {
      const actor = await keeping.ready();
      return (await waitFor(actor, keptKnown)).context.kept;
    },
  });
}
