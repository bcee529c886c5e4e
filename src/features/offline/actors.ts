// Listening offline: audio kept on this device (docs/architecture.md#audio-kept-on-the-device).
// The keeping machine's real actors: the estimate before a download (estimate.ts), the downloads
// (download.ts), what is kept and its removal. What the player, track rows and sign-out use is in
// keptReads.ts; the storage loads on first use (keptStore.ts).
import { fromCallback, fromPromise } from 'xstate';
import { QUALITIES } from '@/shared/constants';
import { trackKey, type TrackIdentity } from '@/shared/track';
import type { createDownload, DownloadDeps } from './download';
import type { createEstimate } from './estimate';
import type { KeepingEvent, KeepItem, KeptOnDevice } from './keepingMachine';
import type { KeepEstimate, KeepPlanInput } from './keepPlanMachine';
import { forgetReads } from './keptReads';
import { kept } from './keptStore';

export interface KeepingDeps extends Omit<DownloadDeps, 'fetch'> {
  /** fetch for library servers (tests pass a fake) */
  fetch?: typeof globalThis.fetch;
}

// the estimate and the downloads load with the first 保存到本机 (its dialog, a resumed queue), out of the first page
type Estimate = ReturnType<typeof createEstimate>;
type Download = ReturnType<typeof createDownload>;

export function defineKeepingActors({ accessFor, albumInfo, fetch = globalThis.fetch }: KeepingDeps) {
  let estimateLoaded: Promise<Estimate> | null = null;
  let downloadLoaded: Promise<Download> | null = null;
  // a chunk that failed to load is asked for again by the next try
  const retried = <T>(loading: Promise<T>, forget: () => void) =>
    loading.catch((error: unknown) => {
      forget();
      throw error;
    });
  const estimate: Estimate = async (input, signal) => {
    estimateLoaded ??= retried(
      import('./estimate').then((code) => code.createEstimate({ accessFor, fetch })),
      () => (estimateLoaded = null),
    );
    return (await estimateLoaded)(input, signal);
  };
  const download: Download = async (item, signal, onProgress) => {
    downloadLoaded ??= retried(
      import('./download').then((code) => code.createDownload({ accessFor, albumInfo, fetch })),
      () => (downloadLoaded = null),
    );
    return (await downloadLoaded)(item, signal, onProgress);
  };

  return {
    estimateKeep: fromPromise<KeepEstimate, KeepPlanInput>(({ input, signal }) => estimate(input, signal)),
    loadKept: fromPromise<KeptOnDevice, void>(async () => {
      const storage = await kept();
      const [tracks, queue] = await Promise.all([storage.listKeptTracks(), storage.readKeepQueue()]);
      // a download cut off resumes only as the queue goes on: the bytes of tracks it no longer holds would stay for good
      await storage
        .dropPartialTracksBut(
          queue.map(({ track, quality }) => ({
            albumId: track.albumId,
            discId: track.discId,
            trackId: track.trackId,
            quality,
          })),
        )
        .catch((error: unknown) => console.warn('the bytes of downloads cut off could not be cleared', error));
      // with tracks kept, the first play's click finds the stores open; without, nothing more opens
      // (a store that will not open is said by the play that needs it)
      if (tracks.length > 0) void storage.openKeptForPlaying().catch(() => {});
      const bytes: Record<string, number> = {};
      for (const track of tracks) bytes[trackKey(track)] = (bytes[trackKey(track)] ?? 0) + track.bytes;
      return { kept: Object.keys(bytes), queue, bytes };
    }),
    downloadTrack: fromCallback<KeepingEvent, KeepItem>(({ input, sendBack }) => {
      const controller = new AbortController();
      download(input, controller.signal, (bytes, total) => sendBack({ type: 'DOWNLOAD_PROGRESS', bytes, total })).then(
        () => sendBack({ type: 'TRACK_KEPT' }),
        (error: unknown) => {
          // cancelled: the machine has moved on and wants no answer
          if (!controller.signal.aborted) sendBack({ type: 'TRACK_FAILED', error });
        },
      );
      return () => controller.abort();
    }),
    removeKept: fromPromise<void, TrackIdentity[]>(async ({ input }) => {
      const removed = new Set(input.map(trackKey));
      forgetReads((track) => removed.has(trackKey(track)));
      const storage = await kept();
      for (const track of input) {
        for (const quality of QUALITIES)
          await storage.removeKeptTrack({
            albumId: track.albumId,
            discId: track.discId,
            trackId: track.trackId,
            quality,
          });
      }
      // a row shown, or a play, while they were being removed may have read them again
      forgetReads((track) => removed.has(trackKey(track)));
    }),
  };
}
