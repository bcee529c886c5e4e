// The share form (分享: 分享名称, 分享描述, 选择分享内容 with 全选 / 清除所有, all tracks chosen at
// start) and the success dialog (分享成功: the link in a disabled field, 复制, native share, 确定).
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@/ui/styles/forms';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { text } from '@/shared/text';
import { linkTo } from '@/services/addresses';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { PlaylistCover } from '@/shared/types';
import { FormError } from '@/ui/FormError';
import { useShareWizard } from '../context';
import type { ShareWizardRef } from '../shareWizardMachine';

export interface ShareDialogProps {
  tracks: TrackInfo[];
  cover: PlaylistCover;
  name?: string;
  onClose: () => void;
}

function ShareForm({ actor }: { actor: ShareWizardRef }) {
  const tracks = useSelector(actor, (s) => s.context.tracks);
  const selected = useSelector(actor, (s) => s.context.selected);
  const formError = useSelector(actor, (s) => s.context.formError);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [name, setName] = useState(() => actor.getSnapshot().context.name);
  const [description, setDescription] = useState(() => actor.getSnapshot().context.description);
  const chosen = new Set(selected);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'EDIT', name, description });
    actor.send({ type: 'SUBMIT' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError} />
        <TextInput
          label={text.share.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <Textarea
          label={text.share.description}
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {text.share.select}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'SELECT_ALL' })}>
              {text.share.selectAll}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'CLEAR_ALL' })}>
              {text.share.clearAll}
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah="40vh">
          <Stack gap={6} role="group" aria-label={text.share.select}>
            {tracks.map((track) => {
              const key = trackKey(track);
              return (
                <Checkbox
                  key={key}
                  checked={chosen.has(key)}
                  onChange={() => actor.send({ type: 'TOGGLE_TRACK', key })}
                  label={track.title}
                  description={track.artist}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {text.share.title}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShareSucceeded({ actor }: { actor: ShareWizardRef }) {
  const link = useSelector(actor, (s) => s.context.link ?? '');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <Stack>
      <TextInput label={text.share.link} value={link} disabled readOnly />
      <Group justify="flex-end">
        <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'COPY' })}>
          {text.share.copy}
        </Button>
        <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'NATIVE_SHARE' })}>
          {text.share.title}
        </Button>
        <Button onClick={() => actor.send({ type: 'CONFIRM' })}>{text.playlist.confirm}</Button>
      </Group>
    </Stack>
  );
}

export default function ShareDialog({ tracks, cover, name, onClose }: ShareDialogProps) {
  const actor = useShareWizard({ tracks, cover, name, linkBase: linkTo('') });
  return actor ? <ShareWizardDialog actor={actor} onClose={onClose} /> : null;
}

function ShareWizardDialog({ actor, onClose }: { actor: ShareWizardRef; onClose: () => void }) {
  const done = useSelector(actor, (s) => s.status === 'done');
  // 确定 ends the wizard: its dialog closes
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const succeeded = useSelector(actor, (s) => s.hasTag('succeeded'));
  return (
    <Modal
      opened
      onClose={onClose}
      title={succeeded ? text.share.succeeded : text.share.title}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {succeeded ? <ShareSucceeded actor={actor} /> : <ShareForm actor={actor} />}
    </Modal>
  );
}
