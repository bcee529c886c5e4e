import type { AppStatusSnapshot } from './appStatusMachine';

export const isOffline = (s: AppStatusSnapshot) => s.hasTag('offline');
export const updateAvailable = (s: AppStatusSnapshot) => s.hasTag('updateAvailable');
export const updating = (s: AppStatusSnapshot) => s.hasTag('updating');
