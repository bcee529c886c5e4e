import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useLibraryActors } from '../context';
import { DEFAULT_LIBRARY_PRIORITY } from '@/shared/constants';
import { FormError } from '@/ui/FormError';
import { text } from '@/shared/text';

export function AddLibraryDialog() {
  const { libraries } = useLibraryActors();
  const opened = useSelector(libraries, (s) => s.hasTag('addDialog'));
  const busy = useSelector(libraries, (s) => s.hasTag('busy'));
  const formError = useSelector(libraries, (s) => s.context.formError);
  const [form, setForm] = useState({ name: '', url: '', token: '', priority: String(DEFAULT_LIBRARY_PRIORITY) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    libraries.send({ type: 'SUBMIT_ADD', form });
  };
  const field = (name: 'name' | 'url' | 'token') => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [name]: value }));
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={() => libraries.send({ type: 'CLOSE' })}
      title={text.library.add}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput label={text.library.name} {...field('name')} />
          <TextInput label={text.library.url} placeholder="https://" {...field('url')} />
          <TextInput label={text.library.token} {...field('token')} />
          <NumberInput
            label={text.library.priority}
            value={form.priority}
            allowDecimal={false}
            onChange={(value) => setForm((f) => ({ ...f, priority: String(value) }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => libraries.send({ type: 'CLOSE' })}>
              {text.library.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {text.library.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
