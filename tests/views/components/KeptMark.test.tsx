// 已保存到本机 on a track row: shown for a kept track, which is then read ahead of a play (a click on
// the row finds its body in hand); a track not kept is neither marked nor read. While a list
// downloads, the row downloading shows the part that arrived and the rows waiting a clock.
import { describe, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { KeepingProvider, KeptAheadProvider } from '@/features/offline';
import { KeptMark } from '@/features/offline/components';
import { keepingMachine, type KeepingEvent, type KeepItem, type KeptOnDevice } from '@/features/offline/keepingMachine';
import { trackKey, type TrackIdentity } from '@/shared/track';
import { text } from '@/shared/text';
import { loadedLater } from '@/shared/loadedLater';

const kept: TrackIdentity = { albumId: 'a1', discId: 1, trackId: 1 };
const streamed: TrackIdentity = { albumId: 'a1', discId: 1, trackId: 2 };

/** the download the keeping actor started: what it reports back */
let download: ((event: KeepingEvent) => void) | null = null;

async function renderMarks(list: Promise<KeptOnDevice>, rows: TrackIdentity[] = [kept, streamed]) {
  const downloadTrack = fromCallback<KeepingEvent, KeepItem>(({ sendBack }) => {
    download = sendBack;
  });
  const keeping = createActor(
    keepingMachine.provide({ actors: { loadKept: fromPromise(() => list), downloadTrack } }),
  ).start();
  keeping.send({ type: 'LOAD' });
  const readAhead = vi.fn();
  // as the app provides it: an actor whose code loads after the first page
  const later = loadedLater(async () => keeping);
  await later.ready();
  await act(async () =>
    render(
      <MantineProvider>
        <KeepingProvider value={later}>
          <KeptAheadProvider value={readAhead}>
            {rows.map((track) => (
              <KeptMark key={trackKey(track)} track={track} />
            ))}
          </KeptAheadProvider>
        </KeepingProvider>
      </MantineProvider>,
    ),
  );
  return { readAhead, keeping };
}

describe('KeptMark', () => {
  test('a kept track’s row is marked and read ahead, once the keeping actor’s list says it is kept', async () => {
    let answer: (list: KeptOnDevice) => void = () => {};
    const { readAhead } = await renderMarks(new Promise((resolve) => (answer = resolve)));
    expect(screen.queryByRole('img', { name: text.offline.kept })).toBeNull();
    expect(readAhead).not.toHaveBeenCalled();

    await act(async () => answer({ kept: [trackKey(kept)], queue: [], bytes: { [trackKey(kept)]: 1000 } }));
    expect(screen.getAllByRole('img', { name: text.offline.kept })).toHaveLength(1);
    expect(readAhead).toHaveBeenCalledWith(kept);
    expect(readAhead).not.toHaveBeenCalledWith(streamed);
  });

  test('while a list downloads, its row downloading shows the part that arrived, the rows waiting a clock; each is marked kept once it is', async () => {
    const third: TrackIdentity = { albumId: 'a1', discId: 1, trackId: 3 };
    const info = (track: TrackIdentity) => ({
      ...track,
      title: `T${track.trackId}`,
      artist: 'A',
      type: 'normal' as const,
      albumTitle: 'Album',
    });
    const { keeping } = await renderMarks(Promise.resolve({ kept: [], queue: [], bytes: {} }), [kept, streamed, third]);
    await act(async () => {});
    expect(screen.queryAllByRole('img')).toHaveLength(0);

    act(() =>
      keeping.send({
        type: 'KEEP',
        items: [kept, streamed].map((track) => ({ track: info(track), quality: 'lossless' as const })),
      }),
    );
    expect(screen.getByRole('img', { name: text.offline.downloading(null) })).toBeTruthy();
    expect(screen.getByRole('img', { name: text.offline.queued })).toBeTruthy();
    act(() => download!({ type: 'DOWNLOAD_PROGRESS', bytes: 450, total: 1000 }));
    expect(screen.getByRole('img', { name: text.offline.downloading(45) })).toBeTruthy();

    act(() => download!({ type: 'TRACK_KEPT' }));
    expect(screen.getByRole('img', { name: text.offline.kept })).toBeTruthy();
    expect(screen.getByRole('img', { name: text.offline.downloading(null) })).toBeTruthy();
    expect(screen.queryByRole('img', { name: text.offline.queued })).toBeNull();
    // the row not asked for shows nothing
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });
});
