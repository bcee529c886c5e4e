// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { attachPlayerToWindow, type PlayerRef } from '@/features/player';
import { settingsMachine } from '@/features/settings/settingsMachine';
import { text } from '@/shared/text';

/** just what the window wiring reads of the player: its playback state (as its tags say it) */
const playerIn = (playback: string, sent: unknown[] = []) =>
  ({
    getSnapshot: () => ({ hasTag: (tag: string) => tag === playback || tag === 'listLoop' }),
    send: (event: unknown) => sent.push(event),
  }) as unknown as PlayerRef;
const settingsWith = (pageOnCloseAction: 'none' | 'confirmWhenPlaying' = 'none') =>
  createActor(settingsMachine, { input: { quality: 'lossless', pageOnCloseAction, colorScheme: 'auto' } }).start();

function leave(): BeforeUnloadEvent {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  window.dispatchEvent(event);
  return event;
}

describe('leaving the page', () => {
  it.each([
    ['confirmWhenPlaying', 'playing', true],
    ['confirmWhenPlaying', 'paused', false],
    ['none', 'playing', false],
  ] as const)('with %s while %s asks: %s', (action, playback, asks) => {
    const detach = attachPlayerToWindow(playerIn(playback), settingsWith(action));
    const event = leave();
    expect(event.defaultPrevented).toBe(asks);
    if (asks) expect(event.returnValue).toBe(text.player.confirmLeave);
    detach();
    expect(leave().defaultPrevented).toBe(false);
  });
});
