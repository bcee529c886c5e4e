// The keyboard shortcuts (keymap.ts) for the whole app, and their help: a button (in the header)
// and `?` open the help dialog. What a command does is the app's to say (`onCommand`): this
// feature only knows keys, so it depends on no other feature.
import { ActionIcon } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { text } from '@/shared/text';
import { Tip } from '@/ui/Tip';
import { shortcutFor, type ShortcutCommand } from '../keymap';

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog'));

export function KeyboardShortcuts({ onCommand }: { onCommand: (command: Exclude<ShortcutCommand, 'help'>) => void }) {
  const [opened, setOpened] = useState(false);
  // once opened the dialog stays mounted, so it can animate out
  const [shown, setShown] = useState(false);
  const command = useRef(onCommand);
  useEffect(() => {
    command.current = onCommand;
  });
  // only state setters: the same function on every render, so the key listener may keep the first
  const open = () => {
    setShown(true);
    setOpened(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: open only calls state setters, so the listener is added once
  useEffect(() => {
    const keyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault(); // no page scroll, no `/` typed into the search box it focuses
      if (shortcut.command === 'help') open();
      else command.current(shortcut.command);
    };
    window.addEventListener('keydown', keyDown);
    return () => window.removeEventListener('keydown', keyDown);
  }, []);

  return (
    <>
      <Tip label={text.shortcuts.open}>
        {/* a phone has no keyboard to speak of: the button shows from a tablet width up */}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          visibleFrom="sm"
          aria-label={text.shortcuts.open}
          aria-keyshortcuts="?"
          onClick={open}
        >
          <IconKeyboard size={20} />
        </ActionIcon>
      </Tip>
      {shown && (
        <Suspense fallback={null}>
          <ShortcutsDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
