// The player's real actors (docs/architecture.md#2-a-feature-folder: factories over the services, given once with .provide()).
// A source is built from the credentials and settings of the moment, through the library access
// module (the same answer the album page's buttons get), then the stream choice (docs/behaviour.md#streaming-and-library-choice).
import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { MediaStream } from '@/services/mediaStream';
import { browserSupport, chooseStream, headProbe, rememberingProbe } from '@/services/stream';
import type { Quality } from '@/shared/firstPageConstants';
import { yieldToPage } from '@/shared/yieldToPage';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { FoundCover, LibraryBusyInput, PlayReportInput, PlayerSource } from './playerModel';
import { browserGraph, createAudioActor } from './audioActor';

export interface PlayerDeps {
  /** the library access a track plays through: the listener's own, or a share's for a shared track */
  accessFor: (track: TrackInfo) => Promise<LibraryAccess>;
  /** the stored quality preference, read at each play */
  quality: () => Quality;
  /** fetch for library servers (tests pass a fake) */
  fetch?: typeof globalThis.fetch;
  /** the track as kept on this device (object URLs), or null: played from it, no library is asked */
  keptSource?: (track: TrackInfo) => Promise<PlayerSource | null>;
  /** the track's source when it is already in hand (a kept track read ahead), else null: it loads at once */
  sourceInHand?: (track: TrackInfo) => PlayerSource | null;
  /** how many tracks an album has, when known (音量均衡 by album waits for all of them to be measured) */
  albumTrackCount?: (albumId: string) => Promise<number | null>;
  /** hands a counted play to the waiting plays (kept on the device, then sent); resolves once kept */
  recordPlay: (report: PlayReportInput) => Promise<void>;
}

/**
 * A promise actor that is done as it is created when its answer is already in hand (`inHand` gives
 * it, else null): the machine that invoked it moves on within the same event, before any render.
 */
function doneWhenInHand<TOutput, TInput>(
  inHand: (input: TInput) => TOutput | null,
  logic: PromiseActorLogic<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> {
  return {
    ...logic,
    getInitialSnapshot(scope, input) {
      const output = inHand(input);
      return output === null
        ? logic.getInitialSnapshot(scope, input)
        : { status: 'done', output, error: undefined, input: undefined };
    },
  };
}

export function definePlayerActors({
  accessFor,
  quality,
  fetch,
  keptSource,
  sourceInHand,
  albumTrackCount = async () => null,
  recordPlay,
}: PlayerDeps) {
  // one probe for playing and preloading: a preloaded track starts without probing again
  const probe = rememberingProbe(headProbe(fetch));
  // the track being streamed by parts, if any: cancelled when another source is chosen
  let stream: MediaStream | null = null;

  /** the kept copy, else the library's URLs for the track, then how to play it (throws NoSourceError when none can) */
  async function resolve(track: TrackInfo) {
    const onDevice = await keptSource?.(track);
    // a kept track is in the listener's quality when it was kept in it (else the best kept one)
    if (onDevice)
      return {
        mode: 'direct' as const,
        url: onDevice.url,
        coverUrl: onDevice.coverUrl,
        type: null,
        quality: quality(),
      };
    const source = await (await accessFor(track)).trackSource(track);
    const choice = await chooseStream({ url: source.audioUrl, quality: quality(), probe, ...browserSupport() });
    return { ...choice, coverUrl: source.coverUrl };
  }

  return {
    // the elements, through the browser's Web Audio graph
    audio: createAudioActor(undefined, undefined, browserGraph(albumTrackCount)),
    // a source in hand loads within the click that asked for it: its audio starts before the
    // click's render instead of after it
    resolveSource: doneWhenInHand(
      (input: TrackInfo) => {
        const source = sourceInHand?.(input) ?? null;
        if (!source) return null;
        stream?.cancel();
        stream = null;
        return { ...source, quality: quality() };
      },
      fromPromise(async ({ input }: { input: TrackInfo }): Promise<PlayerSource> => {
        const source = await resolve(input);
        stream?.cancel();
        stream = null;
        if (source.mode === 'mediaSource' && source.type !== null) {
          // streaming by parts loads its code the first time a track needs it (most play directly)
          const parts = await import('@/services/mediaStream');
          if (parts.canStream(source.type)) {
            stream = parts.streamThroughMediaSource(source.url, source.type);
            return { url: stream.objectUrl, coverUrl: source.coverUrl, quality: source.quality };
          }
        }
        return { url: source.url, coverUrl: source.coverUrl, quality: source.quality };
      }),
    ),
    // the next track's source for the second audio element (gapless); a streamed track is fetched
    // when it plays, so it has none (and starts the usual way)
    preload: fromPromise(async ({ input }: { input: TrackInfo }): Promise<PlayerSource | null> => {
      // started as the current track reaches `playing`: its reads (object URLs of a kept track) and
      // then the second element's load wait for the page's next turn, out of that event's handling
      await yieldToPage();
      const source = await resolve(input);
      return source.mode === 'direct' ? { url: source.url, coverUrl: source.coverUrl, quality: source.quality } : null;
    }),
    findCover: fromPromise(async ({ input }: { input: TrackInfo }): Promise<FoundCover> => {
      const key = trackKey(input);
      const access = await accessFor(input);
      // before the credentials load (or when they failed to) nobody can tell which library has it
      if (!access.ready()) return { key, coverUrl: undefined };
      return { key, coverUrl: (await access.forAlbums([input.albumId])).trackSource(input)?.coverUrl ?? null };
    }),
    // an element's source failed: was the library busy with transcodes? (services/libraryBusy.ts,
    // loaded the first time a track fails: most never do)
    libraryBusy: fromPromise(async ({ input, signal }: { input: LibraryBusyInput; signal: AbortSignal }) =>
      (await import('@/services/libraryBusy')).busyWaitAfterFailure(
        fetch ?? ((...args) => globalThis.fetch(...args)),
        input.url,
        input.attempt,
        signal,
      ),
    ),
    // not tied to the actor's signal: a play counted when the next track starts is still kept
    reportPlay: fromPromise(({ input }: { input: PlayReportInput }) => recordPlay(input)),
  };
}
