// Sample events for `npm run paths -- shareWizard` and tests/machines/shareWizard.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError, NetworkError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import { NoShareTokenError, type ShareWizardContext } from './shareWizardMachine';

const sampleShareTracks = [sampleTrack('a'), { ...sampleTrack('a'), trackId: 2, title: 'Track a2' }, sampleTrack('b')];

export const pathEvents: AnyEventObject[] = [
  { type: 'EDIT', name: '周末', description: '一起听' },
  { type: 'EDIT', name: '周末', description: '  ' },
  { type: 'TOGGLE_TRACK', key: 'album-a-1-1' },
  { type: 'TOGGLE_TRACK', key: 'album-b-1-1' },
  { type: 'xstate.done.actor.chooseCredentials', output: { 'album-a': 'c1', 'album-b': 'c1' } },
  { type: 'xstate.error.actor.chooseCredentials', error: new NoShareTokenError() },
  { type: 'xstate.done.actor.createShare', output: 'qWeRtYuI' },
  { type: 'xstate.error.actor.createShare', error: new ApiError(900000, 'token does not support share') },
  { type: 'xstate.done.actor.copyLink' },
  { type: 'xstate.error.actor.copyLink', error: new Error('您的浏览器不支持复制功能') },
  { type: 'xstate.done.actor.nativeShare' },
  { type: 'xstate.error.actor.nativeShare', error: new Error('您的浏览器不支持分享功能') },
  // error classes only: the walk tells events apart by their JSON, and a plain Error is {}
  { type: 'xstate.error.actor.createShare', error: new NetworkError(503, 'Service Unavailable') },
  { type: 'xstate.done.actor.createShare', output: 'a b/c' },
];

export const pathInput = {
  tracks: sampleShareTracks,
  cover: { albumId: 'album-a', discId: 1 },
  name: 'Album',
  linkBase: 'https://anniv.example',
};

/**
 * What makes two snapshots the same state in a walk: in the form, what is typed, the tracks chosen
 * and the error; in the dialog, the link and how the state was entered (which request ended and
 * how), so every sample event is walked.
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject) => {
  const { value } = snapshot;
  const context = snapshot.context as ShareWizardContext;
  if (snapshot.hasTag('form')) {
    return JSON.stringify([value, context.name, context.description, [...context.selected].sort(), context.formError]);
  }
  const via = event && /^xstate\.(done|error)\.actor\./.test(event.type) ? event.type : null;
  return JSON.stringify([value, context.link, via]);
};

/** Only events the wizard takes from where it is. */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  EDIT: 'the listener types a 分享名称 or 分享描述',
  TOGGLE_TRACK: 'the listener ticks or unticks a track',
  SELECT_ALL: 'the listener presses 全选',
  CLEAR_ALL: 'the listener presses 清除所有',
  SUBMIT: 'the listener submits the 分享 form',
  'xstate.done.actor.chooseCredentials': 'a library token that may share is found for every album',
  'xstate.error.actor.chooseCredentials': 'some album has no token that may share it (无可用于分享的Token)',
  'xstate.done.actor.createShare': 'the server creates the share (分享成功)',
  'xstate.error.actor.createShare': 'the server refuses the share (its message shows in the form)',
  COPY: 'the listener presses 复制',
  NATIVE_SHARE: 'the listener presses the share button',
  CONFIRM: 'the listener presses 确定 in the 分享成功 dialog',
  'xstate.done.actor.copyLink': 'the link is in the clipboard (复制成功)',
  'xstate.error.actor.copyLink': 'the browser cannot copy (您的浏览器不支持复制功能)',
  'xstate.done.actor.nativeShare': "the link is shared from the browser's share sheet",
  'xstate.error.actor.nativeShare': 'the browser cannot share (您的浏览器不支持分享功能), or the sheet is dismissed',
};
