// What the app composes of listening offline.
export { clearKeptOnDevice, keptSourceInHand, keptSourceOf, readKeptAhead } from './keptReads';
export { keptAlbumInfoOf } from './keptStore';
export { isKept, keptKnown } from './selectors';
export { KeepingProvider, KeptAheadProvider } from './context';
export { KeepPlanDialogHost } from './components/KeepPlanDialogHost';
