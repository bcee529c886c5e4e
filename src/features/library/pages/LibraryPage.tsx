import '@/ui/styles/forms';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Card.layer.css';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useLibraryActors, useLibraryStatus, useLibrarySync } from '../context';
import type { Credential } from '@/shared/types';
import { PageSpinner } from '@/ui/PageSpinner';
import { Tip } from '@/ui/Tip';
import { text } from '@/shared/text';
import { AddLibraryDialog } from '../components/AddLibraryDialog';
import { DeleteLibraryDialog } from '../components/DeleteLibraryDialog';
import { libraryBadges } from '../libraryStatus';
import classes from './LibraryPage.module.css';

function LibraryItem({ credential }: { credential: Credential }) {
  const { libraries } = useLibraryActors();
  // the sync loads after the first page: the row shows without it, its 同步 waits for it
  const librarySync = useLibrarySync();
  const status = useLibraryStatus(credential.url);
  const syncing = status?.state === 'syncing' || status?.state === 'pending';
  const deleteLabel = credential.controlled ? text.library.controlled : text.library.delete;
  // the libraries machine says what it takes now (a controlled library never; not while a dialog or request is open)
  const deletable = useSelector(libraries, (s) => s.can({ type: 'DELETE', id: credential.id }));

  return (
    <Card withBorder padding="md" aria-label={credential.name} component="article">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Anchor component={Link} href={`/album/list?url=${encodeURIComponent(credential.url)}`} fw={600}>
              {credential.name}
            </Anchor>
            {libraryBadges(status).map((badge) => (
              <Badge
                key={badge}
                variant="light"
                color={badge === text.library.neverSynced ? 'gray' : 'orange'}
                className={badge === text.library.neverSynced ? undefined : classes.hasUpdate}
              >
                {badge}
              </Badge>
            ))}
            {syncing && <Badge variant="dot">{text.library.syncing}</Badge>}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {credential.url}
          </Text>
          <Text size="xs" c="dimmed">
            {text.library.priority}: {credential.priority}
            {status?.record ? ` · ${text.library.albumCount(status.record.albumCount)}` : ''}
          </Text>
          {status?.state === 'failed' && status.error && (
            <Text size="xs" c="red">
              {text.library.syncFailed(status.error)}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tip label={text.library.sync}>
            <ActionIcon
              variant="subtle"
              aria-label={text.library.sync}
              disabled={syncing || !librarySync}
              onClick={() => librarySync?.send({ type: 'SYNC_ONE', credential })}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tip>
          <Tip label={deleteLabel}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={deleteLabel}
              disabled={!deletable}
              onClick={() => libraries.send({ type: 'DELETE', id: credential.id })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tip>
        </Group>
      </Group>
    </Card>
  );
}

export default function LibraryPage() {
  const { libraries } = useLibraryActors();
  const loading = useSelector(libraries, (s) => s.hasTag('loading'));
  const failed = useSelector(libraries, (s) => s.hasTag('failed'));
  const credentials = useSelector(libraries, (s) => s.context.credentials);
  const canAdd = useSelector(libraries, (s) => s.can({ type: 'OPEN_ADD' }));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{text.library.title}</Title>
        <Button onClick={() => libraries.send({ type: 'OPEN_ADD' })} disabled={!canAdd}>
          {text.library.add}
        </Button>
      </Group>
      {loading && <PageSpinner />}
      {failed && (
        <Button variant="light" onClick={() => libraries.send({ type: 'LOAD' })} w="fit-content">
          {text.retry}
        </Button>
      )}
      {!loading && !failed && credentials.length === 0 && <Text c="dimmed">{text.library.empty}</Text>}
      {credentials.map((credential) => (
        <LibraryItem key={credential.id} credential={credential} />
      ))}
      <AddLibraryDialog />
      <DeleteLibraryDialog />
    </Stack>
  );
}
