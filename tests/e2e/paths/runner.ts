// Runs a machine's generated paths in real Chromium through its adapter: one vitest test per path
// (titled as `npm run paths` titles it), each step done as the user does it and each state reached
// checked as the user sees it, then a test that the paths fire every transition a user can reach.
import { describe, expect, test } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { registry } from '../../../scripts/lib/machineRegistry';
import { pathTitler, walkSpecOf } from '../../../scripts/lib/machinePaths';
import { formatEvent } from '../../../tools/modelPaths';
import type { Suite } from '../support/suite';
import type { AnyInterfaceAdapter } from './adapter';
import { coverageProblems, planInterfacePaths, summaryLine, type InterfacePlan, type PlannedPath } from './plan';

// a path signs in and walks up to 40 steps, each waiting on what the page shows
const PATH_TIMEOUT_MS = 180_000;

/** The plan of an adapter's machine from the registry's walk spec. */
export function planOf(adapter: AnyInterfaceAdapter): InterfacePlan {
  return planInterfacePaths(walkSpecOf(registry, adapter.machine), adapter, pathTitler(registry.machines[adapter.machine]!));
}

/** Registers a describe for the adapter's machine; `summaries` gets its summary line once it has run. */
export function interfacePaths(adapter: AnyInterfaceAdapter, suite: Suite, summaries: string[]): void {
  const plan = planOf(adapter);
  const passed = new Set<PlannedPath>();
  describe(adapter.machine, () => {
    plan.paths.forEach((path, index) => {
      test(`Path ${index + 1}: ${path.title}`, async () => {
        await runPath(adapter, suite, path);
        passed.add(path);
      }, PATH_TIMEOUT_MS);
    });
    test('the paths fire every transition a user can reach, and none the adapter lists as out of reach', () => {
      summaries.push(summaryLine(plan, passed.size));
      expect(coverageProblems(plan)).toEqual([]);
      expect(passed.size, 'every path passed').toBe(plan.paths.length);
    });
  });
}

/** Runs one path through the adapter: a fresh page, each step done as the user does it, each state checked. */
export async function runPath(adapter: AnyInterfaceAdapter, suite: Suite, path: PlannedPath): Promise<void> {
  const ctx: unknown = await adapter.start({ suite });
  try {
    await checkStates(adapter, ctx, path.initial, path.initialModel, () => 'the start');
    for (const [index, step] of path.steps.entries()) {
      const where = () => `step ${index + 1} (${formatEvent(step.event)})`;
      await failWith(`${where()}: doing the event`, () => adapter.events[step.event.type]!(ctx, step.event, step.model));
      await checkStates(adapter, ctx, step.states, step.model, where);
    }
  } finally {
    await adapter.stop(ctx);
  }
}

async function checkStates(adapter: AnyInterfaceAdapter, ctx: unknown, states: readonly string[], model: AnyMachineSnapshot, where: () => string): Promise<void> {
  for (const state of states) await failWith(`${where()}: checking state ${state}`, () => adapter.states[state]!(ctx, model));
}

async function failWith(what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${what}: ${message}`, { cause: error });
  }
}
