// 继续播放 (docs/behaviour.md#home): the saved queue's track and where it stopped; one click plays it
// from there. While it plays, it says so and links to 正在播放. Offline, a track not kept on this
// device cannot play: it says so instead of offering the button.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { useOffline } from '@/features/appStatus/offline.public';
import { useKept } from '@/features/offline/kept.public';
import { useContinue } from '@/features/player/continue.public';
import { formatTime } from '@/rules/time';
import { text } from '@/shared/text';
import type { TrackIdentity } from '@/shared/track';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';

export function ContinueCard() {
  const { track, seconds, playing, resume } = useContinue();
  const headingId = useId();
  if (!track) return null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="xs" id={headingId}>
        {text.home.shelves.continue}
      </Title>
      <Paper withBorder p="sm" radius="md" maw={560}>
        <Group wrap="nowrap" align="center">
          <Cover url={track.coverUrl} alt="" size={72} />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={500} truncate="end">
              {track.title}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              <ArtistText artist={track.artist} /> · {track.albumTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {text.home.stoppedAt(formatTime(seconds))}
            </Text>
          </Stack>
          {playing ? (
            <Button component={Link} href="/now" variant="light">
              {text.home.nowPlaying}
            </Button>
          ) : (
            <ResumeButton track={track} onResume={resume} />
          )}
        </Group>
      </Paper>
    </section>
  );
}

function ResumeButton({ track, onResume }: { track: TrackIdentity; onResume: () => void }) {
  const offline = useOffline();
  const kept = useKept(track);
  if (offline && !kept)
    return (
      <Text size="sm" c="dimmed">
        {text.home.unavailable}
      </Text>
    );
  return (
    <Button leftSection={<IconPlayerPlayFilled size={16} />} onClick={onResume}>
      {text.home.resume}
    </Button>
  );
}
