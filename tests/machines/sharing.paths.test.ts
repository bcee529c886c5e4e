// Model-based paths over the share feature's owner (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- sharing`
// prints (from the samples beside the machine) is replayed (the wizard and the list it spawns run
// with services that never settle), with checks on every snapshot: a wizard is its child exactly
// while a dialog is open (a new one replacing the last), the my-shares list exactly while its page
// is open, and whatever closes is stopped. The walk (sharingMachine.samples.ts) tells snapshots
// apart by what is open, by the event and what was open before it, so every event is walked from
// every combination.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import { openViews, pathEvents } from '@/features/share/sharingMachine.samples';
import { mySharesMachine } from '@/features/share/mySharesMachine';
import { shareWizardMachine } from '@/features/share/shareWizardMachine';
import { sharingMachine } from '@/features/share/sharingMachine';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  type PathEvent,
} from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = sharingMachine.provide({
  actors: {
    shareWizard: withPendingActors(shareWizardMachine, ['chooseCredentials', 'createShare', 'copyLink', 'nativeShare']),
    myShares: withPendingActors(mySharesMachine, ['listShares', 'deleteShare', 'copyLink']),
  },
});
type Sharing = typeof machine;
const samples = pathEvents as PathEvent<Sharing>[];

describe('sharing machine paths', () => {
  // the walk `npm run paths -- sharing` prints; the replays run the real wizard and list, with fake services
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('sharing', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('sharing', machineWalk);

  it('reaches every state, and walks every sample from every combination of open views', () => {
    expect(stateIdsOf(machine)).toEqual(['running']);
    assertAllStatesReached(paths, machine);
    const walked = new Set(
      paths.flatMap((p) =>
        p.steps.slice(1).map((step, i) => JSON.stringify([step.event.type, openViews(p.steps[i]!.state)])),
      ),
    );
    for (const sample of samples) {
      for (const before of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ])
        expect(walked).toContain(JSON.stringify([sample.type, before]));
    }
  });

  it.each(cases)('%s', async (_, path) => {
    const sent: AnyEventObject[] = [];
    const closed: AnyActorRef[] = [];
    let wizard: AnyActorRef | null = null;
    let myShares: AnyActorRef | null = null;
    const { checksRun } = await replayPath(machine, path, {
      beforeEvent: (event) => void sent.push(event),
      checks: {
        running: (s) => {
          const event = sent.at(-1);
          const wizardOpen =
            sent.filter((e) => e.type === 'OPEN_WIZARD').length > 0 &&
            sent.findLast((e) => e.type.endsWith('_WIZARD'))!.type === 'OPEN_WIZARD';
          const listOpen =
            sent.filter((e) => e.type === 'OPEN_MY_SHARES').length > 0 &&
            sent.findLast((e) => e.type.endsWith('_MY_SHARES'))!.type === 'OPEN_MY_SHARES';
          expect(s.context.wizard !== null).toBe(wizardOpen);
          expect(s.context.myShares !== null).toBe(listOpen);
          expect(s.children.shareWizard).toBe(s.context.wizard ?? undefined);
          expect(s.children.myShares).toBe(s.context.myShares ?? undefined);
          // a new dialog's wizard replaces the last; an open list is kept
          if (event?.type === 'OPEN_WIZARD' || event?.type === 'CLOSE_WIZARD') {
            if (wizard && wizard !== s.context.wizard) closed.push(wizard);
            wizard = s.context.wizard;
          }
          if (event?.type === 'OPEN_MY_SHARES' && myShares) expect(s.context.myShares).toBe(myShares);
          if (event?.type === 'CLOSE_MY_SHARES' && myShares) closed.push(myShares);
          myShares = s.context.myShares;
          for (const actor of closed) expect(actor.getSnapshot().status).toBe('stopped');
          for (const actor of [s.context.wizard, s.context.myShares])
            if (actor) expect(actor.getSnapshot().status).toBe('active');
        },
      },
    });
    expect(checksRun.size).toBeGreaterThan(0);
  });
});
