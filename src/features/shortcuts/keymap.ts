// The keyboard shortcuts as plain data (the help dialog lists exactly these) and the one rule that
// reads a key press: which shortcut it is, if any. A key belongs to the focused element first:
// nothing fires while typing in a field or inside a dialog, Space stays with buttons and links,
// arrows with sliders, tabs, menus and lists, and presses with Ctrl, Alt or ⌘ stay the browser's.
import { text } from '@/shared/text';

export type ShortcutCommand =
  | 'playPause'
  | 'seekBack'
  | 'seekForward'
  | 'previous'
  | 'next'
  | 'volumeUp'
  | 'volumeDown'
  | 'mute'
  | 'loopMode'
  | 'search'
  | 'help';

export type ShortcutGroup = keyof typeof text.shortcuts.groups;

export interface Shortcut {
  command: ShortcutCommand;
  group: ShortcutGroup;
  label: string;
  /** the keys as drawn in the help dialog: one combination, its keys pressed together */
  keys: readonly string[];
  /** `event.key` values (after Shift where Shift makes the character) */
  key: readonly string[];
  /** whether Shift is held; `any` for a character some layouts type with Shift and others without */
  shift: boolean | 'any';
}

/** in the order the help dialog lists them */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    command: 'playPause',
    group: 'playback',
    label: text.shortcuts.playPause,
    keys: ['Space'],
    key: [' '],
    shift: false,
  },
  {
    command: 'seekBack',
    group: 'playback',
    label: text.shortcuts.seekBack,
    keys: ['←'],
    key: ['ArrowLeft'],
    shift: false,
  },
  {
    command: 'seekForward',
    group: 'playback',
    label: text.shortcuts.seekForward,
    keys: ['→'],
    key: ['ArrowRight'],
    shift: false,
  },
  {
    command: 'previous',
    group: 'playback',
    label: text.shortcuts.previous,
    keys: ['Shift', '←'],
    key: ['ArrowLeft'],
    shift: true,
  },
  {
    command: 'next',
    group: 'playback',
    label: text.shortcuts.next,
    keys: ['Shift', '→'],
    key: ['ArrowRight'],
    shift: true,
  },
  {
    command: 'loopMode',
    group: 'playback',
    label: text.shortcuts.loopMode,
    keys: ['L'],
    key: ['l', 'L'],
    shift: false,
  },
  { command: 'volumeUp', group: 'volume', label: text.shortcuts.volumeUp, keys: ['↑'], key: ['ArrowUp'], shift: false },
  {
    command: 'volumeDown',
    group: 'volume',
    label: text.shortcuts.volumeDown,
    keys: ['↓'],
    key: ['ArrowDown'],
    shift: false,
  },
  { command: 'mute', group: 'volume', label: text.shortcuts.mute, keys: ['M'], key: ['m', 'M'], shift: false },
  // `/` and `?` are typed with Shift on some layouts and without on others: the character decides
  { command: 'search', group: 'navigation', label: text.shortcuts.search, keys: ['/'], key: ['/'], shift: 'any' },
  { command: 'help', group: 'navigation', label: text.shortcuts.help, keys: ['?'], key: ['?'], shift: 'any' },
];

/** typing happens here: no shortcut at all */
const TEXT_FIELDS =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="range"]), textarea, select, [contenteditable=""], [contenteditable="true"]';
/** inside a dialog the keys are the dialog's */
const DIALOGS = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';
/** elements where Space already means something (pressing, ticking, choosing) */
const SPACE_OWNERS =
  'input, button, a[href], summary, [role="button"], [role="slider"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"], [role="menuitem"], [role="option"]';
/** elements where the arrows already mean something (moving a slider, a tab, through a menu or list) */
const ARROW_OWNERS =
  'input, [role="slider"], [role="tab"], [role="tablist"], [role="menu"], [role="menuitem"], [role="listbox"], [role="option"], [role="radiogroup"], [role="radio"], [role="tree"], [role="grid"]';

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/** the shortcut this key press is, or null when it is not one or belongs to the focused element */
export function shortcutFor(
  event: Pick<
    KeyboardEvent,
    'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey' | 'repeat' | 'defaultPrevented' | 'target'
  >,
): Shortcut | null {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TEXT_FIELDS) || target?.closest(DIALOGS)) return null;
  if (event.key === ' ' && target?.closest(SPACE_OWNERS)) return null;
  if (ARROWS.has(event.key) && target?.closest(ARROW_OWNERS)) return null;
  const shortcut = SHORTCUTS.find(
    (s) => s.key.includes(event.key) && (s.shift === 'any' || s.shift === event.shiftKey),
  );
  if (!shortcut) return null;
  // holding a key repeats seeking and volume steps, not toggles
  if (event.repeat && !['seekBack', 'seekForward', 'volumeUp', 'volumeDown'].includes(shortcut.command)) return null;
  return shortcut;
}
