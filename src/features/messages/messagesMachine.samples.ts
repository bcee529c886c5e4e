// Sample events for `npm run paths -- messages` and tests/machines/messages.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';

export const pathEvents: AnyEventObject[] = [{ type: 'ADD', severity: 'info', message: '播放队列播完啦' }, { type: 'HIDE', id: 1 }];
