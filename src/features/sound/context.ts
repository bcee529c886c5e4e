import { useEffect } from 'react';
import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useLoaded } from '@/ui/useLoaded';
import type { SoundRef } from './soundMachine';

// the sound settings load after the first page, with the 音效 panel (app/system.ts)
const [SoundProvider, useSoundLater] = providedContext<LoadedLater<SoundRef>>('Sound');
export { SoundProvider };

/** the sound settings, null until their code has loaded; never suspends (the panel is in the frame too) */
export function useSound(): SoundRef | null {
  const later = useSoundLater();
  useEffect(() => {
    later.ready().catch(() => {
      // its code did not load (offline before it was cached): no 音效 panel until a reload
    });
  }, [later]);
  return useLoaded(later);
}
