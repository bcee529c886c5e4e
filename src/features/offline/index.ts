// What the app composes of listening offline.
export { clearKeptOnDevice, keptSourceOf, type KeptSource } from './actors';
export { startKeeping } from './start';
export type { KeepingRef } from './keepingMachine';
export { KeepingProvider } from './context';
