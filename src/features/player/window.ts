// What the player does with the window: OS media keys, the Space key and the leave-page question.
import type { SettingsRef } from '@/features/settings';
import { setMediaHandlers } from '@/services/mediaSession';
import { text } from '@/shared/text';
import type { PlayerRef } from './playerMachine';
import { isPlaying } from './selectors';

/** elements where Space already means something (typing, pressing, moving a slider) */
const SPACE_OWNERS = 'input, textarea, select, button, a[href], summary, [contenteditable=""], [contenteditable="true"], [role="button"], [role="slider"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"]';

/** Space plays and pauses, as in other players, unless the focused element uses Space itself */
export function isPlayPauseKey(event: KeyboardEvent): boolean {
  if (event.code !== 'Space' || event.repeat || event.defaultPrevented) return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false;
  const target = event.target;
  return !(target instanceof Element && target.closest(SPACE_OWNERS));
}

/** OS media keys, the Space key and the leave-page question; returns the cleanup */
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
  const keyDown = (event: KeyboardEvent) => {
    if (!isPlayPauseKey(event)) return;
    event.preventDefault(); // not a page scroll
    player.send({ type: 'TOGGLE_PLAY' });
  };
  window.addEventListener('beforeunload', beforeUnload);
  window.addEventListener('keydown', keyDown);
  return () => {
    removeHandlers();
    window.removeEventListener('beforeunload', beforeUnload);
    window.removeEventListener('keydown', keyDown);
  };
}
