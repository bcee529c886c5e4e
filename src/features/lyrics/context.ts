import { providedContext } from '@/ui/providedContext';
import type { LyricsRef } from './lyricsMachine';

export const [LyricsProvider, useLyrics] = providedContext<LyricsRef>('Lyrics');
