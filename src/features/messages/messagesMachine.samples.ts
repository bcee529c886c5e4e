// Sample events for `npm run paths -- messages` and tests/machines/messages.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import type { MessagesContext } from './messagesMachine';

/** Messages a walk adds at most: enough to hide each of several, few enough to keep the walk small. */
export const walkMaxAdds = 3;

// ADD with both severities, HIDE of every id the walk can add and of one it never adds; CLEAR derived
export const pathEvents: AnyEventObject[] = [
  { type: 'ADD', severity: 'info', message: '播放队列播完啦' },
  { type: 'HIDE', id: 1 },
  { type: 'ADD', severity: 'error', message: '网络错误: 503 Service Unavailable' },
  { type: 'HIDE', id: 2 },
  { type: 'HIDE', id: 3 },
  { type: 'HIDE', id: 99 },
];

/** One state, everything in context: the walk tells snapshots apart by the messages kept. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.context);

/** ADD only up to `walkMaxAdds` messages, so the context (and the walk) stays finite. */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  event.type !== 'ADD' || (snapshot.context as MessagesContext).nextId <= walkMaxAdds;

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  ADD: 'a toast appears (e.g. 登录成功)',
  HIDE: 'the listener closes a toast, or it hides by itself',
  CLEAR: 'every toast is cleared',
};
