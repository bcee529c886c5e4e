// 保存到本机 for a list (an album, a playlist): the dialog for the tracks not kept yet (their quality
// and size against the space left; 开始保存 queues them); while they download, the count, the size
// so far and the current track's progress with 取消保存; once all are kept, 已保存到本机 and 移除本机副本.
import '@mantine/core/styles/Progress.layer.css';
import { Button, Group, Progress, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconTrash, IconX } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { Quality } from '@/shared/constants';
import { formatBytes } from '@/rules/bytes';
import { text } from '@/shared/text';
import { trackInfoOf, type TrackInfo } from '@/shared/track';
import { Tip } from '@/ui/Tip';
import { useKeeping } from '../context';
import { keepingOf, keptBytesOf, progressOf, sameKeeping } from '../viewSelectors';

/** `listSize`: the list's tracks in all, when more than `tracks` (those that can play now) */
export function KeepButton({
  tracks,
  quality,
  listSize = tracks.length,
}: {
  tracks: readonly TrackInfo[];
  quality: Quality;
  listSize?: number;
}) {
  const keeping = useKeeping();
  const state = useSelector(keeping, keepingOf(tracks), sameKeeping);
  const progress = useSelector(keeping, progressOf);
  const listBytes = useSelector(keeping, keptBytesOf(tracks));
  const canRemove = useSelector(keeping, (snapshot) => snapshot.can({ type: 'REMOVE', tracks: [] }));
  if (tracks.length === 0) return null;

  if (state.queued > 0) {
    const part = state.downloading && progress.total ? progress.bytes / progress.total : 0;
    const total = state.kept + state.queued;
    return (
      <Group gap="xs" wrap="nowrap">
        <div style={{ minWidth: 140 }}>
          <Group gap={6}>
            <Text size="xs">{text.offline.progress(state.kept, total)}</Text>
            {listBytes > 0 && (
              <Text size="xs" c="dimmed">
                {text.offline.listProgress(formatBytes(listBytes))}
              </Text>
            )}
          </Group>
          <Progress
            value={((state.kept + part) / total) * 100}
            size="sm"
            aria-label={text.offline.progress(state.kept, total)}
          />
          {state.downloading && progress.bytes > 0 && (
            <Text size="xs" c="dimmed">
              {text.offline.trackProgress(
                formatBytes(progress.bytes),
                progress.total === null ? null : formatBytes(progress.total),
              )}
            </Text>
          )}
        </div>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconX size={14} />}
          onClick={() => keeping.send({ type: 'CANCEL' })}
        >
          {text.offline.cancel}
        </Button>
      </Group>
    );
  }

  if (state.kept === tracks.length) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="teal" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <IconCircleCheck size={16} aria-hidden />
          {listSize > tracks.length ? text.offline.keptOf(state.kept, listSize) : text.offline.kept}
        </Text>
        <Tip label={text.offline.remove}>
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            aria-label={text.offline.remove}
            loading={state.removing}
            disabled={!canRemove}
            onClick={() => keeping.send({ type: 'REMOVE', tracks: [...tracks] })}
          >
            <IconTrash size={16} />
          </Button>
        </Tip>
      </Group>
    );
  }

  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      onClick={() => keeping.send({ type: 'PLAN', tracks: tracks.map(trackInfoOf), quality })}
    >
      {text.offline.keep}
    </Button>
  );
}
