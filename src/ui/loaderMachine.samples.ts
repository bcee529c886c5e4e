// Sample events for `npm run paths -- loader` and tests/machines/loader.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';

export const pathEvents: AnyEventObject[] = [{ type: 'xstate.done.actor.load', output: { siteName: 'Anniv' } }];
