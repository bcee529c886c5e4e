// Sample events for `npm run paths -- myShares` and tests/machines/myShares.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError, errorMessage, NetworkError } from '@/services/api/errors';
import { text } from '@/shared/text';
import type { MySharesContext } from './mySharesMachine';

const unauthorized = new ApiError(902002, 'unauthorized');
const sampleShareEntries = [
  { id: 'qWeRtYuI', date: 1_700_000_300, name: '周末' },
  { id: 'AsDfGhJk', date: 1_700_000_200 },
];

export const pathEvents: AnyEventObject[] = [
  { type: 'DELETE', id: 'qWeRtYuI' },
  { type: 'DELETE', id: 'unknown' },
  { type: 'xstate.done.actor.listShares', output: sampleShareEntries },
  { type: 'xstate.error.actor.listShares', error: unauthorized },
  { type: 'xstate.done.actor.deleteShare' },
  { type: 'xstate.error.actor.deleteShare', error: new ApiError(902001, 'you are not the owner of the share') },
  { type: 'COPY', link: 'https://anniv.example/s/qWeRtYuI' },
  { type: 'xstate.done.actor.copyLink' },
  { type: 'xstate.error.actor.copyLink', error: new Error('您的浏览器不支持复制功能') },
  // both shares taken back one after the other, an empty list, and each request failing another way
  { type: 'DELETE', id: 'AsDfGhJk' },
  { type: 'xstate.done.actor.listShares', output: [] },
  { type: 'xstate.error.actor.listShares', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.error.actor.deleteShare', error: new NetworkError(null) },
  { type: 'xstate.error.actor.copyLink', error: new Error(text.share.noClipboard) },
];

/**
 * What makes two snapshots the same state in a walk: the value, the shares listed, the one being
 * deleted, and how the state was entered (which request ended, how, with which message).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject) => {
  const context = snapshot.context as MySharesContext;
  const error = (event as { error?: unknown } | undefined)?.error;
  const via =
    event && /^xstate\.(done|error)\.actor\./.test(event.type)
      ? [event.type, error === undefined ? null : errorMessage(error)]
      : null;
  return JSON.stringify([snapshot.value, context.shares.map((s) => s.id), context.deleting, via]);
};

/** Only events the list takes from where it is. */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'xstate.done.actor.listShares': "the server lists the user's shares",
  'xstate.error.actor.listShares': 'the shares cannot be read',
  RETRY: 'the listener presses 重试',
  DELETE: 'the listener presses 收回分享 on a share',
  COPY: 'the listener presses 复制 on a share',
  'xstate.done.actor.copyLink': 'the link is in the clipboard (复制成功)',
  'xstate.error.actor.copyLink': 'the browser cannot copy (您的浏览器不支持复制功能)',
  'xstate.done.actor.deleteShare': 'the server takes the share back',
  'xstate.error.actor.deleteShare': 'the server refuses to take the share back (a toast says why)',
};
