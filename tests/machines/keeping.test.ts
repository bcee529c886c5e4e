// Keeping tracks on this device: the queue downloads one track at a time with its progress, a
// failure is tried again twice before it shows and the queue goes on, cancel stops the download
// and empties the queue, a reload resumes the saved queue, 移除本机副本 forgets the tracks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { keepingMachine, type KeepingEvent, type KeepItem, type KeptOnDevice, type QueueChangedEvent } from '@/features/offline/keepingMachine';
import { NetworkError } from '@/services/api/errors';
import { KEEP_RETRY_DELAY_MS } from '@/shared/constants';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import { trackKey, type TrackIdentity, type TrackInfo } from '@/shared/track';
import { fakeService, flush } from './fakes';

const track = (trackId: number): TrackInfo => ({ albumId: 'a1', discId: 1, trackId, title: `第${trackId}首`, artist: 'A', type: 'normal', albumTitle: '港灯夜曲' });
const item = (trackId: number): KeepItem => ({ track: track(trackId), quality: 'lossless' });

function start(onDevice: KeptOnDevice = { kept: [], queue: [] }) {
  const downloads: { input: KeepItem; sendBack: (event: KeepingEvent) => void; stopped: boolean }[] = [];
  const fakes = { loadKept: fakeService<KeptOnDevice>(), removeKept: fakeService<void, TrackIdentity[]>() };
  const downloadTrack = fromCallback<KeepingEvent, KeepItem>(({ input, sendBack }) => {
    const download = { input, sendBack, stopped: false };
    downloads.push(download);
    return () => {
      download.stopped = true;
    };
  });
  const actor = createActor(keepingMachine.provide({ actors: { loadKept: fakes.loadKept.logic, removeKept: fakes.removeKept.logic, downloadTrack } }));
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
    const { actor, current } = start({ kept: [trackKey(track(1))], queue: [item(2), item(3)] });
    await flush();
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    expect(current().input).toEqual(item(2));
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(1))]);
  });

  it('nothing is read before somebody signs in; signing out stops the download and forgets everything', async () => {
    const fakes = { loadKept: fakeService<KeptOnDevice>() };
    const actor = createActor(keepingMachine.provide({ actors: { loadKept: fakes.loadKept.logic } })).start();
    expect(fakes.loadKept.calls).toHaveLength(0);
    const { actor: busy, current } = start({ kept: [trackKey(track(1))], queue: [item(2)] });
    await flush();
    const running = current();
    busy.send({ type: 'RESET' });
    expect(running.stopped).toBe(true);
    expect(busy.getSnapshot().value).toBe('waiting');
    expect(busy.getSnapshot().context).toMatchObject({ kept: [], queue: [] });
    actor.stop();
  });

  it('移除本机副本 forgets the removed tracks once they are gone from the device', async () => {
    const { actor, fakes, notes } = start({ kept: [trackKey(track(1)), trackKey(track(2))], queue: [] });
    await flush();
    actor.send({ type: 'REMOVE', tracks: [track(1)] });
    expect(actor.getSnapshot().hasTag('removing')).toBe(true);
    expect(fakes.removeKept.last.input).toEqual([track(1)]);
    fakes.removeKept.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.kept).toEqual([trackKey(track(2))]);
    expect(notes).toEqual([text.offline.removed]);
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
});
