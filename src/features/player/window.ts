// What the player does with the window: OS media keys and the leave-page question. The keyboard's
// shortcuts (Space and the others) are features/shortcuts', composed in app/AppShortcuts.tsx.
import type { SettingsRef } from '@/features/settings';
import { setMediaHandlers } from '@/services/mediaSession';
import { text } from '@/shared/firstPageText';
import type { PlayerRef } from './playerMachine';
import { isPlaying } from './selectors';

/** OS media keys and the leave-page question; returns the cleanup (keys: features/shortcuts) */
export function attachPlayerToWindow(player: PlayerRef, settings: SettingsRef): () => void {
  const playing = () => isPlaying(player.getSnapshot());
  const removeHandlers = setMediaHandlers({
    play: () => !playing() && player.send({ type: 'TOGGLE_PLAY' }),
    pause: () => playing() && player.send({ type: 'TOGGLE_PLAY' }),
    previous: () => player.send({ type: 'PREVIOUS' }),
    next: () => player.send({ type: 'NEXT' }),
  });
  const beforeUnload = (event: BeforeUnloadEvent) => {
    if (settings.getSnapshot().context.pageOnCloseAction !== 'confirmWhenPlaying' || !playing()) return;
    event.preventDefault();
    // older browsers show (or at least need) a returnValue
    event.returnValue = text.player.confirmLeave;
  };
  window.addEventListener('beforeunload', beforeUnload);
  return () => {
    removeHandlers();
    window.removeEventListener('beforeunload', beforeUnload);
  };
}
