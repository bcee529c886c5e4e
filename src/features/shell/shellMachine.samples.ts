// Sample events for `npm run paths -- shell` and tests/machines/shell.paths.test.ts. Tooling only:
// the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';

/**
 * None with a payload: every event the shell takes (ONLINE, OFFLINE, UPDATE_READY, the server
 * check's end, the recheck delay…) carries nothing a guard or action reads, so the walk sends each
 * type the machine handles as it is.
 */
export const pathEvents: AnyEventObject[] = [];
