// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { attachPlayerToWindow, type PlayerRef } from '@/app/playerWiring';
import { settingsMachine } from '@/machines/settings';
import { text } from '@/views/text';

/** just what the window wiring reads of the player: its playback state */
const playerIn = (playback: string) => ({ getSnapshot: () => ({ value: { playback, loopMode: 'listLoop' } }), send: () => {} }) as unknown as PlayerRef;

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
    const settings = createActor(settingsMachine, { input: { quality: 'lossless', pageOnCloseAction: action } }).start();
    const detach = attachPlayerToWindow(playerIn(playback), settings);
    const event = leave();
    expect(event.defaultPrevented).toBe(asks);
    if (asks) expect(event.returnValue).toBe(text.player.confirmLeave);
    detach();
    expect(leave().defaultPrevented).toBe(false);
  });
});
