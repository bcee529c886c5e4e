// 智能歌单 (docs/behaviour.md#smart-playlists): the account's lists with their rules in one line, each
// opening its page; 新建智能歌单 opens the editor; 导入 and 导出 read and write the lists' file.
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useOwnPlaylists } from '@/features/playlists/playlists.public';
import { useUser } from '@/features/session';
import type { SmartList } from '@/rules/smartLists';
import { text } from '@/shared/text';
import { PageSpinner } from '@/ui/PageSpinner';
import { SmartListEditorDialog } from '../components/SmartListEditorDialog';
import { SmartListsToolbar } from '../components/SmartListsToolbar';
import { listSummary } from '../components/summary';
import { useEditor } from '../components/useEditor';
import { useSmartLists } from '../context';
import { smartListsFailed, smartListsLoading, smartListsOf } from '../selectors';

const t = text.smartLists;

function SmartListCard({ list }: { list: SmartList }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={list.name}>
      <Stack gap={4}>
        <Anchor component={Link} href={`/smart/${encodeURIComponent(list.id)}`} fw={600} truncate>
          {list.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {listSummary(list)}
        </Text>
      </Stack>
    </Card>
  );
}

function AccountLists({ user }: { user: string }) {
  const feature = useSmartLists();
  const store = feature.store(user);
  const lists = useSelector(store, smartListsOf);
  const loading = useSelector(store, smartListsLoading);
  const failed = useSelector(store, smartListsFailed);
  const editor = useEditor(store);
  const playlists = useOwnPlaylists();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t.title}</Title>
        <SmartListsToolbar store={store} lists={lists} ready={!loading && !failed} onCreate={editor.create} />
      </Group>
      {loading && <PageSpinner />}
      {failed && (
        <Button variant="light" w="fit-content" onClick={() => store.send({ type: 'LOAD' })}>
          {t.retry}
        </Button>
      )}
      {!loading && !failed && lists.length === 0 && <Text c="dimmed">{t.none}</Text>}
      {lists.map((list) => (
        <SmartListCard key={list.id} list={list} />
      ))}
      {editor.open && (
        <SmartListEditorDialog
          user={user}
          draft={editor.open.draft}
          isNew={editor.open.list === null}
          playlists={playlists}
          onSave={editor.save}
          onClose={editor.close}
        />
      )}
    </Stack>
  );
}

export default function SmartListsPage() {
  const user = useUser();
  return user ? <AccountLists user={user.userId} /> : <PageSpinner />;
}
