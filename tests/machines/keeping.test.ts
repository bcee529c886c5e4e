// Keeping tracks on this device: the queue downloads one track at a time with its progress, a
// failure is tried again twice before it shows and the queue goes on, cancel stops the download
// and empties the queue, a reload resumes the saved queue, 移除本机副本 forgets the tracks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  keepingMachine,
  type KeepingEvent,
  type KeepItem,
  type KeptOnDevice,
  type QueueChangedEvent,
} from '@/features/offline/keepingMachine';
import { keepPlanMachine, type KeepEstimate, type KeepPlanInput } from '@/features/offline/keepPlanMachine';
import { keptBytesOf } from '@/features/offline/viewSelectors';
import { NetworkError } from '@/services/api/errors';
import { KEEP_RETRY_DELAY_MS } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import { fakeService, flush } from './fakes';

const track = (trackId: number): TrackInfo => ({
  albumId: 'a1',
  discId: 1,
  trackId,
  title: `第${trackId}首`,
  artist: 'A',
  type: 'normal',
  albumTitle: '港灯夜曲',
});
const item = (trackId: number): KeepItem => ({ track: track(trackId), quality: 'lossless' });

function start(onDevice: KeptOnDevice = { kept: [], queue: [], bytes: {} }) {
  const downloads: { input: KeepItem; sendBack: (event: KeepingEvent) => void; stopped: boolean }[] = [];
  const fakes = {
    loadKept: fakeService<KeptOnDevice>(),
    removeKept: fakeService<void, TrackIdentity[]>(),
    estimateKeep: fakeService<KeepEstimate, KeepPlanInput>(),
  };
  const downloadTrack = fromCallback<KeepingEvent, KeepItem>(({ input, sendBack }) => {
    const download = { input, sendBack, stopped: false };
    downloads.push(download);
    return () => {
      download.stopped = true;
    };
  });
  const keepPlan = keepPlanMachine.provide({ actors: { estimateKeep: fakes.estimateKeep.logic } });
  const actor = createActor(
    keepingMachine.provide({
      actors: { loadKept: fakes.loadKept.logic, removeKept: fakes.removeKept.logic, downloadTrack, keepPlan },
    }),
  );
  const notes: string[] = [];
  const saved: KeepItem[][] = [];
  actor.on('notify', (e: NotifyEvent) => notes.push(e.message));
  actor.on('queueChanged', (e: QueueChangedEvent) => saved.push(e.queue));
  actor.start();
  actor.send({ type: 'LOAD' });
  fakes.loadKept.last.resolve(onDevice);
  return { actor, fakes, downloads, notes, saved, current: () => downloads.at(-1)! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('keeping tracks on this device', () => {
  it('downloads the queue one track at a time with its progress; the batch ends with its count', async () => {
    const { actor, downloads, notes, saved, current } = start();
    await flush();
    actor.send({ type: 'KEEP', items: [item(1), item(2), item(1)] });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    expect(actor.getSnapshot().context.queue.map((i) => i.track.trackId)).toEqual([1, 2]);
    expect(current().input).toEqual(item(1));
    current().sendBack({ type: 'DOWNLOAD_PROGRESS', bytes: 1000, total: 4000 });
    expect(actor.getSnapshot().context.progress).toEqual({ bytes: 1000, total: 4000 });
    current().sendBack({ type: 'TRACK_KEPT' });
    expect(downloads).toHaveLength(2);
    expect(current().input).toEqual(item(2));
    // a new track starts from nothing; the batch counts what is kept
    expect(actor.getSnapshot().context).toMatchObject({ progress: { bytes: 0, total: null }, keptInBatch: 1 });
    current().sendBack({ type: 'TRACK_KEPT' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(1)), trackKey(track(2))]);
    expect(notes).toEqual([text.offline.keepDone(2)]);
    expect(saved.at(-1)).toEqual([]);
    // asked again: all kept already
    actor.send({ type: 'KEEP', items: [item(2)] });
    expect(notes.at(-1)).toBe(text.offline.allKept);
    expect(downloads).toHaveLength(2);
  });

  it('a failed download is tried again twice after a wait, then its failure shows and the queue goes on', async () => {
    const { actor, downloads, notes, current } = start();
    await flush();
    actor.send({ type: 'KEEP', items: [item(1), item(2)] });
    for (let attempt = 1; attempt <= 2; attempt++) {
      current().sendBack({ type: 'TRACK_FAILED', error: new NetworkError(503, 'Service Unavailable') });
      expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
      expect(downloads).toHaveLength(attempt);
      vi.advanceTimersByTime(KEEP_RETRY_DELAY_MS);
      expect(downloads).toHaveLength(attempt + 1);
      expect(current().input).toEqual(item(1));
    }
    current().sendBack({ type: 'TRACK_FAILED', error: new NetworkError(503, 'Service Unavailable') });
    expect(notes).toEqual([text.offline.keepFailed('第1首', text.errors.network(503, 'Service Unavailable'))]);
    expect(current().input).toEqual(item(2));
    current().sendBack({ type: 'TRACK_KEPT' });
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(2))]);
    expect(notes.at(-1)).toBe(text.offline.keepDone(1));
  });

  it('cancel stops the download and empties the queue; tracks asked meanwhile join the queue', async () => {
    const { actor, notes, saved, current } = start();
    await flush();
    actor.send({ type: 'KEEP', items: [item(1)] });
    actor.send({ type: 'KEEP', items: [item(2)] });
    expect(saved.at(-1)?.map((i) => i.track.trackId)).toEqual([1, 2]);
    const running = current();
    actor.send({ type: 'CANCEL' });
    expect(running.stopped).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(saved.at(-1)).toEqual([]);
    expect(notes).toEqual([text.offline.cancelled]);
  });

  it('a reload resumes the saved queue where it stopped; what is kept shows as kept', async () => {
    const { actor, current } = start({
      kept: [trackKey(track(1))],
      queue: [item(2), item(3)],
      bytes: { [trackKey(track(1))]: 3000 },
    });
    await flush();
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    expect(current().input).toEqual(item(2));
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(1))]);
  });

  it('nothing is read before somebody signs in; signing out stops the download and forgets everything', async () => {
    const fakes = { loadKept: fakeService<KeptOnDevice>() };
    const actor = createActor(keepingMachine.provide({ actors: { loadKept: fakes.loadKept.logic } })).start();
    expect(fakes.loadKept.calls).toHaveLength(0);
    const { actor: busy, current } = start({
      kept: [trackKey(track(1))],
      queue: [item(2)],
      bytes: { [trackKey(track(1))]: 3000 },
    });
    await flush();
    const running = current();
    busy.send({ type: 'RESET' });
    expect(running.stopped).toBe(true);
    expect(busy.getSnapshot().value).toBe('waiting');
    expect(busy.getSnapshot().context).toMatchObject({ kept: [], keptBytes: {}, queue: [] });
    actor.stop();
  });

  it('移除本机副本 forgets the removed tracks once they are gone from the device', async () => {
    const { actor, fakes, notes } = start({
      kept: [trackKey(track(1)), trackKey(track(2))],
      queue: [],
      bytes: { [trackKey(track(1))]: 3000, [trackKey(track(2))]: 5000 },
    });
    await flush();
    actor.send({ type: 'REMOVE', tracks: [track(1)] });
    expect(actor.getSnapshot().hasTag('removing')).toBe(true);
    expect(fakes.removeKept.last.input).toEqual([track(1)]);
    fakes.removeKept.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(2))]);
    expect(actor.getSnapshot().context.keptBytes).toEqual({ [trackKey(track(2))]: 5000 });
    expect(notes).toEqual([text.offline.removed]);
  });

  it("a list's size so far while it downloads: the bytes kept of its tracks, with what arrived of the one downloading", async () => {
    const { actor, current } = start({ kept: [trackKey(track(1))], queue: [], bytes: { [trackKey(track(1))]: 3000 } });
    await flush();
    const list = [track(1), track(2), track(3)];
    const size = () => keptBytesOf(list)(actor.getSnapshot());
    expect(size()).toBe(3000);
    actor.send({ type: 'KEEP', items: [item(2), item(3), item(9)] });
    current().sendBack({ type: 'DOWNLOAD_PROGRESS', bytes: 1000, total: 4000 });
    expect(size()).toBe(4000);
    current().sendBack({ type: 'DOWNLOAD_PROGRESS', bytes: 4000, total: 4000 });
    current().sendBack({ type: 'TRACK_KEPT' });
    // track 2 kept whole; track 3 has started from nothing
    expect(size()).toBe(7000);
    current().sendBack({ type: 'DOWNLOAD_PROGRESS', bytes: 500, total: null });
    expect(size()).toBe(7500);
    current().sendBack({ type: 'DOWNLOAD_PROGRESS', bytes: 2000, total: null });
    current().sendBack({ type: 'TRACK_KEPT' });
    // track 9 downloads now: not this list's
    current().sendBack({ type: 'DOWNLOAD_PROGRESS', bytes: 800, total: 900 });
    expect(size()).toBe(9000);
    expect(keptBytesOf([track(9)])(actor.getSnapshot())).toBe(800);
  });

  it('no store on this browser: nothing is kept, and the machine still takes requests', async () => {
    const fakes = { loadKept: fakeService<KeptOnDevice>() };
    const actor = createActor(keepingMachine.provide({ actors: { loadKept: fakes.loadKept.logic } })).start();
    actor.send({ type: 'LOAD' });
    fakes.loadKept.last.reject(new Error('IndexedDB is not available'));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().can({ type: 'KEEP', items: [item(1)] })).toBe(true);
  });

  it('保存到本机 opens the dialog for the tracks not kept yet: their size against the space left, then 开始保存 queues them in its quality', async () => {
    const { actor, fakes, downloads, notes, current } = start({
      kept: [trackKey(track(1))],
      queue: [],
      bytes: { [trackKey(track(1))]: 3000 },
    });
    await flush();
    actor.send({ type: 'PLAN', tracks: [track(1), track(2), track(3)], quality: 'high' });
    const plan = () => actor.getSnapshot().context.plan!;
    expect(plan().getSnapshot().hasTag('estimating')).toBe(true);
    expect(fakes.estimateKeep.last.input).toEqual({ tracks: [track(2), track(3)], quality: 'high' });
    // another quality is estimated again; the first answer is dropped
    plan().send({ type: 'SET_QUALITY', quality: 'lossless' });
    expect(fakes.estimateKeep.calls).toHaveLength(2);
    expect(fakes.estimateKeep.calls[0]!.signal.aborted).toBe(true);
    fakes.estimateKeep.last.resolve({ bytes: 80_000_000, available: 2_000_000_000 });
    await flush();
    expect(plan().getSnapshot().hasTag('ready')).toBe(true);
    expect(plan().getSnapshot().context.estimate).toEqual({ bytes: 80_000_000, available: 2_000_000_000 });
    expect(downloads).toHaveLength(0);
    plan().send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.plan).toBeNull();
    expect(actor.getSnapshot().context.queue).toEqual([
      { track: track(2), quality: 'lossless' },
      { track: track(3), quality: 'lossless' },
    ]);
    expect(current().input).toEqual({ track: track(2), quality: 'lossless' });
    // everything asked is kept or queued: no dialog, a toast says so
    actor.send({ type: 'PLAN', tracks: [track(1), track(2)], quality: 'high' });
    expect(actor.getSnapshot().context.plan).toBeNull();
    expect(notes.at(-1)).toBe(text.offline.allKept);
  });

  it('a download that would not fit is refused before it starts; a lower quality that fits may start; 取消 keeps nothing', async () => {
    const { actor, fakes, downloads } = start();
    await flush();
    actor.send({ type: 'PLAN', tracks: [track(1), track(2)], quality: 'lossless' });
    const plan = () => actor.getSnapshot().context.plan!;
    fakes.estimateKeep.last.resolve({ bytes: 120_000_000, available: 50_000_000 });
    await flush();
    expect(plan().getSnapshot().hasTag('tooBig')).toBe(true);
    expect(plan().getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
    plan().send({ type: 'CONFIRM' });
    expect(downloads).toHaveLength(0);
    plan().send({ type: 'SET_QUALITY', quality: 'low' });
    fakes.estimateKeep.last.resolve({ bytes: 20_000_000, available: 50_000_000 });
    await flush();
    expect(plan().getSnapshot().can({ type: 'CONFIRM' })).toBe(true);
    plan().send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.plan).toBeNull();
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(downloads).toHaveLength(0);
    // an estimate that fails leaves the size unknown, and the listener may still start
    actor.send({ type: 'PLAN', tracks: [track(1)], quality: 'lossless' });
    fakes.estimateKeep.last.reject(new Error('the library is down'));
    await flush();
    expect(plan().getSnapshot().hasTag('ready')).toBe(true);
    expect(plan().getSnapshot().context.estimate).toEqual({ bytes: null, available: null });
  });

  it('a full device stops the queue at once (no retries); what was kept stays', async () => {
    const { actor, downloads, notes, saved, current } = start();
    await flush();
    actor.send({ type: 'KEEP', items: [item(1), item(2), item(3)] });
    current().sendBack({ type: 'TRACK_KEPT' });
    current().sendBack({
      type: 'TRACK_FAILED',
      error: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(downloads).toHaveLength(2);
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(1))]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(saved.at(-1)).toEqual([]);
    expect(notes).toContain(text.offline.outOfSpace);
    vi.advanceTimersByTime(KEEP_RETRY_DELAY_MS * 3);
    expect(downloads).toHaveLength(2);
  });

  it('signing out closes an open 保存到本机 dialog', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'PLAN', tracks: [track(1)], quality: 'lossless' });
    const plan = actor.getSnapshot().context.plan!;
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.plan).toBeNull();
    expect(plan.getSnapshot().status).toBe('stopped');
  });
});
