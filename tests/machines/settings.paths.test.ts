// Model-based paths over the real settings machine (docs/architecture.md#10-tests-and-benchmarks). The machine has a single state and
// keeps the settings in context, so the walk (settingsMachine.samples.ts) tells snapshots apart by
// context (4 qualities x 2 page-close actions x 3 colour schemes), with a sample event for every
// value. From the samples' input it is the walk `npm run paths -- settings` prints; the same walk
// also starts from every other stored combination, so every value is also sent in some path (a
// shortest path never sets the value it starts with). Each replayed step is compared with the model: the field set, one settingsChanged.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  type ActorRefFrom,
  type EmittedFrom,
  type EventObject,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { settingsMachine, type SettingsContext, type SettingsEvent } from '@/features/settings/settingsMachine';
import { pathEvents, pathInput } from '@/features/settings/settingsMachine.samples';
import { COLOR_SCHEMES, PAGE_CLOSE_ACTIONS, QUALITIES } from '@/shared/constants';
import {
  assertAllStatesReached,
  describePath,
  eventTypesOf,
  replayPath,
  stateIdsOf,
  type MachinePath,
  type PathEvent,
} from '../../model-paths/modelPaths';
import { pathTitler, walkSpecOf } from '../../model-paths/machinePaths';
import { registry } from '../../model-paths/registry';
import { coveragePaths } from '../../model-paths/pathGenerators';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

const machine = settingsMachine;
type Settings = typeof machine;
type Snapshot = SnapshotFrom<Settings>;

const samples = pathEvents as PathEvent<Settings>[];

const registryInput = pathInput as SettingsContext;
const allSettings: SettingsContext[] = QUALITIES.flatMap((quality) =>
  PAGE_CLOSE_ACTIONS.flatMap((pageOnCloseAction) =>
    COLOR_SCHEMES.map((colorScheme) => ({ quality, pageOnCloseAction, colorScheme })),
  ),
);
// the registry's input first, then every other stored combination
const inputs = [registryInput, ...allSettings.filter((s) => JSON.stringify(s) !== JSON.stringify(registryInput))];
const label = (input: SettingsContext) => `${input.quality}/${input.pageOnCloseAction}/${input.colorScheme}`;

// from the samples' input: the walk the command prints with --every-path (the lean walk keeps one
// path: the checks below read every combination); from any other: the same walk started there
const title = pathTitler(machine);
const machineWalk = registryWalk('settings', machine);
const walk = (input: SettingsContext) => {
  if (input === registryInput) return machineWalk.allCases;
  const { paths } = coveragePaths({ ...walkSpecOf(registry, 'settings'), input }, { everyPath: true });
  return paths.map((path) => [title(path), path as unknown as MachinePath<Settings>] as const);
};
const walks = inputs.map((input) => {
  const cases = walk(input);
  return { input, cases, paths: cases.map(([, path]) => path) };
});

/** The settings after one event, as the spec describes them. */
function applied(settings: SettingsContext, event: EventObject): SettingsContext {
  const e = event as SettingsEvent;
  if (e.type === 'SET_QUALITY') return { ...settings, quality: e.quality };
  if (e.type === 'SET_PAGE_CLOSE_ACTION') return { ...settings, pageOnCloseAction: e.action };
  if (e.type === 'SET_COLOR_SCHEME') return { ...settings, colorScheme: e.colorScheme };
  return settings;
}

/**
 * The replayed actor's snapshots (one on start, one per event sent) and emitted events, each tagged
 * with the step it happened in: the inspector listens on the root actor as soon as it exists.
 */
function observeReplay() {
  const snapshots: Snapshot[] = [];
  const emitted: { step: number; event: EmittedFrom<Settings> }[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.actor') {
      (event.actorRef as ActorRefFrom<Settings>).on('*', (e) => emitted.push({ step: snapshots.length, event: e }));
    }
    // the harness stops the actor after the last step: that snapshot is no step of the path
    if (event.type === '@xstate.snapshot' && event.event.type !== 'xstate.stop')
      snapshots.push(event.snapshot as Snapshot);
  };
  return { snapshots, emitted, inspect };
}

/**
 * Replays a path with the harness, then checks every step against the model. The harness's
 * per-state checks are keyed by state paths, and a machine without child states has none.
 */
async function replayAndCheck(path: MachinePath<Settings>, input: SettingsContext): Promise<void> {
  const { snapshots, emitted, inspect } = observeReplay();
  await replayPath(machine, path, { input, actorOptions: { inspect } });
  const where = describePath(path);
  expect(snapshots, where).toHaveLength(path.steps.length);
  let model = input;
  snapshots.forEach((snapshot, i) => {
    const at = `${where}\n  at step ${i}`;
    if (i > 0) model = applied(model, path.steps[i]!.event);
    expect(snapshot.context, at).toEqual(model);
    const changes = emitted.filter((e) => e.step === i).map((e) => e.event);
    // start: nothing to store; each event: exactly one settingsChanged with the new settings
    expect(changes, at).toEqual(i === 0 ? [] : [{ type: 'settingsChanged', settings: model }]);
  });
  expect(emitted).toHaveLength(path.steps.length - 1);
}

describe('settings machine paths', () => {
  itPrintsTheWalk('settings', machineWalk);

  it('reaches every state, every combination of settings, and sends every value', () => {
    expect(stateIdsOf(machine)).toEqual([]); // one (root) state: nothing more to reach
    for (const { paths } of walks) {
      assertAllStatesReached(paths, machine);
      expect(paths.map((p) => p.state.context)).toEqual(expect.arrayContaining(allSettings));
      expect(paths).toHaveLength(allSettings.length);
    }
    const sent = walks.flatMap(({ paths }) => paths.flatMap((p) => p.steps.slice(1).map((s) => s.event)));
    for (const sample of samples) expect(sent).toContainEqual(sample);
    expect(new Set(sent.map((e) => e.type))).toEqual(new Set(eventTypesOf(machine)));
    // the samples hold every value of every setting
    expect(samples).toEqual(
      expect.arrayContaining([
        ...QUALITIES.map((quality) => ({ type: 'SET_QUALITY', quality })),
        ...PAGE_CLOSE_ACTIONS.map((action) => ({ type: 'SET_PAGE_CLOSE_ACTION', action })),
        ...COLOR_SCHEMES.map((colorScheme) => ({ type: 'SET_COLOR_SCHEME', colorScheme })),
      ]),
    );
  });

  describe.each(walks.map((w) => [label(w.input), w] as const))('from %s', (_, { input, cases }) => {
    it.each(cases)('%s', async (__, path) => {
      await replayAndCheck(path, input);
    });
  });

  // a shortest path never sets the value already there; the wiring still stores it
  it('every event from every reached setting, the current value included, emits one settingsChanged', () => {
    const { paths } = walks[0]!; // from the registry's input
    for (const path of paths) {
      for (const event of samples) {
        const actor = createActor(machine, { input: registryInput });
        const changes: EmittedFrom<Settings>[] = [];
        actor.on('*', (e) => changes.push(e));
        actor.start();
        for (const step of path.steps.slice(1)) actor.send(step.event as SettingsEvent);
        const before = actor.getSnapshot().context;
        expect(before).toEqual(path.state.context);
        changes.length = 0;
        actor.send(event as SettingsEvent);
        const after = applied(before, event);
        const where = `${describePath(path)} → (${event.type} ${JSON.stringify(event)})`;
        expect(actor.getSnapshot().context, where).toEqual(after);
        expect(changes, where).toEqual([{ type: 'settingsChanged', settings: after }]);
        actor.stop();
      }
    }
  });
});
