// Sample events for `npm run paths -- appStatus` and tests/machines/appStatus.paths.test.ts. Tooling only:
// the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';

/**
 * None with a payload: every event the app status takes (ONLINE, OFFLINE, UPDATE_READY, the server
 * check's end, the recheck delay…) carries nothing a guard or action reads, so the walk sends each
 * type the machine handles as it is.
 */
export const pathEvents: AnyEventObject[] = [];

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  OFFLINE: 'the browser goes offline',
  SERVER_UNREACHABLE: 'a request of the app gets no answer',
  ONLINE: 'the browser is online again',
  SERVER_REACHED: 'a request of the app gets an answer',
  'xstate.after.serverRecheck.appStatus.network.offline.waiting':
    'a while passes offline (time to ask the server again)',
  'xstate.done.actor.0.appStatus.network.offline.checking': 'the server answers again',
  'xstate.error.actor.0.appStatus.network.offline.checking': 'the server still does not answer',
  UPDATE_READY: 'a new version of the app is installed (有新版本可用，刷新后使用)',
  UPDATE: 'the listener presses 刷新',
  DISMISS_UPDATE: 'the listener presses 稍后',
};
