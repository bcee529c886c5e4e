import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { AlbumInfo, Credential } from '@/services/api/types';
import { coverUrl } from '@/services/annil';
import { tagLabel, tagPath } from '@/services/tags';
import { ArtistText } from '@/views/components/ArtistText';
import { Cover } from '@/views/components/Cover';
import { text } from '@/views/text';

export function AlbumHeader({ album, credential }: { album: AlbumInfo; credential: Credential | null }) {
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
      </Stack>
    </Group>
  );
}
