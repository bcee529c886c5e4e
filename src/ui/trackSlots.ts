// Places where other features put their controls into views they do not own, composed by the app:
// the heart and 添加到播放列表 on every track row, the heart in the player bar, the like button on
// the album page. The player and browse features render the slots without knowing what fills them,
// so no feature depends on the favourites or playlists feature to draw a row.
import { createContext, useContext, type ReactNode } from 'react';
import type { TrackInfo } from '@/shared/track';
import type { AlbumInfo, LikedPlaylist, PlaylistCover } from '@/shared/types';

export interface TrackSlots {
  /** buttons a track row shows beside 添加到当前播放队列 (the heart) */
  rowButtons?: (track: TrackInfo) => ReactNode;
  /** items of a row's More menu (添加到播放列表) */
  menuItems?: (tracks: readonly TrackInfo[]) => ReactNode;
  /** in the player bar, for the track shown there */
  nowPlaying?: (track: TrackInfo) => ReactNode;
  /** on the album page, before 播放全部 */
  album?: (albumId: string) => ReactNode;
  /** on another listener's public playlist's page: its like button */
  playlistLike?: (playlist: LikedPlaylist) => ReactNode;
  /** for a whole list (the queue page: 添加到播放列表 for every queued track) */
  listActions?: (tracks: readonly TrackInfo[]) => ReactNode;
  /** on /now, the shown track's lyrics at the player's time (seconds); a line's click seeks there */
  lyrics?: (track: TrackInfo, time: number, onSeek: (seconds: number) => void) => ReactNode;
  /**
   * 保存到本机 for a list's playable tracks (album page, playlist page, liked tracks): kept on this
   * device for listening offline; `listSize`, the list's tracks in all, so a list whose playable
   * tracks are all kept but not all its tracks (offline, only kept ones play) says how many
   */
  keep?: (tracks: readonly TrackInfo[], listSize?: number) => ReactNode;
  /** beside an album tile's title (the album wall): 已保存到本机 when its tracks are kept on this device */
  albumTile?: (album: AlbumInfo) => ReactNode;
  /** 定时关闭 (the player bar, /now): for everyone, signed in or not */
  sleepTimer?: () => ReactNode;
  /** 音效 (the player bar, /now): for everyone, signed in or not */
  sound?: () => ReactNode;
  /** 分享 for a list's tracks (album page, playlist page, queue page); `name` starts the form */
  share?: (tracks: readonly TrackInfo[], options: { name?: string; cover?: PlaylistCover }) => ReactNode;
}

export const TrackSlotsContext = createContext<TrackSlots>({});

export function useTrackSlots(): TrackSlots {
  return useContext(TrackSlotsContext);
}
