import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useReady } from '@/ui/useLoaded';
import type { LyricsRef } from './lyricsMachine';

// the lyrics actor loads after the first page, with the first lyrics panel (app/system.ts)
const [LyricsProvider, useLyricsLater] = providedContext<LoadedLater<LyricsRef>>('Lyrics');
export { LyricsProvider };

/** the lyrics actor; the panel waits (its Suspense fallback shows) until its code has loaded */
export const useLyrics = (): LyricsRef => useReady(useLyricsLater());
