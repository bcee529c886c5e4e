// Sample events for `npm run paths -- myShares` and tests/machines/myShares.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';

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
];
