// Sample events for `npm run paths -- loader` and tests/machines/loader.paths.test.ts (payloads included,
// beside the events derived from the machine), and the state key both walk with. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError, NetworkError } from '@/services/api/errors';

export const doneSamples: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: { siteName: 'Anniv' } },
  { type: 'xstate.done.actor.load', output: [{ id: 'a' }, { id: 'b' }] },
];

// the walk tells events apart by their JSON, and a plain Error serialises as {}: at most one plain
// Error here, the others are error classes with fields of their own
export const errorSamples: AnyEventObject[] = [
  { type: 'xstate.error.actor.load', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.error.actor.load', error: new NetworkError(null) },
  { type: 'xstate.error.actor.load', error: new ApiError(902002, 'unauthorized') },
  { type: 'xstate.error.actor.load', error: new Error('boom') },
];

export const pathEvents: AnyEventObject[] = [...doneSamples, ...errorSamples];

/** Value and what is loaded or why not: each done and error sample is walked, and a reload of each loaded data. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'xstate.done.actor.load': "the page's data arrives",
  'xstate.error.actor.load': "the page's data cannot be loaded (a toast says why)",
  RELOAD: "the page's data is read again (a library sync changed it)",
};
