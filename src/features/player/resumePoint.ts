// Where the current track is, kept for 继续播放 after a reload (docs/behaviour.md#local-storage):
// every 5 s of playing and at a pause. A restored track not played yet keeps the point it was
// restored with.
import { trackKey } from '@/shared/track';
import { writeLocal } from '@/storage/local';
import type { PlayerRef } from './playerMachine';
import { isPlaying } from './selectors';

export function keepResumePoint(player: PlayerRef): void {
  let written = '';
  player.subscribe((snapshot) => {
    const { nowPlaying, currentTime, resumeAt } = snapshot.context;
    if (!nowPlaying || resumeAt) return;
    const key = trackKey(nowPlaying);
    const at = `${key} ${Math.floor(currentTime / 5)} ${isPlaying(snapshot)}`;
    if (at === written) return;
    written = at;
    writeLocal('player.position', { key, seconds: Math.floor(currentTime) });
  });
}
