import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useCreated } from '@/ui/useLoaded';
import type { SoundRef } from './soundMachine';

// the sound settings load after the first page, with the 音效 panel (app/system.ts)
const [SoundProvider, useSoundLater] = providedContext<LoadedLater<SoundRef>>('Sound');
export { SoundProvider };

/** the sound settings, null until their code has loaded; never suspends (the panel is in the frame too) */
export const useSound = (): SoundRef | null => useCreated(useSoundLater());
