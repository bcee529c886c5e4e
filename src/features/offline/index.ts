// What the app composes of listening offline.
export { clearKeptOnDevice, keptSourceOf, type KeptSource } from './actors';
