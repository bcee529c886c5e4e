// A smart playlist's page (docs/behaviour.md#smart-playlists): its name and rules, its tracks in its
// order (worked out by the worker over the album facts; 正在读取 while a library's facts are read
// the first time), play-all and the usual row menu; 编辑, 重新随机 for a shuffled list, 保存为歌单
// (a snapshot other devices and servers see) and 删除. A changed list, a sync or new data loads again.
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { useAccessGeneration } from '@/features/library';
import { PageLoad } from '@/features/pageLoad';
import { PlayableTracks } from '@/features/player/components';
import { useOwnPlaylists, usePlaylistSaved } from '@/features/playlists/playlists.public';
import { useUser } from '@/features/session';
import { newSeed } from '@/rules/seeded';
import type { SmartList } from '@/rules/smartLists';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import { useNotify } from '@/ui/notify';
import { PageSpinner } from '@/ui/PageSpinner';
import { SmartListEditorDialog } from '../components/SmartListEditorDialog';
import { listSummary } from '../components/summary';
import { useEditor } from '../components/useEditor';
import { useSmartLists, useSmartListsChanges } from '../context';
import { smartListsLoading, smartListsOf } from '../selectors';

const t = text.smartLists;

/** `name`: the list's, which labels its rows for screen readers */
function ListTracks({ name, tracks, matched }: { name: string; tracks: TrackInfo[]; matched: number }) {
  return (
    <PlayableTracks
      name="smartListAccess"
      tracks={tracks}
      ariaLabel={name}
      header={() => (
        <Text size="sm" c="dimmed">
          {t.matched(matched, tracks.length)}
        </Text>
      )}
    />
  );
}

function ListPage({ user, list }: { user: string; list: SmartList }) {
  const feature = useSmartLists();
  const store = feature.store(user);
  const generation = useAccessGeneration();
  const changes = useSmartListsChanges(feature);
  const editor = useEditor(store);
  const playlists = useOwnPlaylists();
  const playlistSaved = usePlaylistSaved();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const saveAsPlaylist = (tracks: TrackInfo[]) => {
    setSaving(true);
    feature.saveAsPlaylist(list.name, tracks).then(
      (playlist) => {
        playlistSaved(playlist);
        notify('success', t.savedAsPlaylist(list.name));
        navigate(`/playlist/${playlist.id}`);
      },
      (error: unknown) => {
        setSaving(false);
        notify('error', error instanceof Error ? error.message : String(error));
      },
    );
  };
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={2}>{list.name}</Title>
        <Text size="sm" c="dimmed">
          {listSummary(list)}
        </Text>
      </Stack>
      <PageLoad
        name="smartList"
        key={`${list.id}:${list.updatedAt}:${list.seed}:${attempt}`}
        refresh={`${generation}|${changes}`}
        load={() => feature.tracks(user, list, generation)}
      >
        {(state) => (
          <Stack>
            <Group gap="xs">
              <Button variant="default" onClick={() => editor.edit(list)}>
                {t.edit}
              </Button>
              {list.sortBy === 'shuffle' && (
                <Button
                  variant="default"
                  onClick={() => store.send({ type: 'RESHUFFLE', id: list.id, seed: newSeed() })}
                >
                  {t.reshuffle}
                </Button>
              )}
              <Button
                variant="default"
                loading={saving}
                disabled={state.status !== 'success' || state.data.tracks.length === 0}
                onClick={() => state.status === 'success' && saveAsPlaylist(state.data.tracks)}
              >
                {t.saveAsPlaylist}
              </Button>
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t.delete}
              </Button>
            </Group>
            {state.status === 'loading' && (
              <Stack gap="xs">
                <Text size="sm" c="dimmed" role="status">
                  {t.readingFacts}
                </Text>
                <PageSpinner />
              </Stack>
            )}
            {state.status === 'failure' && (
              <Button variant="light" w="fit-content" onClick={() => setAttempt((n) => n + 1)}>
                {t.retry}
              </Button>
            )}
            {state.status === 'success' &&
              (state.data.tracks.length === 0 ? (
                <Text c="dimmed">{t.empty}</Text>
              ) : (
                <ListTracks name={list.name} tracks={state.data.tracks} matched={state.data.matched} />
              ))}
          </Stack>
        )}
      </PageLoad>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t.deleteConfirm(list.name)}
        closeButtonProps={{ 'aria-label': text.close }}
      >
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t.editor.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              store.send({ type: 'DELETE_LIST', id: list.id });
              navigate('/smart');
            }}
          >
            {t.delete}
          </Button>
        </Group>
      </Modal>
      {editor.open && (
        <SmartListEditorDialog
          user={user}
          draft={editor.open.draft}
          isNew={false}
          playlists={playlists}
          onSave={editor.save}
          onClose={editor.close}
        />
      )}
    </Stack>
  );
}

function AccountList({ user, id }: { user: string; id: string }) {
  const store = useSmartLists().store(user);
  const loading = useSelector(store, smartListsLoading);
  const list = useSelector(store, (s) => smartListsOf(s).find((l) => l.id === id));
  if (loading) return <PageSpinner />;
  return list ? <ListPage user={user} list={list} /> : <Text c="dimmed">{t.notFound}</Text>;
}

export default function SmartListPage() {
  const { id } = useParams<{ id: string }>();
  const user = useUser();
  return user ? <AccountList user={user.userId} id={decodeURIComponent(id)} /> : <PageSpinner />;
}
