// Toasts: top centre, one per visible message; the messages machine hides them after 5 s.
import { Notification, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useSystem } from '@/app/SystemContext';
import type { Severity } from '@/machines/effects';
import { text } from '@/views/text';

const colors: Record<Severity, string> = { success: 'teal', error: 'red', info: 'blue' };

export function Toasts() {
  const { messages } = useSystem();
  const visible = useSelector(
    messages,
    (s) => s.context.messages.filter((m) => m.isShow),
    (a, b) => a.length === b.length && a.every((m, i) => m.id === b[i]?.id),
  );
  if (visible.length === 0) return null;
  return (
    <Stack
      gap="xs"
      pos="fixed"
      top={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, width: 'min(420px, calc(100vw - 32px))' }}
    >
      {visible.map((m) => (
        <Notification
          key={m.id}
          color={colors[m.type]}
          withBorder
          data-severity={m.type}
          closeButtonProps={{ 'aria-label': text.close }}
          onClose={() => messages.send({ type: 'HIDE', id: m.id })}
        >
          {m.message}
        </Notification>
      ))}
    </Stack>
  );
}
