// What the lyrics panel reads of the lyrics actor: its tags, never state names.
import type { SnapshotFrom } from 'xstate';
import type { LyricsRef } from './lyricsMachine';

export type LyricsState = 'idle' | 'loading' | 'shown' | 'none' | 'failed';

export const lyricsStateOf = (s: SnapshotFrom<LyricsRef>): LyricsState =>
  s.hasTag('busy')
    ? 'loading'
    : s.hasTag('shown')
      ? 'shown'
      : s.hasTag('none')
        ? 'none'
        : s.hasTag('failed')
          ? 'failed'
          : 'idle';
