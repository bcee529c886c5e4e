// Before a download: the tracks' size in the quality they would be kept in, and the space left.
import type { LibraryAccess } from '@/features/library';
import { libraryFetch } from '@/services/libraryFetch';
import { withQuery } from '@/services/libraryUrls';
import { browserSupport, streamQuality } from '@/services/stream';
import { listBytes, spreadSample, trackBytes } from '@/rules/keepSize';
import { KEEP_ESTIMATE_PARALLEL, KEEP_ESTIMATE_SAMPLE } from '@/shared/constants';
import type { TrackInfo } from '@/shared/track';
import { spaceLeft } from './keptStore';
import type { KeepEstimate, KeepPlanInput } from './keepPlanMachine';

/** `work` over `items` with at most `parallel` at once, answers in the items' order */
async function inTurns<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return answers;
}

export function createEstimate({
  accessFor,
  fetch,
}: {
  accessFor: (track: TrackInfo) => Promise<LibraryAccess>;
  fetch: typeof globalThis.fetch;
}) {
  /**
   * The tracks' size in the quality they would be kept in, from HEAD answers of their libraries
   * (a spread of a long list, the rest estimated from it), and the space left on this device.
   */
  async function estimate({ tracks, quality }: KeepPlanInput, signal: AbortSignal): Promise<KeepEstimate> {
    const served = streamQuality(quality, browserSupport().supportsAac);
    const asked = spreadSample(tracks.length, KEEP_ESTIMATE_SAMPLE).map((at) => tracks[at]!);
    const sizes = await inTurns(asked, KEEP_ESTIMATE_PARALLEL, async (track) => {
      try {
        const source = await (await accessFor(track)).trackSource(track);
        const answer = await libraryFetch(fetch, withQuery(source.audioUrl, { quality: served }), {
          method: 'HEAD',
          signal,
        });
        return answer.ok ? trackBytes(answer.headers, served) : null;
      } catch {
        // a library that cannot say leaves this track to the estimate from the others
        return null;
      }
    });
    return { bytes: listBytes(sizes, tracks.length), available: await spaceLeft() };
  }
  return estimate;
}
