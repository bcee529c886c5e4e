import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import { Notification, Stack } from '@mantine/core';
import type { Message } from '../messagesMachine';
import type { Severity } from '@/shared/effects';
import { text } from '@/shared/text';

const colors: Record<Severity, string> = { success: 'teal', error: 'red', info: 'blue' };

export default function ToastStack({ messages, onHide }: { messages: Message[]; onHide: (id: number) => void }) {
  return (
    <Stack
      gap="xs"
      pos="fixed"
      top={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, width: 'min(420px, calc(100vw - 32px))' }}
    >
      {messages.map((m) => (
        <Notification
          key={m.id}
          color={colors[m.type]}
          withBorder
          data-severity={m.type}
          closeButtonProps={{ 'aria-label': text.close }}
          onClose={() => onHide(m.id)}
        >
          {m.message}
        </Notification>
      ))}
    </Stack>
  );
}
