// Model-based paths over one shelf of 主页 (docs/behaviour.md#home): every path the walk of
// `npm run paths -- shelf` takes (`--every-path` too) is replayed with reads that answer only when the
// path says so, and checked against the rules written out plainly: where each region is, what the
// shelf shows or why not, which reads ran with which seed or album, and what it asked of the player
// or a toast.
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom, AnyEventObject, InspectionEvent } from 'xstate';
import { shelfMachine, type PlayEvent, type ShelfAlbum, type ShelfEvent } from '@/features/home/shelfMachine';
import { pathEvents, pathInput } from '@/features/home/shelfMachine.samples';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  withRecordingActors,
  type MachinePath,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = withPendingActors(shelfMachine, ['loadShelf', 'albumTracks']);
type Machine = typeof machine;

/** what a path sends: the shelf's own events and the reads' answers */
type Sent = ShelfEvent | { type: string; output?: unknown; error?: unknown };

/** The replayed actor's emitted events: the inspector listens on the root actor as soon as it exists. */
function emittedDuringReplay() {
  const emitted: AnyEventObject[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && event.actorRef.sessionId === event.rootId) {
      (event.actorRef as ActorRefFrom<Machine>).on('*', (e) => emitted.push(e));
    }
  };
  return { emitted, inspect };
}

/** The rules, plainly: where each region goes, what the shelf holds, what is read and what it asks for. */
function expected(path: MachinePath<Machine>) {
  let content = 'loading';
  let start = 'idle';
  let albums: ShelfAlbum[] | null = null;
  let error: string | null = null;
  let seed = pathInput.seed;
  let starting: string | null = null;
  // the shelf reads its covers as it starts, with the seed it was given
  const loads = [{ seed }];
  const reads: { albumId: string }[] = [];
  const effects: (PlayEvent | NotifyEvent)[] = [];
  const load = (into: 'loading' | 'reloading') => {
    content = into;
    loads.push({ seed });
  };
  const messageOf = (e: unknown) => (e as { message: string }).message;
  for (const { event } of path.steps.slice(1)) {
    const e = event as Sent;
    switch (e.type) {
      case 'RELOAD':
        // a change: read again, the covers kept while it reads (a failed or empty shelf starts over)
        if (content === 'shown' || content === 'reloading') load('reloading');
        else if (content === 'empty' || content === 'failed') {
          error = null;
          load('loading');
        }
        break;
      case 'RETRY':
        if (content === 'failed') {
          error = null;
          load('loading');
        }
        break;
      case 'RESHUFFLE':
        // 换一批 only where covers show
        if (content === 'shown' || content === 'reloading') {
          seed = (e as { seed: number }).seed;
          load('reloading');
        }
        break;
      case 'PLAY_ALBUM':
        // a cover pressed, or another meanwhile: that album's tracks are read
        [start, starting] = ['starting', (e as { albumId: string }).albumId];
        reads.push({ albumId: starting });
        break;
      case 'xstate.done.actor.loadShelf': {
        expect(['loading', 'reloading']).toContain(content);
        albums = (e as { output: ShelfAlbum[] }).output;
        [content, error] = [albums.length === 0 ? 'empty' : 'shown', null];
        break;
      }
      case 'xstate.error.actor.loadShelf':
        expect(['loading', 'reloading']).toContain(content);
        // a failed first load says why; a failed reload keeps what showed, and says nothing
        if (content === 'loading') [content, error] = ['failed', messageOf((e as { error: unknown }).error)];
        else content = 'shown';
        break;
      case 'xstate.done.actor.albumTracks': {
        expect(start).toBe('starting');
        const tracks = (e as { output: TrackInfo[] }).output;
        effects.push(
          tracks.length === 0
            ? { type: 'notify', severity: 'error', message: text.home.noTracks }
            : { type: 'play', tracks },
        );
        [start, starting] = ['idle', null];
        break;
      }
      case 'xstate.error.actor.albumTracks':
        expect(start).toBe('starting');
        effects.push({ type: 'notify', severity: 'error', message: messageOf((e as { error: unknown }).error) });
        [start, starting] = ['idle', null];
        break;
      default:
        throw new Error(`no rule for ${e.type}`);
    }
  }
  return { content, start, albums, error, seed, starting, loads, reads, effects };
}

describe('shelf machine paths', () => {
  // the walk `npm run paths -- shelf` prints, from the samples beside the machine; the checks run
  // on every path it took, so each answer is walked from a first load and from a reload
  const machineWalk = registryWalk('shelf', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('shelf', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual([
      'content.loading',
      'content.shown',
      'content.reloading',
      'content.empty',
      'content.failed',
      'start.idle',
      'start.starting',
    ]);
    assertAllStatesReached(paths, machine);
  });

  it('walks each answer of the covers from a first load and from a reload, and each answer of the tracks', () => {
    const answered = (read: string) =>
      paths.flatMap((p) =>
        p.steps.slice(1).flatMap((step, i) => {
          const before = p.steps[i]!.state.value as { content: string; start: string };
          return step.event.type.endsWith(`.${read}`)
            ? [[read === 'loadShelf' ? before.content : before.start, step.event] as const]
            : [];
        }),
      );
    const samples = (read: string) => pathEvents.filter((event) => event.type.endsWith(`.${read}`));
    for (const sample of samples('loadShelf')) {
      expect(answered('loadShelf')).toContainEqual(['loading', sample]);
      expect(answered('loadShelf')).toContainEqual(['reloading', sample]);
    }
    for (const sample of samples('albumTracks')) expect(answered('albumTracks')).toContainEqual(['starting', sample]);
  });

  it.each(cases)('%s', async (_, path) => {
    const recording = withRecordingActors(shelfMachine, ['loadShelf', 'albumTracks']);
    const { emitted, inspect } = emittedDuringReplay();
    const { finalSnapshot: s } = await replayPath(recording.machine, path, {
      input: pathInput,
      actorOptions: { inspect },
    });
    const want = expected(path);
    expect(s.value).toEqual({ content: want.content, start: want.start });
    expect(s.context).toEqual({
      albums: want.albums,
      error: want.error,
      seed: want.seed,
      starting: want.starting,
    });
    // every read of the covers with its seed, of an album's tracks with its id
    expect(recording.inputs.loadShelf).toEqual(want.loads);
    expect(recording.inputs.albumTracks).toEqual(want.reads);
    // what the page reads: the placeholder while nothing shows, the covers kept while they are read again
    expect(s.hasTag('busy')).toBe(want.content === 'loading' || want.content === 'reloading');
    expect(s.hasTag('shown')).toBe(want.content === 'shown' || want.content === 'reloading');
    expect(s.hasTag('starting')).toBe(want.start === 'starting');
    // a read runs only while its state waits for it
    const running = [
      ...(['loading', 'reloading'].includes(want.content) ? ['loadShelf'] : []),
      ...(want.start === 'starting' ? ['albumTracks'] : []),
    ];
    expect(Object.keys(s.children).sort()).toEqual(running.sort());
    // what it asked of the player and of a toast, in order
    expect(emitted).toEqual(want.effects);
    for (const effect of want.effects) if (effect.type === 'notify') expect(effect.message).not.toBe('');
  });
});
