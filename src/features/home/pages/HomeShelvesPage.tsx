// 主页 for a signed-in listener (docs/behaviour.md#home): 继续播放, then the shelves, each loading on
// its own. A listener with no library yet sees 空无一物的主页 and the way to 音频仓库. A sync or
// going offline (or back) reads every shelf again, keeping what they show meanwhile; plays the
// server got read 最近播放 and 本月最常播放 again, a like or an unlike 喜欢的专辑, a track kept or
// let go 已保存到本机.
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { useOffline } from '@/features/appStatus/offline.public';
import { useAccessGeneration, useCredentials } from '@/features/library';
import { useNoLibrary } from '@/features/library/noLibrary.public';
import { useLikedAlbumsKey } from '@/features/favourites/likedAlbums.public';
import { usePlaysSent } from '@/features/listening/plays.public';
import { useKeptCount } from '@/features/offline/kept.public';
import { text } from '@/shared/text';
import { ContinueCard } from '../components/ContinueCard';
import { Shelf } from '../components/Shelf';
import { SHELF_NAMES, type ShelfName } from '../start';

/** each shelf's full list; every album: the one library's list, or 音频仓库 where each library's opens */
const fullLists = (libraries: readonly { url: string }[] | null): Record<ShelfName, string> => ({
  recentlyPlayed: '/history',
  recentlyAdded: '/smart/recently-added',
  monthTop: '/stats',
  random: libraries?.length === 1 ? `/album/list?url=${encodeURIComponent(libraries[0]!.url)}` : '/library',
  liked: '/fav/albums',
  kept: '/user/index?tab=storage',
});

export default function HomeShelves() {
  const noLibrary = useNoLibrary();
  const lists = fullLists(useCredentials());
  const generation = useAccessGeneration();
  const offline = useOffline();
  const playsSent = usePlaysSent();
  const likedAlbums = useLikedAlbumsKey();
  const keptCount = useKeptCount();
  if (noLibrary)
    return (
      <Stack gap="xs">
        <Text>{text.home.body}</Text>
        <Text c="dimmed">{text.home.noLibrary}</Text>
        <Anchor component={Link} href="/library" w="fit-content">
          {text.home.toLibrary}
        </Anchor>
      </Stack>
    );
  const refresh = `${generation}|${offline}`;
  // what else a shelf follows: the plays the server got meanwhile, the likes
  const follows: Partial<Record<ShelfName, string>> = {
    recentlyPlayed: String(playsSent),
    monthTop: String(playsSent),
    liked: likedAlbums,
    kept: String(keptCount),
  };
  return (
    <Stack gap="xl">
      <ContinueCard />
      {SHELF_NAMES.map((name) => (
        <Shelf
          key={name}
          name={name}
          title={text.home.shelves[name]}
          href={lists[name]}
          refresh={`${refresh}|${follows[name] ?? ''}`}
        />
      ))}
    </Stack>
  );
}
