// 播放列表管理 (docs/behaviour.md#other-pages): the user's playlists with name and description; a click opens the list,
// the delete icon asks first (删除播放列表确认), 创建播放列表 opens the create dialog.
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { text } from '@/shared/text';
import type { PlaylistInfo } from '@/shared/types';
import { PageSpinner } from '@/ui/PageSpinner';
import { Tip } from '@/ui/Tip';
import { usePlaylists } from '../context';
import { canCreatePlaylistOf, playlistsKnownOf, playlistsOf } from '../selectors';

function PlaylistCard({ playlist }: { playlist: PlaylistInfo }) {
  const { playlists } = usePlaylists();
  return (
    <Card withBorder padding="md" component="article" aria-label={playlist.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Anchor component={Link} href={`/playlist/${playlist.id}`} fw={600} truncate>
              {playlist.name}
            </Anchor>
            <Badge variant="light" color={playlist.isPublic ? 'teal' : 'gray'} style={{ flex: 'none' }}>
              {playlist.isPublic ? text.playlist.public : text.playlist.private}
            </Badge>
          </Group>
          {playlist.description && (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {playlist.description}
            </Text>
          )}
        </Stack>
        <Tip label={text.playlist.delete}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={text.playlist.delete}
            onClick={() => playlists.send({ type: 'DELETE', id: playlist.id })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tip>
      </Group>
    </Card>
  );
}

export default function PlaylistsPage() {
  const { playlists } = usePlaylists();
  const known = useSelector(playlists, playlistsKnownOf);
  const failed = useSelector(playlists, (s) => s.hasTag('failed'));
  const canCreate = useSelector(playlists, canCreatePlaylistOf);
  const lists = useSelector(playlists, playlistsOf);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{text.playlist.manage}</Title>
        <Button onClick={() => playlists.send({ type: 'OPEN_CREATE' })} disabled={!canCreate}>
          {text.playlist.create}
        </Button>
      </Group>
      {!known && <PageSpinner />}
      {failed && (
        <Button variant="light" w="fit-content" onClick={() => playlists.send({ type: 'LOAD' })}>
          {text.retry}
        </Button>
      )}
      {known && !failed && lists.length === 0 && <Text c="dimmed">{text.playlist.empty}</Text>}
      {lists.map((playlist) => (
        <PlaylistCard key={playlist.id} playlist={playlist} />
      ))}
    </Stack>
  );
}
