// 音量均衡 for kept tracks (docs/behaviour.md#sound): a track kept on this device is measured from its
// kept bytes right after, so its first play has its gain at once (offline too) and nothing is
// downloaded a second time. One at a time, after the download: decoding holds a whole track in
// memory. Measured as it will be heard: a mono track counts on both channels, as the graph plays it.
import type { LoudnessWorker } from '@/services/loudness/loudnessWorker';
import type { Loudness } from '@/rules/loudnessGain';
import { trackKey } from '@/shared/track';
import type { KeptTrackKey } from '@/storage/keptAudio';

/** what decoding gives: the samples of each channel at one rate */
interface DecodedAudio {
  sampleRate: number;
  channels: Float32Array[];
}

export interface MeasureKeptDeps {
  /** the kept body, or null when it is gone (removed meanwhile) */
  readBody(key: KeptTrackKey): Promise<Blob | null>;
  decode(bytes: ArrayBuffer): Promise<DecodedAudio>;
  meter: Pick<LoudnessWorker, 'startMeasure' | 'addChunk' | 'finish'>;
  measured(track: string, quality: string): Promise<boolean>;
  save(track: { track: string; albumId: string; quality: string }, loudness: Loudness): Promise<void>;
}

let measurements = 0;

/** measures one kept track, unless it was measured before; resolves when stored (or skipped) */
export async function measureKeptTrack(key: KeptTrackKey, deps: MeasureKeptDeps): Promise<void> {
  const track = trackKey(key);
  if (await deps.measured(track, key.quality)) return;
  const body = await deps.readBody(key);
  if (!body) return;
  const { sampleRate, channels } = await deps.decode(await body.arrayBuffer());
  const heard = channels.length === 1 ? [channels[0]!, channels[0]!] : channels.slice(0, 2);
  const id = `kept:${track}|${key.quality}#${++measurements}`;
  deps.meter.startMeasure(id, sampleRate, heard.length);
  // one second at a time, each its own copy (a chunk's buffers are handed to the worker)
  for (let from = 0; from < (heard[0]?.length ?? 0); from += sampleRate)
    deps.meter.addChunk(
      id,
      heard.map((channel) => channel.slice(from, from + sampleRate)),
    );
  const result = await deps.meter.finish(id);
  if (result.integratedLufs === null) return;
  await deps.save(
    { track, albumId: key.albumId, quality: key.quality },
    { lufs: result.integratedLufs, truePeakDbtp: result.truePeakDbtp, seconds: result.seconds },
  );
}

/** the browser's: the kept store, decodeAudioData off the page's thread, the meter's worker, IndexedDB */
async function browserMeasureDeps(): Promise<MeasureKeptDeps> {
  const [kept, loudness, db] = await Promise.all([
    import('@/storage/keptAudio'),
    import('@/services/loudness/loudnessWorker'),
    import('@/storage/loudnessDb'),
  ]);
  return {
    readBody: async (key) => (await kept.readKeptTrack(key, [key.quality]))?.body ?? null,
    decode: async (bytes) => {
      const audio = await new OfflineAudioContext({
        numberOfChannels: 2,
        length: 1,
        sampleRate: 48_000,
      }).decodeAudioData(bytes);
      return {
        sampleRate: audio.sampleRate,
        channels: Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i)),
      };
    },
    meter: loudness.createLoudnessWorker(),
    measured: async (track, quality) => (await db.readMeasuredTrack(track, quality)) !== null,
    save: (track, measured) => db.saveMeasuredTrack({ ...track, ...measured }),
  };
}

let queue: Promise<void> = Promise.resolve();
let deps: Promise<MeasureKeptDeps> | null = null;

/** measures a track just kept, after those kept before it; a failure is said in the console, never to the listener */
export function measureWhenKept(key: KeptTrackKey): void {
  queue = queue.then(async () => {
    try {
      deps ??= browserMeasureDeps();
      await measureKeptTrack(key, await deps);
    } catch (error) {
      console.warn('a kept track could not be measured (it is measured as it plays)', trackKey(key), error);
    }
  });
}
