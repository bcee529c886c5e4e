// @vitest-environment happy-dom
// Which key press is which shortcut, and when a key belongs to the focused element instead.
import { afterEach, describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor } from '@/features/shortcuts';

afterEach(() => {
  document.body.innerHTML = '';
});

function press(key: string, init: KeyboardEventInit = {}, target: Element = document.body) {
  let seen: KeyboardEvent | null = null;
  const listener = (event: Event) => (seen = event as KeyboardEvent);
  window.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  window.removeEventListener('keydown', listener);
  return shortcutFor(seen!)?.command ?? null;
}

function inside(html: string): Element {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') ?? document.body.firstElementChild!;
}

describe('shortcutFor', () => {
  it.each([
    [' ', {}, 'playPause'],
    ['ArrowLeft', {}, 'seekBack'],
    ['ArrowRight', {}, 'seekForward'],
    ['ArrowLeft', { shiftKey: true }, 'previous'],
    ['ArrowRight', { shiftKey: true }, 'next'],
    ['ArrowUp', {}, 'volumeUp'],
    ['ArrowDown', {}, 'volumeDown'],
    ['m', {}, 'mute'],
    ['M', {}, 'mute'], // Caps Lock
    ['l', {}, 'loopMode'],
    ['/', {}, 'search'],
    ['/', { shiftKey: true }, 'search'], // Shift + 7 on a German layout
    ['?', { shiftKey: true }, 'help'], // Shift + / on a US layout
    ['?', {}, 'help'], // a key of its own elsewhere
  ] as const)('%j %j on the page is %s', (key, init, command) => {
    expect(press(key, init)).toBe(command);
  });

  it('every listed shortcut is reachable, and none twice', () => {
    const commands = SHORTCUTS.map((s) => s.command);
    expect(new Set(commands).size).toBe(commands.length);
    for (const s of SHORTCUTS) expect(press(s.key[0]!, { shiftKey: s.shift === true })).toBe(s.command);
  });

  it.each([
    ['k', {}],
    ['M', { shiftKey: true }],
    ['ArrowUp', { shiftKey: true }],
    [' ', { shiftKey: true }],
    [' ', { ctrlKey: true }],
    ['ArrowLeft', { altKey: true }], // the browser's back
    ['l', { metaKey: true }],
  ] as const)('%j %j is no shortcut', (key, init) => {
    expect(press(key, init)).toBeNull();
  });

  it('a held key repeats steps, not toggles', () => {
    expect(press('ArrowRight', { repeat: true })).toBe('seekForward');
    expect(press('ArrowUp', { repeat: true })).toBe('volumeUp');
    expect(press(' ', { repeat: true })).toBeNull();
    expect(press('m', { repeat: true })).toBeNull();
    expect(press('l', { repeat: true })).toBeNull();
  });

  it('a press another handler took is left alone', () => {
    const taken = new KeyboardEvent('keydown', { key: ' ', cancelable: true });
    taken.preventDefault();
    expect(shortcutFor(taken)).toBeNull();
  });

  it.each([
    ['a text box', '<input type="text">'],
    ['a search box', '<input type="search">'],
    ['a text area', '<textarea></textarea>'],
    ['a select', '<select><option>a</option></select>'],
    ['an editable element', '<div contenteditable="true"><span data-target>x</span></div>'],
    ['a dialog', '<div role="dialog"><button data-target>x</button></div>'],
    ['a modal', '<section aria-modal="true"><p data-target>x</p></section>'],
  ])('typing in %s fires nothing at all', (_, html) => {
    const target = inside(html);
    for (const key of [' ', 'ArrowLeft', 'ArrowUp', 'm', 'l', '/', '?']) expect(press(key, {}, target)).toBeNull();
  });

  it.each([
    ['a button', '<button>x</button>'],
    ['a link', '<a href="/queue">queue</a>'],
    ['an element inside a button', '<button><span data-target>x</span></button>'],
    ['a checkbox', '<input type="checkbox">'],
    ['a tab', '<div role="tab" tabindex="0">t</div>'],
  ])('Space on %s is that element’s; the other keys still work', (_, html) => {
    const target = inside(html);
    expect(press(' ', {}, target)).toBeNull();
    expect(press('m', {}, target)).toBe('mute');
  });

  it.each([
    ['a slider', '<div role="slider" tabindex="0" aria-valuenow="3"></div>'],
    ['a range input', '<input type="range">'],
    ['a menu', '<div role="menu"><button role="menuitem" data-target>a</button></div>'],
    ['a tab list', '<div role="tablist"><button role="tab" data-target>a</button></div>'],
  ])('arrows on %s are that element’s', (_, html) => {
    const target = inside(html);
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) expect(press(key, {}, target)).toBeNull();
    expect(press('ArrowRight', { shiftKey: true }, target)).toBeNull();
  });

  it('arrows on a button or link are shortcuts', () => {
    expect(press('ArrowRight', {}, inside('<button>x</button>'))).toBe('seekForward');
    expect(press('ArrowLeft', { shiftKey: true }, inside('<a href="/">x</a>'))).toBe('previous');
  });
});
