import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { PlayAllButton } from '@/features/player/components';
import { Link } from 'wouter';
import type { AlbumInfo, Track } from '@/shared/types';
import { tagLabel, tagPath } from '@/rules/tags';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';
import { text } from '@/shared/text';
import { useTrackSlots } from '@/ui/trackSlots';

/** `tracks`: every track of every disc (分享 offers them all); `playable`: those that can play (播放全部 queues them) */
export function AlbumHeader({
  album,
  coverUrl,
  tracks,
  playable,
}: {
  album: AlbumInfo;
  coverUrl: string | null;
  tracks: Track[];
  playable: Track[];
}) {
  const slots = useTrackSlots();
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <div style={{ width: 240, flex: 'none' }}>
        <Cover url={coverUrl} alt={album.title} size={240} />
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
                <Anchor component={Link} href={tagPath(tag)} inherit c="inherit" underline="never">
                  {tagLabel(tag)}
                </Anchor>
              </Badge>
            ))}
          </Group>
        )}
        <Group>
          {slots.album?.(album.albumId)}
          {slots.share?.(tracks, { name: album.title, cover: { albumId: album.albumId, discId: 1 } })}
          {slots.keep?.(playable, tracks.length)}
          {/* docs/behaviour.md#album-page: replaces the queue with every playable track of every disc; disabled when none can play */}
          <PlayAllButton tracks={playable} label={text.album.playAll} />
        </Group>
      </Stack>
    </Group>
  );
}
