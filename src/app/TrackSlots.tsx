// What fills the track slots (src/ui/trackSlots.ts): the heart on rows and in the player bar, the
// album page's like button, 添加到播放列表 and 分享, for a signed-in listener only (docs/behaviour.md#who-sees-what).
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useLoginState } from '@/features/session';
import { useSettings } from '@/features/settings';
import { useSelector } from '@xstate/react';
import type { TrackInfo } from '@/shared/track';
import { TrackSlotsContext, type TrackSlots } from '@/ui/trackSlots';

// The hearts and the album's like button load after the first page, with the favourites store
const TrackHeart = lazy(async () => ({ default: (await import('@/features/favourites/components')).TrackHeart }));
const AlbumLikeButton = lazy(async () => ({
  default: (await import('@/features/favourites/components')).AlbumLikeButton,
}));
const PlaylistLikeButton = lazy(async () => ({
  default: (await import('@/features/favourites/components')).PlaylistLikeButton,
}));
// Only rows' menus and the queue page show these: they load with those, not with the first page.
const AddToPlaylistMenuItem = lazy(async () => ({
  default: (await import('@/features/playlists/components')).AddToPlaylistMenuItem,
}));
const AddToPlaylistButton = lazy(async () => ({
  default: (await import('@/features/playlists/components')).AddToPlaylistButton,
}));
const LyricsPanel = lazy(() => import('@/features/lyrics/components/LyricsPanel'));
// 保存到本机 and the rows' 已保存到本机 marks load after the first page, as 分享 does
const KeepButton = lazy(async () => ({ default: (await import('@/features/offline/components')).KeepButton }));
const KeepMenuItem = lazy(async () => ({ default: (await import('@/features/offline/components')).KeepMenuItem }));
const KeptMark = lazy(async () => ({ default: (await import('@/features/offline/components')).KeptMark }));
const KeptAlbumMark = lazy(async () => ({ default: (await import('@/features/offline/components')).KeptAlbumMark }));
const ShareButton = lazy(async () => ({ default: (await import('@/features/share/components')).ShareButton }));
// 定时关闭 loads after the first page, with the sleep timer's actor
const SleepTimerButton = lazy(() => import('@/features/sleepTimer/components/SleepTimerButton'));
// 音效 too, with the sound settings' actor
const SoundButton = lazy(() => import('@/features/sound/components/SoundButton'));

/** a slot's view, drawn once its code has loaded (nothing before) */
const later = (view: ReactNode) => <Suspense fallback={null}>{view}</Suspense>;

/** what every listener gets, signed in or not */
const forEveryone: TrackSlots = {
  sleepTimer: () => later(<SleepTimerButton />),
  sound: () => later(<SoundButton />),
};

/** a share's cover when the list has none of its own: the first track's disc */
const coverOf = (tracks: readonly TrackInfo[]) => ({
  albumId: tracks[0]?.albumId ?? '',
  discId: tracks[0]?.discId ?? 1,
});

export function TrackSlotsProvider({ children }: { children: ReactNode }) {
  const signedIn = useLoginState() === 'loggedIn';
  // kept in the listener's chosen quality (保存到本机)
  const quality = useSelector(useSettings(), (snapshot) => snapshot.context.quality);
  const slots = useMemo<TrackSlots>(
    () =>
      signedIn
        ? {
            ...forEveryone,
            // each on its own: the heart shows while the kept mark's code still loads
            rowButtons: (track) => (
              <>
                {later(<KeptMark track={track} />)}
                {later(<TrackHeart track={track} />)}
              </>
            ),
            nowPlaying: (track) => later(<TrackHeart track={track} />),
            album: (albumId) => later(<AlbumLikeButton albumId={albumId} />),
            playlistLike: (playlist) => later(<PlaylistLikeButton playlist={playlist} />),
            menuItems: (tracks) =>
              later(
                <>
                  <AddToPlaylistMenuItem tracks={tracks} />
                  {tracks.length === 1 && <KeepMenuItem track={tracks[0]!} quality={quality} />}
                </>,
              ),
            lyrics: (track, time, onSeek) => later(<LyricsPanel track={track} time={time} onSeek={onSeek} />),
            listActions: (tracks) => later(<AddToPlaylistButton tracks={tracks} queue />),
            keep: (tracks, listSize) => later(<KeepButton tracks={tracks} quality={quality} listSize={listSize} />),
            albumTile: (album) => later(<KeptAlbumMark album={album} />),
            share: (tracks, { name, cover }) =>
              later(<ShareButton tracks={tracks} name={name} cover={cover ?? coverOf(tracks)} />),
          }
        : forEveryone,
    [signedIn, quality],
  );
  return <TrackSlotsContext.Provider value={slots}>{children}</TrackSlotsContext.Provider>;
}
