// 我的统计 (docs/behaviour.md#listening-statistics): for 7 天, 30 天, 一年 or 全部, the plays and the
// time listened, a bar for each day (month, year), and the most played tracks, albums, artists and
// tags; a track plays from its row, the others open their page.
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PlayButton, TrackMenu } from '@/features/player/components';
import { listeningTime, STATS_PERIODS, type StatsPeriod } from '@/rules/stats';
import { tagLabel, tagPath } from '@/rules/tags';
import { errorMessage } from '@/services/api/errors';
import { text } from '@/shared/text';
import { trackKey } from '@/shared/track';
import { ArtistText } from '@/ui/ArtistText';
import { useInspect } from '@/ui/inspect';
import { PageSpinner } from '@/ui/PageSpinner';
import { useListening } from '../context';
import type { StatsResult, statsMachine } from '../statsMachine';
import { PlaysChart } from '../components/PlaysChart';

function TopList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      <ol style={{ margin: 0, paddingInlineStart: '2em' }}>{children}</ol>
    </section>
  );
}

function Count({ count }: { count: number }) {
  return (
    <Text component="span" size="xs" c="dimmed" style={{ flex: 'none' }}>
      {text.listening.times(count)}
    </Text>
  );
}

function Results({ result, period }: { result: StatsResult; period: StatsPeriod }) {
  const { summary } = result;
  const playable = summary.tracks.filter(({ track }) => result.playable.includes(trackKey(track))).map((t) => t.track);
  return (
    <Stack>
      <Group gap="lg">
        <Text fw={600}>{text.listening.plays(summary.plays)}</Text>
        <Text>{text.listening.timeListened(listeningTime(summary.seconds))}</Text>
      </Group>
      {summary.estimatedPlays > 0 && (
        <Text size="xs" c="dimmed">
          {text.listening.estimated(summary.estimatedPlays)}
        </Text>
      )}
      <PlaysChart bars={result.bars} title={text.listening.barsTitle[period] ?? ''} />
      {summary.plays === 0 ? (
        <Text c="dimmed">{text.listening.noPlays}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <TopList title={text.listening.topTracks}>
            {summary.tracks.map(({ track, count }) => (
              <li key={trackKey(track)}>
                <Group gap="xs" wrap="nowrap">
                  <PlayButton tracks={playable} track={track} />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" truncate>
                      {track.title}
                    </Text>
                    <Text component="div" size="xs" c="dimmed" truncate>
                      <ArtistText artist={track.artist} />
                    </Text>
                  </Stack>
                  <Count count={count} />
                  <TrackMenu track={track} disabled={!playable.includes(track)} />
                </Group>
              </li>
            ))}
          </TopList>
          <TopList title={text.listening.topAlbums}>
            {summary.albums.map(({ key, count }) => (
              <li key={key}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} href={`/album/${key}`} size="sm" truncate>
                      {result.albums[key]?.title ?? text.listening.unknownTrack}
                    </Anchor>
                    {result.albums[key] && (
                      <Text component="div" size="xs" c="dimmed" truncate>
                        <ArtistText artist={result.albums[key].artist} />
                      </Text>
                    )}
                  </Stack>
                  <Count count={count} />
                </Group>
              </li>
            ))}
          </TopList>
          <TopList title={text.listening.topArtists}>
            {summary.artists.map(({ key, count }) => (
              <li key={key}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Anchor component={Link} href={`/search?keyword=${encodeURIComponent(key)}`} size="sm" truncate>
                    {key}
                  </Anchor>
                  <Count count={count} />
                </Group>
              </li>
            ))}
          </TopList>
          <TopList title={text.listening.topTags}>
            {summary.tags.map(({ key, count }) => (
              <li key={key}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Anchor component={Link} href={tagPath(key)} size="sm" truncate title={key}>
                    {tagLabel(key)}
                  </Anchor>
                  <Count count={count} />
                </Group>
              </li>
            ))}
          </TopList>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Stats({ logic }: { logic: typeof statsMachine }) {
  const inspect = useInspect();
  const stats = useActorRef(logic, { inspect, input: {} });
  const period = useSelector(stats, (s) => s.context.period);
  const result = useSelector(stats, (s) => s.context.result);
  const error = useSelector(stats, (s) => s.context.error);
  const loading = useSelector(stats, (s) => s.hasTag('loading'));
  const failed = useSelector(stats, (s) => s.hasTag('failed'));
  return (
    <Stack>
      <SegmentedControl
        aria-label={text.listening.period}
        value={period}
        onChange={(value) => stats.send({ type: 'CHOOSE_PERIOD', period: value as StatsPeriod })}
        data={STATS_PERIODS.map((value) => ({ value, label: text.listening.periods[value] ?? value }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {failed ? (
        <Group gap="sm">
          <Text c="red" size="sm">
            {errorMessage(error)}
          </Text>
          <Button size="xs" variant="light" onClick={() => stats.send({ type: 'RETRY' })}>
            {text.retry}
          </Button>
        </Group>
      ) : loading && !result ? (
        <PageSpinner />
      ) : result ? (
        <div aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
          <Results result={result} period={period} />
        </div>
      ) : null}
    </Stack>
  );
}

export default function StatsPage() {
  const listening = useListening();
  return (
    <Stack>
      <Title order={2}>{text.listening.stats}</Title>
      {listening ? <Stats logic={listening.stats} /> : <PageSpinner />}
    </Stack>
  );
}
