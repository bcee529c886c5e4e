// Sample events for `npm run paths -- shareWizard` and tests/machines/shareWizard.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import { shareFormError } from './forms';
import { NoShareTokenError, type ShareWizardContext } from './shareWizardMachine';

const sampleShareTracks = [
  sampleTrack('a'),
  { ...sampleTrack('a'), trackId: 2, title: 'Track a2' },
  sampleTrack('b'),
];

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
];

export const pathInput = { tracks: sampleShareTracks, cover: { albumId: 'album-a', discId: 1 }, name: 'Album', linkBase: 'https://anniv.example' };

/** The form's state decides where SUBMIT leads, so it is part of a walk's state key. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, shareFormError(snapshot.context as ShareWizardContext)]);
