// Model-based paths over 最近播放's loader: every path `npm run paths -- history` prints is replayed
// and checked against the rules written out plainly (where it is, which rows it holds, whether the
// server has more); then the page's reads as the listener scrolls, with a fake reader.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { historyMachine, withNewest, type HistoryPage, type HistoryRow } from '@/features/listening/historyMachine';
import type { TrackIdentity } from '@/shared/track';
import { assertAllStatesReached, replayPath, stateIdsOf, type MachinePath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

type Machine = typeof historyMachine;
const pending = fromPromise<HistoryPage, { offset: number }>(() => new Promise<never>(() => {}));
const walked = historyMachine.provide({
  actors: {
    loadHistoryPage: pending,
    checkPlayable: fromPromise<string[], { tracks: TrackIdentity[] }>(() => new Promise<never>(() => {})),
  },
});

function expected(path: MachinePath<Machine>) {
  let state = 'loading';
  let access = 'current';
  let rows: HistoryRow[] = [];
  let end = false;
  for (const { event } of path.steps.slice(1)) {
    const e = event as { type: string; output?: HistoryPage };
    if (e.type === 'xstate.done.actor.firstPage') [state, rows, end] = ['ready.idle', e.output!.rows, e.output!.end];
    else if (e.type === 'xstate.error.actor.firstPage') state = 'failed';
    else if (e.type === 'xstate.done.actor.nextPage')
      [state, rows, end] = ['ready.idle', [...rows, ...e.output!.rows], e.output!.end];
    else if (e.type === 'xstate.error.actor.nextPage') state = 'ready.moreFailed';
    else if (e.type === 'RETRY') state = state === 'failed' ? 'loading' : 'ready.more';
    else if (e.type === 'LOAD_MORE' && state === 'ready.idle' && !end) state = 'ready.more';
    else if (e.type === 'NEW_PLAYS' && state === 'ready.idle') state = 'ready.newest';
    else if (e.type === 'xstate.error.actor.newestPage') state = 'ready.idle';
    else if (e.type === 'xstate.done.actor.newestPage') {
      const page = e.output!;
      const same = (a: HistoryRow, b: HistoryRow) =>
        a.at === b.at && JSON.stringify(a.track) === JSON.stringify(b.track);
      const at = rows[0] ? page.rows.findIndex((r) => same(r, rows[0]!)) : -1;
      if (at >= 0) rows = [...page.rows.slice(0, at), ...rows];
      else [rows, end] = [page.rows, page.end];
      state = 'ready.idle';
    } else if (e.type === 'LIBRARIES_CHANGED') access = 'checking';
    else if (e.type === 'xstate.error.actor.checkPlayable') access = 'current';
    else if (e.type === 'xstate.done.actor.checkPlayable') {
      access = 'current';
      const playable = new Set(e.output as unknown as string[]);
      rows = rows.map((r) => ({
        ...r,
        playable: r.known && playable.has(`${r.track.albumId}-${r.track.discId}-${r.track.trackId}`),
      }));
    }
  }
  return { state, access, rows, end };
}

const stateOf = (value: unknown): string => {
  const pages = (value as { pages: string | { ready: string } }).pages;
  return typeof pages === 'string' ? pages : `ready.${pages.ready}`;
};

describe('history paths', () => {
  const machineWalk = registryWalk('history', historyMachine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('history', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(historyMachine)).toEqual([
      'pages.loading',
      'pages.failed',
      'pages.ready.idle',
      'pages.ready.newest',
      'pages.ready.more',
      'pages.ready.moreFailed',
      'access.current',
      'access.checking',
    ]);
    assertAllStatesReached(paths, historyMachine);
  });

  it.each(cases)('%s', async (_, path) => {
    const { finalSnapshot: s } = await replayPath(walked, path);
    const want = expected(path);
    expect(stateOf(s.value)).toBe(want.state);
    expect((s.value as { access: string }).access).toBe(want.access);
    expect(s.context.rows).toEqual(want.rows);
    expect(s.context.end).toBe(want.end);
  });
});

describe('plays sent while the page shows', () => {
  const row = (at: number, trackId = at) => ({
    at,
    track: { albumId: 'a', discId: 1, trackId, title: '', artist: '', type: 'normal', albumTitle: '' },
    known: true,
    playable: true,
  });

  it('the new ones go on top of what shows; over a page of them, the page stands alone', () => {
    const shown = [row(300), row(200), row(100)];
    expect(withNewest(shown, { rows: [row(500), row(400), row(300), row(200)], end: false }).map((r) => r.at)).toEqual([
      500, 400, 300, 200, 100,
    ]);
    expect(withNewest(shown, { rows: [row(300), row(200)], end: false })).toEqual(shown);
    // the same second, another track: not the row that was newest
    expect(
      withNewest([row(300, 1)], { rows: [row(300, 2), row(300, 1)], end: true }).map((r) => r.track.trackId),
    ).toEqual([2, 1]);
    const many = [row(900), row(800)];
    expect(withNewest(shown, { rows: many, end: false })).toBe(many);
    expect(withNewest([], { rows: many, end: true })).toBe(many);
  });
});

describe('reading the history as the listener scrolls', () => {
  const row = (at: number): HistoryRow => ({
    at,
    track: { albumId: 'a', discId: 1, trackId: at, title: `t${at}`, artist: '', type: 'normal', albumTitle: '' },
    known: true,
    playable: true,
  });

  it('reads page after page by offset until the server has no more; a failed page is read again on 重试', async () => {
    const offsets: number[] = [];
    let failNext = false;
    const loadHistoryPage = fromPromise<HistoryPage, { offset: number }>(async ({ input }) => {
      offsets.push(input.offset);
      if (failNext) {
        failNext = false;
        throw new Error('no answer');
      }
      const rows = [row(1000 - input.offset), row(999 - input.offset)];
      return { rows, end: input.offset >= 4 };
    });
    const actor = createActor(historyMachine.provide({ actors: { loadHistoryPage } })).start();
    // (the libraries never change here: nothing is checked again)
    await waitFor(actor, (s) => s.matches({ pages: { ready: 'idle' } }));
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.matches({ pages: { ready: 'idle' } }));
    failNext = true;
    actor.send({ type: 'LOAD_MORE' });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.rows).toHaveLength(4);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches({ pages: { ready: 'idle' } }));
    // the end: asking for more reads nothing
    actor.send({ type: 'LOAD_MORE' });
    expect(offsets).toEqual([0, 2, 4, 4]);
    expect(actor.getSnapshot().context.rows.map((r) => r.at)).toEqual([1000, 999, 998, 997, 996, 995]);
    expect(actor.getSnapshot().context.end).toBe(true);
  });
});
