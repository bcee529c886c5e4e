import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useSystem } from '@/app/SystemContext';
import { toQueueTrack } from '@/features/player/queue';
import { Link } from 'wouter';
import type { AlbumInfo, Credential, Track } from '@/shared/types';
import { coverUrl } from '@/services/annil';
import { tagLabel, tagPath } from '@/services/tags';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';
import { text } from '@/shared/text';

export function AlbumHeader({ album, credential, tracks }: { album: AlbumInfo; credential: Credential | null; tracks: Track[] }) {
  const { player } = useSystem();
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <div style={{ width: 240, flex: 'none' }}>
        <Cover url={credential ? coverUrl(credential.url, album.albumId) : null} alt={album.title} size={240} />
      </div>
      <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
        <Title order={2}>{album.title}</Title>
        <Text size="sm" c="dimmed">
          {[album.catalog, album.date, album.edition].filter(Boolean).join(' · ')}
        </Text>
        <ArtistText artist={album.artist} artists={album.artists} />
        {album.tags.length > 0 && (
          <Group gap={6} aria-label={text.album.tags} role="list">
            {album.tags.map((tag) => (
              <Badge key={tag} role="listitem" variant="light" radius="sm" style={{ textTransform: 'none' }}>
                <Anchor component={Link} href={tagPath(tag)} inherit underline="never">
                  {tagLabel(tag)}
                </Anchor>
              </Badge>
            ))}
          </Group>
        )}
        <Group>
          {/* spec 2.7: replaces the queue with every track of every disc; disabled when no library has the album */}
          <Button
            leftSection={<IconPlayerPlayFilled size={16} />}
            disabled={credential === null || tracks.length === 0}
            onClick={() => player.send({ type: 'REPLACE_AND_PLAY', tracks: tracks.map(toQueueTrack), index: 0 })}
          >
            {text.album.playAll}
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}
