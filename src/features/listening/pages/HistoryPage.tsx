// 最近播放 (docs/behaviour.md#listening-history): the listener's plays newest first, under a heading
// for each day, read a page at a time as they scroll (a virtual list: a long history renders only
// the rows in view). A row plays from there the history's playable tracks, each once.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useAccessGeneration } from '@/features/library';
import { historyItems, type HistoryItem } from '@/rules/history';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import { errorMessage } from '@/services/api/errors';
import { useInspect } from '@/ui/inspect';
import { useSendWhenChanged } from '@/ui/useSendWhenChanged';
import { PageSpinner } from '@/ui/PageSpinner';
import { useWindowHeight } from '@/ui/useWindowHeight';
import { VirtualList } from '@/ui/VirtualList';
import { useListening } from '../context';
import type { Listening } from '../start';
import type { HistoryRow as Row, historyMachine } from '../historyMachine';
import { HistoryRow } from '../components/HistoryRow';
import classes from '../components/HistoryRow.module.css';

const ROW_HEIGHT = 56;
/** header, player bar, page padding and the title row */
const CHROME_HEIGHT = 56 + 72 + 32 + 60;

/** the playable tracks of the history, newest first, each once: what a row's play button queues */
function playableTracks(rows: readonly Row[]): TrackInfo[] {
  const seen = new Set<string>();
  const tracks: TrackInfo[] = [];
  for (const row of rows) {
    const key = trackKey(row.track);
    if (!row.playable || seen.has(key)) continue;
    seen.add(key);
    tracks.push(row.track);
  }
  return tracks;
}

function History({ logic, plays }: { logic: typeof historyMachine; plays: Listening['plays'] }) {
  const inspect = useInspect();
  const history = useActorRef(logic, { inspect });
  // plays the listener makes while the page shows come on top once the server has them
  useEffect(() => {
    const sent = plays.on('sent', () => history.send({ type: 'NEW_PLAYS' }));
    return () => sent.unsubscribe();
  }, [plays, history]);
  const rows = useSelector(history, (s) => s.context.rows);
  const error = useSelector(history, (s) => s.context.error);
  const loading = useSelector(history, (s) => s.hasTag('loading'));
  const failed = useSelector(history, (s) => s.hasTag('failed'));
  const loadingMore = useSelector(history, (s) => s.hasTag('loadingMore'));
  const height = Math.max(useWindowHeight() - CHROME_HEIGHT, ROW_HEIGHT * 5);
  const items = useMemo(
    () => historyItems(rows, new Date(), { today: text.listening.today, yesterday: text.listening.yesterday }),
    [rows],
  );
  const playable = useMemo(() => playableTracks(rows), [rows]);
  const loadMore = useCallback(() => history.send({ type: 'LOAD_MORE' }), [history]);
  // a sync, a library added or removed, the network gone or back: which rows can play is checked again
  const generation = useAccessGeneration();
  useSendWhenChanged(history, generation, 'LIBRARIES_CHANGED');

  if (loading) return <PageSpinner />;
  const retry = failed && (
    <Group gap="sm">
      <Text c="red" size="sm">
        {rows.length === 0 ? errorMessage(error) : `${text.listening.moreFailed}：${errorMessage(error)}`}
      </Text>
      <Button size="xs" variant="light" onClick={() => history.send({ type: 'RETRY' })}>
        {text.retry}
      </Button>
    </Group>
  );
  if (rows.length === 0) return retry || <Text c="dimmed">{text.listening.noHistory}</Text>;
  return (
    <Stack gap="xs">
      <VirtualList<HistoryItem<Row>>
        items={items}
        rowHeight={ROW_HEIGHT}
        height={Math.min(height, items.length * ROW_HEIGHT)}
        ariaLabel={text.listening.history}
        itemKey={(item) => item.key}
        onNearEnd={loadMore}
        renderRow={(item) =>
          item.kind === 'day' ? (
            <h3 className={classes.day}>{item.label}</h3>
          ) : (
            <HistoryRow row={item.play} odd={item.index % 2 === 1} playable={playable} />
          )
        }
      />
      {loadingMore && (
        <Text c="dimmed" size="sm">
          {text.listening.loadingMore}
        </Text>
      )}
      {retry}
    </Stack>
  );
}

export default function HistoryPage() {
  const listening = useListening();
  return (
    <Stack>
      <Title order={2}>{text.listening.history}</Title>
      {listening ? <History logic={listening.history} plays={listening.plays} /> : <PageSpinner />}
    </Stack>
  );
}
