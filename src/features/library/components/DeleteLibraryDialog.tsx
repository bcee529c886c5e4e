import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useLibraryActors } from '../context';
import { text } from '@/shared/text';

export function DeleteLibraryDialog() {
  const { libraries } = useLibraryActors();
  const pending = useSelector(libraries, (s) => s.context.pendingDelete);
  const opened = useSelector(libraries, (s) => s.hasTag('deleteDialog'));
  const busy = useSelector(libraries, (s) => s.hasTag('busy'));

  return (
    <Modal
      opened={opened}
      onClose={() => libraries.send({ type: 'CLOSE' })}
      title={text.library.confirmDelete}
      closeButtonProps={{ 'aria-label': text.close }}
    >
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
