// What 主页's 继续播放 reads of the player and does with it, and how a shelf's cover plays an album:
// here, not in index.ts, so it loads with the home page, not with the first page.
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { usePlayer } from './context';
import { isPlaying, nowPlayingOf } from './selectors';
import type { PlayerSnapshot } from './playerMachine';

/** where the selected track stopped: the point it was restored with until it plays, else where it is */
const stoppedAtOf = (s: PlayerSnapshot) => Math.floor(s.context.resumeAt?.seconds ?? s.context.currentTime);

/** the selected track (the saved queue's after a reload), where it stopped, whether it plays, and 继续播放 */
export function useContinue() {
  const player = usePlayer();
  return {
    track: useSelector(player, nowPlayingOf),
    seconds: useSelector(player, stoppedAtOf),
    playing: useSelector(player, isPlaying),
    resume: useCallback(() => player.send({ type: 'TOGGLE_PLAY' }), [player]),
  };
}

export { usePlayTracks } from './components/PlayButtons';
