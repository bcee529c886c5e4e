// What the app composes of listening offline.
export { clearKeptOnDevice, keptSourceInHand, keptSourceOf, readKeptAhead, type KeptSource } from './keptReads';
export { keptAlbumInfoOf } from './keptStore';
export { isKept, keptKnown } from './selectors';
export { startKeeping } from './start';
export type { KeepingRef } from './keepingMachine';
export { KeepingProvider, KeptAheadProvider } from './context';
export { KeepPlanDialogHost } from './components/KeepPlanDialogHost';
