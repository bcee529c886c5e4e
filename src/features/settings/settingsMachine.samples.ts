// Sample events for `npm run paths -- settings` and tests/machines/settings.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';

export const pathEvents: AnyEventObject[] = [{ type: 'SET_QUALITY', quality: 'medium' }];

export const pathInput = { quality: 'lossless', pageOnCloseAction: 'none', colorScheme: 'auto' };
