// 本机存储 (a tab of the user page): the space used and left on this device, each kept album with its
// tracks' count and size and 移除本机副本, and 全部移除.
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { formatBytes } from '@/rules/bytes';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { PageSpinner } from '@/ui/PageSpinner';
import { keptStorage, type KeptStorage } from '../keptStore';
import { useKeeping } from '../context';

function Usage({ estimate }: { estimate: KeptStorage['estimate'] }) {
  if (!estimate) return <Text size="sm">{text.offline.usageUnknown}</Text>;
  const label = text.offline.usage(
    formatBytes(estimate.usage),
    formatBytes(Math.max(0, estimate.quota - estimate.usage)),
  );
  return (
    <Stack gap={4}>
      <Text size="sm">{label}</Text>
      <Progress value={estimate.quota > 0 ? (estimate.usage / estimate.quota) * 100 : 0} aria-label={label} />
    </Stack>
  );
}

export function KeptStoragePanel() {
  const keeping = useKeeping();
  // what is kept changes as downloads end and removals finish: the page reads it again
  const keptCount = useSelector(keeping, (snapshot) => snapshot.context.kept.length);
  const canRemove = useSelector(keeping, (snapshot) => snapshot.can({ type: 'REMOVE', tracks: [] }));
  return (
    <PageLoad name="keptStorage" refresh={keptCount} load={keptStorage}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const { albums, estimate } = state.data;
        const all = albums.flatMap((album) => album.tracks);
        return (
          <Stack maw={640}>
            <Usage estimate={estimate} />
            {albums.length === 0 && <Text c="dimmed">{text.offline.none}</Text>}
            {albums.map((album) => (
              <Paper key={album.albumId} withBorder p="sm" role="group" aria-label={album.title}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500}>{album.title}</Text>
                    <Text size="sm" c="dimmed">
                      {text.offline.albumTracks(album.tracks.length, formatBytes(album.bytes))}
                    </Text>
                  </div>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={!canRemove}
                    onClick={() => keeping.send({ type: 'REMOVE', tracks: album.tracks })}
                  >
                    {text.offline.remove}
                  </Button>
                </Group>
              </Paper>
            ))}
            {albums.length > 0 && (
              <Group>
                <Button
                  variant="light"
                  color="red"
                  disabled={!canRemove}
                  onClick={() => keeping.send({ type: 'REMOVE', tracks: all })}
                >
                  {text.offline.removeAll}
                </Button>
              </Group>
            )}
          </Stack>
        );
      }}
    </PageLoad>
  );
}
