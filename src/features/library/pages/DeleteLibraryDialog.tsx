import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useSystem } from '@/app/SystemContext';
import { text } from '@/shared/text';

export function DeleteLibraryDialog() {
  const { libraries } = useSystem();
  const pending = useSelector(libraries, (s) => s.context.pendingDelete);
  const opened = useSelector(libraries, (s) => s.matches({ ready: 'confirmingDelete' }) || s.matches({ ready: 'deleting' }));
  const busy = useSelector(libraries, (s) => s.matches({ ready: 'deleting' }));

  return (
    <Modal opened={opened} onClose={() => libraries.send({ type: 'CLOSE' })} title={text.library.confirmDelete} closeButtonProps={{ 'aria-label': text.close }}>
      <Stack>
        <Text>{pending ? text.library.deleteQuestion(pending.name) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => libraries.send({ type: 'CLOSE' })} disabled={busy}>
            {text.library.cancel}
          </Button>
          <Button color="red" loading={busy} onClick={() => libraries.send({ type: 'CONFIRM' })}>
            {text.library.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
