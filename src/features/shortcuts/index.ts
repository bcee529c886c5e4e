// Keyboard shortcuts (beyond the spec, issue 15): the keys, the rule that reads a press, and the
// help dialog. The app says what each command does (app/shortcutCommands.ts).
export { KeyboardShortcuts } from './components/KeyboardShortcuts';
export { SHORTCUTS, shortcutFor, type Shortcut, type ShortcutCommand } from './keymap';
