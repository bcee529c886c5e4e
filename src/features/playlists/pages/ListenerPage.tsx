// A listener's page (/listener/{id}, ours): their nickname and avatar, and their public playlists,
// each opening its page. Reached from a playlist's 创建者 line. One's own page shows one's public
// lists too (the private ones are on 播放列表管理).
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Anchor, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { PageLoad } from '@/features/pageLoad';
import { text } from '@/shared/text';
import type { PlaylistInfo } from '@/shared/types';
import { Notice } from '@/ui/Notice';
import { PageSpinner } from '@/ui/PageSpinner';
import { usePlaylists } from '../context';

const USER_ID = /^\d{1,15}$/;

function PublicPlaylist({ playlist }: { playlist: PlaylistInfo }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={playlist.name}>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Anchor component={Link} href={`/playlist/${playlist.id}`} fw={600} truncate>
          {playlist.name}
        </Anchor>
        {playlist.description && (
          <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {playlist.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export default function ListenerPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { listener } = usePlaylists();
  if (!USER_ID.test(id)) return <Notice message={text.listener.idInvalid} />;
  return (
    <PageLoad name="listener" key={id} load={() => listener(id)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const { intro, playlists } = state.data;
        return (
          <Stack>
            <Group gap="md" wrap="nowrap">
              <Avatar src={intro.avatar || null} alt="" size="lg" radius="xl">
                {intro.nickname.slice(0, 1)}
              </Avatar>
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {intro.nickname}
              </Title>
            </Group>
            <Title order={3} size="h4">
              {text.listener.publicPlaylists}
            </Title>
            {playlists.length === 0 && <Text c="dimmed">{text.listener.none}</Text>}
            {playlists.map((playlist) => (
              <PublicPlaylist key={playlist.id} playlist={playlist} />
            ))}
          </Stack>
        );
      }}
    </PageLoad>
  );
}
