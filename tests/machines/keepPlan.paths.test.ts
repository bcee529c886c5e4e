// Model-based paths over the 保存到本机 dialog (docs/architecture.md#10-tests-and-benchmarks): every
// path `npm run paths -- keepPlan` prints is replayed with an estimate that settles only when the
// path says so, checking on every snapshot what the dialog lets the listener do: 开始保存 only with
// a size that fits (or an unknown one), never while estimating, and what the dialog ends with.
import { describe, expect, it } from 'vitest';
import { keepPlanMachine } from '@/features/offline/keepPlanMachine';
import { pathInput } from '@/features/offline/keepPlanMachine.samples';
import { assertAllStatesReached, replayPath, stateIdsOf, withPendingActors } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = withPendingActors(keepPlanMachine, ['estimateKeep']);

describe('keepPlan machine paths', () => {
  const machineWalk = registryWalk('keepPlan', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('keepPlan', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['estimating', 'checking', 'ready', 'tooBig', 'closed']);
    assertAllStatesReached(paths, machine, { ignore: ['checking'] }); // passed through, never rested in
  });

  it.each(cases)('%s', async (_, path) => {
    const { checksRun } = await replayPath(machine, path, {
      input: pathInput,
      checks: {
        estimating: (s) => {
          expect(s.context.estimate).toBeNull();
          expect(s.can({ type: 'CONFIRM' })).toBe(false);
        },
        ready: (s) => {
          const { bytes, available } = s.context.estimate!;
          // unknown, or it fits
          expect(bytes === null || available === null || bytes <= available).toBe(true);
          expect(s.can({ type: 'CONFIRM' })).toBe(true);
        },
        tooBig: (s) => {
          expect(s.context.estimate!.bytes!).toBeGreaterThan(s.context.estimate!.available!);
          expect(s.can({ type: 'CONFIRM' })).toBe(false);
        },
        closed: (s) => {
          expect(s.status).toBe('done');
          const confirmed = path.steps.at(-1)!.event.type === 'CONFIRM';
          expect(s.output).toEqual(
            confirmed ? s.context.tracks.map((track) => ({ track, quality: s.context.quality })) : [],
          );
        },
      },
    });
    expect(checksRun.size).toBeGreaterThan(0);
  });
});
