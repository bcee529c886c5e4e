// Sample events for `npm run paths -- settings` and tests/machines/settings.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { COLOR_SCHEMES, PAGE_CLOSE_ACTIONS, QUALITIES } from '@/shared/constants';

// every value of every setting
export const pathEvents: AnyEventObject[] = [
  ...QUALITIES.map((quality) => ({ type: 'SET_QUALITY', quality })),
  ...PAGE_CLOSE_ACTIONS.map((action) => ({ type: 'SET_PAGE_CLOSE_ACTION', action })),
  ...COLOR_SCHEMES.map((colorScheme) => ({ type: 'SET_COLOR_SCHEME', colorScheme })),
];

export const pathInput = { quality: 'lossless', pageOnCloseAction: 'none', colorScheme: 'auto' };

/** One state, the settings in context: the walk reaches every combination of them. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);
