// One play of 最近播放: when it began, its play button and row menu (添加到当前播放队列, the heart,
// 稍后播放, 添加到播放列表), its title, artist and album (a link to the album). A track no library
// of the listener has shows greyed, saying so, never as an error.
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor } from '@mantine/core';
import { Link } from 'wouter';
import { PlayButton, TrackMenu } from '@/features/player/components';
import { timeOfDay } from '@/rules/history';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import { ArtistText } from '@/ui/ArtistText';
import type { HistoryRow as Row } from '../historyMachine';
import classes from './HistoryRow.module.css';

export function HistoryRow({ row, odd, playable }: { row: Row; odd: boolean; playable: readonly TrackInfo[] }) {
  const { track } = row;
  return (
    <div className={`${classes.row} ${row.playable ? '' : classes.unavailable}`} data-odd={odd || undefined}>
      <span className={classes.time}>{timeOfDay(row.at)}</span>
      <PlayButton tracks={playable} track={track} />
      <div className={classes.main}>
        <div className={classes.line}>
          <span className={classes.title}>{track.title}</span>
          {!row.playable && <span className={classes.note}>{text.listening.unavailable}</span>}
        </div>
        <div className={classes.sub}>
          <ArtistText artist={track.artist} className={classes.artist} />
          {row.known && (
            <Anchor
              component={Link}
              href={`/album/${track.albumId}`}
              className={classes.album}
              inherit
              aria-label={`${text.listening.openAlbum} ${track.albumTitle}`}
            >
              {track.albumTitle}
            </Anchor>
          )}
        </div>
      </div>
      <TrackMenu track={track} disabled={!row.playable} />
    </div>
  );
}
