import type { ShellSnapshot } from './shellMachine';

export const isOffline = (s: ShellSnapshot) => s.hasTag('offline');
export const updateAvailable = (s: ShellSnapshot) => s.hasTag('updateAvailable');
export const updating = (s: ShellSnapshot) => s.hasTag('updating');
