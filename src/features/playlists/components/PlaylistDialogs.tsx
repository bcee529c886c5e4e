// The playlists store's dialogs, rendered once for the whole app: 创建播放列表, 删除播放列表确认 and
// 添加到播放列表 (the user's lists plus a create option). Loaded with the first dialog opened.
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import { usePlaylists } from '../context';
import { formErrorOf, playlistsKnownOf, playlistsOf } from '../selectors';
import { PlaylistFormDialog } from './PlaylistFormDialog';
import classes from './PlaylistDialogs.module.css';

function CreateDialog() {
  const { playlists } = usePlaylists();
  const opened = useSelector(playlists, (s) => s.hasTag('createDialog'));
  const busy = useSelector(playlists, (s) => s.hasTag('createDialog') && s.hasTag('busy'));
  const formError = useSelector(playlists, formErrorOf);
  return (
    <PlaylistFormDialog
      title={text.playlist.create}
      opened={opened}
      busy={busy}
      formError={formError}
      onSubmit={(form) => playlists.send({ type: 'SUBMIT_CREATE', form })}
      onClose={() => playlists.send({ type: 'CLOSE' })}
    />
  );
}

function DeleteDialog() {
  const { playlists } = usePlaylists();
  const opened = useSelector(playlists, (s) => s.hasTag('deleteDialog'));
  const busy = useSelector(playlists, (s) => s.hasTag('deleteDialog') && s.hasTag('busy'));
  const pending = useSelector(playlists, (s) => s.context.pendingDelete);
  return (
    <Modal
      opened={opened}
      onClose={() => playlists.send({ type: 'CLOSE' })}
      title={text.playlist.deleteConfirm}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack>
        <Text style={{ overflowWrap: 'anywhere' }}>{pending?.name ?? ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => playlists.send({ type: 'CLOSE' })} disabled={busy}>
            {text.playlist.cancel}
          </Button>
          <Button color="red" loading={busy} onClick={() => playlists.send({ type: 'CONFIRM' })}>
            {text.playlist.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddDialog() {
  const { playlists } = usePlaylists();
  const opened = useSelector(playlists, (s) => s.hasTag('addDialog'));
  const busy = useSelector(playlists, (s) => s.hasTag('addDialog') && s.hasTag('busy'));
  const target = useSelector(playlists, (s) => s.context.target);
  const known = useSelector(playlists, playlistsKnownOf);
  const lists = useSelector(playlists, playlistsOf);
  return (
    <Modal
      opened={opened}
      onClose={() => playlists.send({ type: 'CLOSE' })}
      title={text.playlist.addTo}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      <Stack gap="xs">
        {!known && <Loader size="sm" />}
        <ul className={classes.choices} aria-label={text.playlist.addTo}>
          {lists.map((list) => (
            <li key={list.id}>
              <UnstyledButton
                className={classes.choice}
                disabled={busy}
                onClick={() => playlists.send({ type: 'CHOOSE', id: list.id })}
              >
                <span className={classes.name}>{list.name}</span>
                {busy && target === list.id && <Loader size="xs" />}
              </UnstyledButton>
            </li>
          ))}
        </ul>
        <Button
          variant="light"
          leftSection={<IconPlaylistAdd size={16} />}
          disabled={busy}
          onClick={() => playlists.send({ type: 'OPEN_CREATE' })}
        >
          {text.playlist.createNew}
        </Button>
      </Stack>
    </Modal>
  );
}

export default function PlaylistDialogs() {
  return (
    <>
      <CreateDialog />
      <DeleteDialog />
      <AddDialog />
    </>
  );
}
