// What each keyboard shortcut does in this app (features/shortcuts only knows keys): the player's
// events, and `/` to the search box — the one on the page, or the search page's, which takes the
// focus when it opens without a keyword.
import { useLocation } from 'wouter';
import { KeyboardShortcuts, type ShortcutCommand } from '@/features/shortcuts';
import type { PlayerRef } from '@/features/player';
import { SEEK_STEP_SECONDS, VOLUME_STEP_PERCENT } from '@/shared/constants';

type PlayerEvent = Parameters<PlayerRef['send']>[0];

const PLAYER_EVENTS: Record<Exclude<ShortcutCommand, 'help' | 'search'>, PlayerEvent> = {
  playPause: { type: 'TOGGLE_PLAY' },
  seekBack: { type: 'SEEK_BY', seconds: -SEEK_STEP_SECONDS },
  seekForward: { type: 'SEEK_BY', seconds: SEEK_STEP_SECONDS },
  previous: { type: 'PREVIOUS' },
  next: { type: 'NEXT' },
  volumeUp: { type: 'CHANGE_VOLUME', by: VOLUME_STEP_PERCENT },
  volumeDown: { type: 'CHANGE_VOLUME', by: -VOLUME_STEP_PERCENT },
  mute: { type: 'TOGGLE_MUTE' },
  loopMode: { type: 'CYCLE_LOOP_MODE' },
};

export function AppShortcuts({ player }: { player: PlayerRef }) {
  const [, navigate] = useLocation();
  return (
    <KeyboardShortcuts
      onCommand={(command) => {
        if (command !== 'search') return player.send(PLAYER_EVENTS[command]);
        const box = document.querySelector<HTMLInputElement>('form[role="search"] input');
        if (box) {
          box.focus();
          box.select();
        } else navigate('/search');
      }}
    />
  );
}
