// The owner's 修改播放列表信息 dialog: the list form, opened and submitted through the page's actor.
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import type { Playlist } from '@/shared/types';
import type { PlaylistRef } from '../playlistMachine';
import { PlaylistFormDialog } from './PlaylistFormDialog';

export function PlaylistEditDialog({ actor, playlist }: { actor: PlaylistRef; playlist: Playlist }) {
  const editing = useSelector(actor, (s) => s.hasTag('editDialog'));
  const saving = useSelector(actor, (s) => s.hasTag('editDialog') && s.hasTag('busy'));
  const formError = useSelector(actor, (s) => s.context.formError);
  return (
    <PlaylistFormDialog
      title={text.playlist.edit}
      opened={editing}
      busy={saving}
      formError={formError}
      initial={{ name: playlist.name, description: playlist.description, isPublic: playlist.isPublic }}
      onSubmit={(form) => actor.send({ type: 'SUBMIT_EDIT', form })}
      onClose={() => actor.send({ type: 'CLOSE' })}
    />
  );
}
