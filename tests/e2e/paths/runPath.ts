// One interface path through its adapter, with nothing of a test runner in it: the e2e suite
// (runner.ts, vitest) and the exported Playwright files (exported.ts) both run paths with it. Every
// browser context the adapter opens records a Playwright trace; when a step fails, a screenshot of
// each of its pages and the trace are saved, named after the path and the step, and the error
// names the files.
import { join } from 'node:path';
import type { AnyMachineSnapshot } from 'xstate';
import { registry } from '../../../model-paths/registry';
import { pathTitler, walkSpecOf } from '../../../model-paths/machinePaths';
import { formatEvent } from '../../../model-paths/modelPaths';
import type { Suite } from '../support/suite';
import { failureWithArtifacts, tracedSuite } from '../support/tracing';
import type { AnyInterfaceAdapter } from './adapter';
import { planInterfacePaths, type InterfacePlan, type PlannedPath } from './plan';

/** A path signs in and walks up to 80 steps, each waiting on what the page shows. */
export const PATH_TIMEOUT_MS = 180_000;

/** Where a failed path's screenshot and trace go unless the caller says (gitignored). */
const ARTIFACTS_DIR = join('test-results', 'interface-paths');

export interface RunPathOptions {
  /** the folder for a failure's screenshot and trace (default ARTIFACTS_DIR, from the working directory) */
  artifactsDir?: string;
}

/** The plan of an adapter's machine from the registry's walk spec. */
export function planOf(adapter: AnyInterfaceAdapter): InterfacePlan {
  return planInterfacePaths(
    walkSpecOf(registry, adapter.machine),
    adapter,
    pathTitler(registry.machines[adapter.machine]!),
  );
}

/** Runs one path through the adapter: a fresh page, each step done as the user does it, each state checked. */
export async function runPath(
  adapter: AnyInterfaceAdapter,
  suite: Suite,
  path: PlannedPath,
  options: RunPathOptions = {},
): Promise<void> {
  const traced = tracedSuite(suite);
  const artifacts = async (error: unknown, step: string) =>
    failureWithArtifacts(error, await traced.save(options.artifactsDir ?? ARTIFACTS_DIR, `${path.id}-${step}`));
  let ctx: unknown;
  let step = 'start';
  try {
    ctx = await failWith('the start', () => adapter.start({ suite: traced.suite }));
    await checkStates(adapter, ctx, path.initial, path.initialModel, () => 'the start');
    for (const [index, { event, states, model }] of path.steps.entries()) {
      step = `step-${index + 1}`;
      const where = () => `step ${index + 1} (${formatEvent(event)})`;
      await failWith(`${where()}: doing the event`, () => adapter.events[event.type]!(ctx, event, model));
      await checkStates(adapter, ctx, states, model, where);
    }
  } catch (error) {
    const failure = await artifacts(error, step);
    // the page is closed all the same; what its stop finds (console errors) would hide the step's failure
    if (ctx !== undefined) await adapter.stop(ctx).catch(() => {});
    await traced.close();
    throw failure;
  }
  try {
    await failWith('the stop', () => adapter.stop(ctx));
  } catch (error) {
    throw await artifacts(error, 'stop');
  } finally {
    await traced.close();
  }
}

async function checkStates(
  adapter: AnyInterfaceAdapter,
  ctx: unknown,
  states: readonly string[],
  model: AnyMachineSnapshot,
  where: () => string,
): Promise<void> {
  for (const state of states)
    await failWith(`${where()}: checking state ${state}`, () => adapter.states[state]!(ctx, model));
}

async function failWith<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${what}: ${message}`, { cause: error });
  }
}
