// Keyboard shortcuts (ours, beyond the original client; docs/architecture.md#7-playback): the keys, the rule that reads a press, and the
// help dialog. The app says what each command does (app/AppShortcuts.tsx).
export { KeyboardShortcuts } from './components/KeyboardShortcuts';
export { SHORTCUTS, shortcutFor, type ShortcutCommand } from './keymap';
