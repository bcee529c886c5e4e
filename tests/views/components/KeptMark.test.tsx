// 已保存到本机 on a track row: shown for a kept track, which is then read ahead of a play (a click on
// the row finds its body in hand); a track not kept is neither marked nor read.
import { describe, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createActor, fromPromise } from 'xstate';
import { KeepingProvider, KeptAheadProvider } from '@/features/offline';
import { KeptMark } from '@/features/offline/components';
import { keepingMachine, type KeptOnDevice } from '@/features/offline/keepingMachine';
import { trackKey, type TrackIdentity } from '@/shared/track';
import { text } from '@/shared/text';

const kept: TrackIdentity = { albumId: 'a1', discId: 1, trackId: 1 };
const streamed: TrackIdentity = { albumId: 'a1', discId: 1, trackId: 2 };

function renderMarks(list: Promise<KeptOnDevice>) {
  const keeping = createActor(keepingMachine.provide({ actors: { loadKept: fromPromise(() => list) } })).start();
  keeping.send({ type: 'LOAD' });
  const readAhead = vi.fn();
  render(
    <MantineProvider>
      <KeepingProvider value={keeping}>
        <KeptAheadProvider value={readAhead}>
          <KeptMark track={kept} />
          <KeptMark track={streamed} />
        </KeptAheadProvider>
      </KeepingProvider>
    </MantineProvider>,
  );
  return readAhead;
}

describe('KeptMark', () => {
  test('a kept track’s row is marked and read ahead, once the keeping actor’s list says it is kept', async () => {
    let answer: (list: KeptOnDevice) => void = () => {};
    const readAhead = renderMarks(new Promise((resolve) => (answer = resolve)));
    expect(screen.queryByRole('img', { name: text.offline.kept })).toBeNull();
    expect(readAhead).not.toHaveBeenCalled();

    await act(async () => answer({ kept: [trackKey(kept)], queue: [], bytes: { [trackKey(kept)]: 1000 } }));
    expect(screen.getAllByRole('img', { name: text.offline.kept })).toHaveLength(1);
    expect(readAhead).toHaveBeenCalledWith(kept);
    expect(readAhead).not.toHaveBeenCalledWith(streamed);
  });
});
