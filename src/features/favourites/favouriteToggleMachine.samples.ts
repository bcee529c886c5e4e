// Sample events for `npm run paths -- favouriteToggle` and tests/machines/favouriteToggle.paths.test.ts (payloads included,
// beside the events derived from the machine), and the walk both take. Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError, errorMessage, NetworkError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';

export const pathEvents: AnyEventObject[] = [
  { type: 'TOGGLE', liked: false },
  { type: 'TOGGLE', liked: true },
  { type: 'xstate.done.actor.submit' },
  { type: 'xstate.error.actor.submit', error: new ApiError(901000, 'album is already a favourite') },
  // error classes only: the walk tells events apart by their JSON, and a plain Error is {}
  { type: 'xstate.error.actor.submit', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.error.actor.submit', error: new NetworkError(null) },
];

// the store (a live favourites actor) is the caller's to give; a walk sends it nothing
export const pathInput = { target: { kind: 'track', track: sampleTrack('a') } };

/**
 * Value, what is asked (like or unlike) and, once back in idle, how the request ended: so success
 * and each failure sample are walked for a like and an unlike.
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject) => {
  const ended = snapshot.value === 'idle' && event && /^xstate\.(done|error)\.actor\.submit$/.test(event.type);
  const ending = ended ? [event.type, errorMessage((event as { error?: unknown }).error ?? 'ok')] : null;
  return JSON.stringify([snapshot.value, (snapshot.context as { liking: boolean }).liking, ending]);
};

/** Only what the heart takes: a done or error of a submit that is not running cannot happen. */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event);

/** Every path without a repeated state (the heart is small): also a second request after each way the first can end. */
export const pathGenerator = 'simple';

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  TOGGLE: 'the listener clicks the heart',
  'xstate.done.actor.submit': 'the server accepts it (添加喜欢成功 / 取消喜欢成功)',
  'xstate.error.actor.submit': 'the server refuses it (its message shows; the heart is back as it was)',
};
