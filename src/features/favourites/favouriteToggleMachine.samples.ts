// Sample events for `npm run paths -- favouriteToggle` and tests/machines/favouriteToggle.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';

export const pathEvents: AnyEventObject[] = [
  { type: 'TOGGLE', liked: false },
  { type: 'TOGGLE', liked: true },
  { type: 'xstate.done.actor.submit' },
  { type: 'xstate.error.actor.submit', error: new ApiError(901000, 'album is already a favourite') },
];

// the store (a live favourites actor) is the caller's to give; a walk sends it nothing
export const pathInput = { target: { kind: 'track', track: sampleTrack('a') } };
