// The create (创建播放列表) and edit (修改播放列表信息) dialogs: 名称, 说明, 是否公开. The form's
// rules are the machine's; the dialog shows the first failing message.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@/ui/styles/forms';
import { Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { text } from '@/shared/text';
import type { PlaylistFields } from '@/shared/types';
import { FormError } from '@/ui/FormError';

export interface PlaylistFormDialogProps {
  title: string;
  opened: boolean;
  busy: boolean;
  formError: string | null;
  initial?: PlaylistFields;
  onSubmit: (form: PlaylistFields) => void;
  onClose: () => void;
}

const EMPTY: PlaylistFields = { name: '', description: '', isPublic: false };

export function PlaylistFormDialog({
  title,
  opened,
  busy,
  formError,
  initial = EMPTY,
  onSubmit,
  onClose,
}: PlaylistFormDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': text.close }}>
      {/* a new form each time the dialog opens, starting from `initial` */}
      {opened && (
        <PlaylistForm initial={initial} busy={busy} formError={formError} onSubmit={onSubmit} onClose={onClose} />
      )}
    </Modal>
  );
}

function PlaylistForm({
  initial,
  busy,
  formError,
  onSubmit,
  onClose,
}: Omit<PlaylistFormDialogProps, 'title' | 'opened' | 'initial'> & { initial: PlaylistFields }) {
  const [form, setForm] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(form);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError} />
        <TextInput
          label={text.playlist.name}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          data-autofocus
        />
        <Textarea
          label={text.playlist.description}
          rows={3}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
        />
        <Checkbox
          label={text.playlist.isPublic}
          checked={form.isPublic}
          onChange={(e) => setForm({ ...form, isPublic: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {text.playlist.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {text.playlist.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
