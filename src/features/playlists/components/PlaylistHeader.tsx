// A list's header: cover, name, public or private, description, item count; play all, share and,
// for its owner, the edit button (修改播放列表信息).
import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { PlayAllButton } from '@/features/player/components';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { Playlist } from '@/shared/types';
import { Cover } from '@/ui/Cover';
import { useTrackSlots } from '@/ui/trackSlots';
import type { PlaylistRef } from '../playlistMachine';
import { PlaylistOwner } from './PlaylistOwner';

interface PlaylistHeaderProps {
  actor: PlaylistRef;
  playlist: Playlist;
  /** undefined while the libraries are asked, null when none has it */
  coverUrl: string | null | undefined;
  playable: readonly TrackInfo[];
  isOwner: boolean;
}

export function PlaylistHeader({ actor, playlist, coverUrl, playable, isOwner }: PlaylistHeaderProps) {
  const slots = useTrackSlots();
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <div style={{ width: 200, flex: 'none' }}>
        <Cover url={coverUrl} alt={playlist.name} size={200} unavailableText={text.playlist.coverUnavailable} />
      </div>
      <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {playlist.name}
          </Title>
          <Badge variant="light" color={playlist.isPublic ? 'teal' : 'gray'} style={{ flex: 'none' }}>
            {playlist.isPublic ? text.playlist.public : text.playlist.private}
          </Badge>
        </Group>
        {playlist.description && (
          <Text c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {playlist.description}
          </Text>
        )}
        <PlaylistOwner ownerId={playlist.owner} isOwner={isOwner} />
        <Text size="sm" c="dimmed">
          {text.playlist.count(playlist.items.length)}
        </Text>
        <Group>
          {!isOwner &&
            playlist.isPublic &&
            slots.playlistLike?.({ id: playlist.id, name: playlist.name, owner: playlist.owner })}
          <PlayAllButton tracks={playable} label={text.album.playAll} />
          {slots.share?.(playable, { name: playlist.name, cover: playlist.cover ?? undefined })}
          {slots.keep?.(playable, playlist.items.filter((item) => item.type === 'normal').length)}
          {isOwner && (
            <Button
              variant="light"
              leftSection={<IconEdit size={16} />}
              onClick={() => actor.send({ type: 'OPEN_EDIT' })}
            >
              {text.playlist.edit}
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
