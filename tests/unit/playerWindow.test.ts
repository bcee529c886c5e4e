// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { attachPlayerToWindow, type PlayerRef } from '@/features/player';
import { settingsMachine } from '@/features/settings/settingsMachine';
import { text } from '@/shared/text';

/** just what the window wiring reads of the player: its playback state */
const playerIn = (playback: string, sent: unknown[] = []) =>
  ({ getSnapshot: () => ({ value: { playback, loopMode: 'listLoop' } }), send: (event: unknown) => sent.push(event) }) as unknown as PlayerRef;
const settingsWith = (pageOnCloseAction: 'none' | 'confirmWhenPlaying' = 'none') =>
  createActor(settingsMachine, { input: { quality: 'lossless', pageOnCloseAction } }).start();

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

describe('the Space key', () => {
  function press(target: Element, init: KeyboardEventInit = {}): KeyboardEvent {
    const event = new KeyboardEvent('keydown', { code: 'Space', key: ' ', bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  }

  function withPlayer() {
    const sent: unknown[] = [];
    const detach = attachPlayerToWindow(playerIn('playing', sent), settingsWith());
    return { sent, detach };
  }

  it('on the page plays or pauses, and does not scroll', () => {
    const { sent, detach } = withPlayer();
    const event = press(document.body);
    expect(sent).toEqual([{ type: 'TOGGLE_PLAY' }]);
    expect(event.defaultPrevented).toBe(true);
    detach();
    press(document.body);
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['a text box', '<input type="text">'],
    ['a search box', '<input type="search">'],
    ['a text area', '<textarea></textarea>'],
    ['a button', '<button>x</button>'],
    ['a link', '<a href="/queue">queue</a>'],
    ['a slider', '<input type="range">'],
    ['an element inside a button', '<button><span>x</span></button>'],
    ['an editable element', '<div contenteditable="true">x</div>'],
  ])('is left alone in %s', (_, html) => {
    const { sent, detach } = withPlayer();
    document.body.innerHTML = html;
    const target = document.body.querySelector('span') ?? document.body.firstElementChild!;
    const event = press(target);
    expect(sent).toEqual([]);
    expect(event.defaultPrevented).toBe(false);
    detach();
    document.body.innerHTML = '';
  });

  it('is left alone with a modifier, when held down (repeat), or when another handler took it', () => {
    const { sent, detach } = withPlayer();
    press(document.body, { ctrlKey: true });
    press(document.body, { shiftKey: true });
    press(document.body, { repeat: true });
    press(document.body, { code: 'KeyK', key: 'k' });
    const taken = new KeyboardEvent('keydown', { code: 'Space', key: ' ', bubbles: true, cancelable: true });
    taken.preventDefault();
    document.body.dispatchEvent(taken);
    expect(sent).toEqual([]);
    detach();
  });
});
