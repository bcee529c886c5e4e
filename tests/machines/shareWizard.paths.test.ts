// Model-based paths over the real share wizard (docs/architecture.md#10-tests-and-benchmarks): every path `npm run paths -- shareWizard`
// prints (shortest paths to states, then one for each transition left; samples beside the machine) is replayed with fake services that settle only when the path says so (and record what they were
// asked), with checks on every state against a small model of the wizard, and every state must be
// reached. The walk tells the form's states apart by value, by what is typed (the starting name with
// no description, a complete form, a blank description), by the tracks chosen and by the error
// shown; the dialog's states by the link and by how the state was entered (which request ended and
// how), so every sample event is walked. `validating` and `failed` are passed through within one
// event (eventless transitions): a replay sees them as microsteps and checks them there.
import { describe, expect, it } from 'vitest';
import {
  createActor,
  type ActorRefFrom,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type EmittedFrom,
  type InspectionEvent,
} from 'xstate';
import {
  shareWizardMachine,
  songsOf,
  type ShareWizardInput,
  type ShareWizardSnapshot,
} from '@/features/share/shareWizardMachine';
import { shareFormError } from '@/features/share/forms';
import { pathEvents, pathInput } from '@/features/share/shareWizardMachine.samples';
import { itPrintsTheWalk, printedTitles, registryWalk } from './registryWalk';
import { registry } from '../../model-paths/registry';
import { runPaths } from '../../model-paths/cli';
import { ApiError, errorMessage } from '@/services/api/errors';
import { text } from '@/shared/text';
import { trackKey } from '@/shared/track';
import type { NewShare } from '@/shared/types';
import {
  assertAllStatesReached,
  reachedStates,
  replayPath,
  stateIdsOf,
  type MachinePath,
  type PathEvent,
  type StateChecks,
  withPendingActors,
  withRecordingActors,
} from '../../model-paths/modelPaths';

const actorNames = ['chooseCredentials', 'createShare', 'copyLink', 'nativeShare'] as const;
type ActorName = (typeof actorNames)[number];

const machine = withPendingActors(shareWizardMachine, actorNames);
type Wizard = typeof machine;

/** the same machine, with fakes that never settle but record every input */
const recordingMachine = () => withRecordingActors(shareWizardMachine, actorNames);

const input = pathInput as ShareWizardInput;
const samples = pathEvents as PathEvent<Wizard>[];

type Sent = AnyEventObject & { output?: unknown; error?: unknown; name?: string; description?: string; key?: string };

/** What the path's events should have caused so far: a small model of the wizard. */
function model(sent: readonly Sent[]) {
  let name = input.name ?? '';
  let description = '';
  let selected = input.tracks.map(trackKey);
  let formError: string | null = null;
  let albums: Record<string, string> = {};
  let link: string | null = null;
  const emitted: EmittedFrom<Wizard>[] = [];
  const notifyError = (e: unknown) => emitted.push({ type: 'notify', severity: 'error', message: errorMessage(e) });
  for (const event of sent) {
    switch (event.type) {
      case 'EDIT':
        name = event.name!;
        description = event.description!;
        break;
      case 'TOGGLE_TRACK':
        selected = selected.includes(event.key!) ? selected.filter((k) => k !== event.key) : [...selected, event.key!];
        break;
      case 'SELECT_ALL':
        selected = input.tracks.map(trackKey);
        break;
      case 'CLEAR_ALL':
        selected = [];
        break;
      case 'SUBMIT':
        formError = shareFormError({ name, description, selected });
        break;
      case 'xstate.done.actor.chooseCredentials':
        albums = event.output as Record<string, string>;
        break;
      case 'xstate.error.actor.chooseCredentials':
      case 'xstate.error.actor.createShare':
        formError = errorMessage(event.error);
        notifyError(event.error);
        break;
      case 'xstate.done.actor.createShare':
        // the success dialog says 分享成功: no toast
        link = `${input.linkBase}/s/${encodeURIComponent(event.output as string)}`;
        break;
      case 'xstate.done.actor.copyLink':
        emitted.push({ type: 'notify', severity: 'success', message: text.share.copySucceeded });
        break;
      case 'xstate.error.actor.copyLink':
      case 'xstate.error.actor.nativeShare':
        notifyError(event.error);
        break;
    }
  }
  return { name, description, selected, formError, albums, link, emitted };
}

function replayLog(path: MachinePath<Wizard>) {
  const sent: Sent[] = [];
  const emitted: EmittedFrom<Wizard>[] = [];
  /** the states passed through within one event (validating, failed), with their snapshots */
  const microsteps: { value: string; snapshot: AnyMachineSnapshot; sentSoFar: number }[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.actor') (event.actorRef as ActorRefFrom<Wizard>).on('*', (e) => emitted.push(e));
    if (event.type === '@xstate.microstep') {
      const snapshot = event.snapshot as AnyMachineSnapshot;
      microsteps.push({ value: String(snapshot.value), snapshot, sentSoFar: sent.length });
    }
  };
  const beforeEvent = (event: PathEvent<Wizard>) => void sent.push(event as Sent);
  void path;
  return { sent, emitted, microsteps, inspect, beforeEvent };
}

const sortedTags = (s: { tags: Set<string> }) => [...s.tags].sort();

function checksFor(log: ReturnType<typeof replayLog>, inputs: Record<ActorName, unknown[]>): StateChecks<Wizard> {
  const last = () => log.sent.at(-1);

  // in every state: the context is what the model says, and the emitted events are exactly those expected
  const always = (s: ShareWizardSnapshot) => {
    const expected = model(log.sent);
    expect(s.context.tracks).toBe(input.tracks);
    expect(s.context.cover).toBe(input.cover);
    expect(s.context.linkBase).toBe(input.linkBase);
    expect(s.context.name).toBe(expected.name);
    expect(s.context.description).toBe(expected.description);
    expect(s.context.selected).toEqual(expected.selected);
    expect(s.context.formError).toBe(expected.formError);
    expect(s.context.albums).toEqual(expected.albums);
    expect(s.context.link).toBe(expected.link);
    expect(log.emitted).toEqual(expected.emitted);
    // one request at a time, and busy exactly while it runs
    expect(Object.keys(s.children).length).toBeLessThanOrEqual(1);
    expect(s.hasTag('busy')).toBe(Object.keys(s.children).length === 1);
  };

  const form = (s: ShareWizardSnapshot) => {
    always(s);
    expect(s.hasTag('form')).toBe(true);
    expect(s.hasTag('succeeded')).toBe(false);
    expect(s.context.link).toBeNull();
    for (const type of ['COPY', 'NATIVE_SHARE', 'CONFIRM'] as const) expect(s.can({ type })).toBe(false);
  };

  const dialog = (s: ShareWizardSnapshot) => {
    always(s);
    expect(s.hasTag('succeeded')).toBe(true);
    expect(s.hasTag('form')).toBe(false);
    expect(s.context.link).toMatch(new RegExp(`^${input.linkBase}/s/[^/?# ]+$`));
    expect(s.can({ type: 'SUBMIT' })).toBe(false);
    expect(s.can({ type: 'EDIT', name: 'x', description: 'y' })).toBe(false);
  };

  const chosenAlbumIds = (s: ShareWizardSnapshot) => [
    ...new Set(songsOf(s.context.tracks, s.context.selected).map((song) => song.albumId)),
  ];

  return {
    editing: (s) => {
      form(s);
      expect(sortedTags(s)).toEqual(['form']);
      expect(Object.keys(s.children)).toEqual([]);
      expect(s.can({ type: 'SUBMIT' })).toBe(true);
      const event = last();
      // after a refused SUBMIT the form tells why, blank fields first
      if (event?.type === 'SUBMIT') {
        expect(s.context.formError).not.toBeNull();
        expect(s.context.formError).toBe(shareFormError(s.context));
      }
      if (event?.type === 'xstate.error.actor.chooseCredentials' || event?.type === 'xstate.error.actor.createShare') {
        expect(s.context.formError).toBe(errorMessage(event.error));
        expect(log.emitted.at(-1)).toEqual({ type: 'notify', severity: 'error', message: errorMessage(event.error) });
      }
    },
    choosingCredentials: (s) => {
      form(s);
      expect(sortedTags(s)).toEqual(['busy', 'form']);
      expect(s.children.chooseCredentials).toBeDefined();
      expect(s.context.formError).toBeNull();
      expect(shareFormError(s.context)).toBeNull();
      expect(s.can({ type: 'SUBMIT' })).toBe(false);
      expect(last()?.type).toBe('SUBMIT');
      const albumIds = chosenAlbumIds(s);
      expect(albumIds.length).toBeGreaterThan(0);
      expect(inputs.chooseCredentials.at(-1)).toEqual({ albumIds });
    },
    submitting: (s) => {
      form(s);
      expect(sortedTags(s)).toEqual(['busy', 'form']);
      expect(s.children.createShare).toBeDefined();
      expect(s.can({ type: 'SUBMIT' })).toBe(false);
      expect(last()?.type).toBe('xstate.done.actor.chooseCredentials');
      expect(inputs.createShare.at(-1)).toEqual<NewShare>({
        name: s.context.name.trim(),
        description: s.context.description.trim(),
        cover: input.cover,
        songs: songsOf(input.tracks, s.context.selected),
        albums: s.context.albums,
      });
    },
    succeeded: (s) => {
      dialog(s);
      expect(sortedTags(s)).toEqual(['succeeded']);
      expect(Object.keys(s.children)).toEqual([]);
      for (const type of ['COPY', 'NATIVE_SHARE', 'CONFIRM'] as const) expect(s.can({ type })).toBe(true);
    },
    copying: (s) => {
      dialog(s);
      expect(sortedTags(s)).toEqual(['busy', 'succeeded']);
      expect(s.children.copyLink).toBeDefined();
      expect(inputs.copyLink.at(-1)).toEqual({ link: s.context.link });
      for (const type of ['COPY', 'NATIVE_SHARE', 'CONFIRM'] as const) expect(s.can({ type })).toBe(false);
    },
    sharing: (s) => {
      dialog(s);
      expect(sortedTags(s)).toEqual(['busy', 'succeeded']);
      expect(s.children.nativeShare).toBeDefined();
      expect(inputs.nativeShare.at(-1)).toEqual({ link: s.context.link, title: s.context.name.trim() });
      for (const type of ['COPY', 'NATIVE_SHARE', 'CONFIRM'] as const) expect(s.can({ type })).toBe(false);
    },
    done: (s) => {
      always(s);
      expect(s.status).toBe('done');
      expect(sortedTags(s)).toEqual([]);
      expect(last()?.type).toBe('CONFIRM');
      expect(Object.keys(s.children)).toEqual([]);
    },
  };
}

/** the checks of the states passed through within one event, on the microsteps the replay saw */
function checkMicrosteps(log: ReturnType<typeof replayLog>) {
  for (const { value, snapshot, sentSoFar } of log.microsteps) {
    const before = log.sent.slice(0, sentSoFar);
    const event = before.at(-1);
    if (value === 'validating') {
      expect(event?.type).toBe('SUBMIT');
      expect(sortedTags(snapshot)).toEqual(['form']);
    }
    if (value === 'failed') {
      expect(event?.type).toMatch(/^xstate\.error\.actor\.(chooseCredentials|createShare)$/);
      expect(sortedTags(snapshot)).toEqual(['form']);
      expect((snapshot as ShareWizardSnapshot).context.formError).toBe(errorMessage(event!.error));
      expect(Object.keys(snapshot.children)).toEqual([]);
    }
  }
}

describe('share wizard machine paths', () => {
  // the walk `npm run paths -- shareWizard` prints, from the samples beside the machine
  // every path the walk took (`--every-path`): the checks below read walks that tell contexts apart
  const machineWalk = registryWalk('shareWizard', machine);
  const { everyPaths: paths, allCases: cases } = machineWalk;
  itPrintsTheWalk('shareWizard', machineWalk);

  it('a new run of the command prints the same paths', () => {
    expect(printedTitles(runPaths(registry, ['shareWizard']).out)).toEqual(machineWalk.cases.map(([title]) => title));
  });
  const transient = ['validating', 'failed'];

  it('reaches every state (validating and failed within an event)', () => {
    expect(stateIdsOf(machine)).toEqual([
      'editing',
      'validating',
      'choosingCredentials',
      'submitting',
      'failed',
      'succeeded',
      'copying',
      'sharing',
      'done',
    ]);
    assertAllStatesReached(paths, machine, { ignore: transient });
    // the two are never at rest: no path ends in them
    for (const id of transient) expect(reachedStates(paths).has(id)).toBe(false);
  });

  it('walks every sample event, both validation errors and every failure back to the form', () => {
    const walked = paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.event)));
    for (const sample of samples) expect(walked).toContain(JSON.stringify(sample));
    const errors = new Set(paths.map((p) => (p.state.context as { formError: string | null }).formError));
    expect(errors).toEqual(
      new Set([
        null,
        text.share.incomplete,
        text.share.noSongs,
        text.share.noToken,
        'token does not support share',
        '网络错误: 503 Service Unavailable',
      ]),
    );
  });

  it('the fake services never settle on their own', async () => {
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'EDIT', name: '周末', description: '一起听' });
    actor.send({ type: 'SUBMIT' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('choosingCredentials');
    actor.stop();
  });

  it('the replays pass through validating and failed, and check them there', async () => {
    const seen = new Set<string>();
    for (const path of paths) {
      const log = replayLog(path);
      const recording = recordingMachine();
      await replayPath(recording.machine, path, {
        input,
        actorOptions: { inspect: log.inspect },
        beforeEvent: log.beforeEvent,
      });
      checkMicrosteps(log);
      for (const m of log.microsteps) seen.add(m.value);
    }
    for (const id of transient) expect(seen).toContain(id);
    expect(new Set(stateIdsOf(machine))).toEqual(new Set([...seen].filter((v) => stateIdsOf(machine).includes(v))));
  });

  it.each(cases)('%s', async (_, path) => {
    const log = replayLog(path);
    const recording = recordingMachine();
    const { checksRun } = await replayPath(recording.machine, path, {
      input,
      checks: checksFor(log, recording.inputs),
      actorOptions: { inspect: log.inspect },
      beforeEvent: log.beforeEvent,
    });
    expect(checksRun.size).toBeGreaterThan(0);
    checkMicrosteps(log);
  });
});

describe('share wizard registry samples', () => {
  it('the error samples carry the messages the form shows', () => {
    const errors = pathEvents.filter((e) => e.type.startsWith('xstate.error.actor.')).map((e) => errorMessage(e.error));
    expect(errors).toEqual([
      text.share.noToken,
      'token does not support share',
      text.share.noClipboard,
      text.share.noNativeShare,
      '网络错误: 503 Service Unavailable',
    ]);
    expect(pathEvents.find((e) => e.type === 'xstate.error.actor.createShare')!.error).toBeInstanceOf(ApiError);
  });
});
