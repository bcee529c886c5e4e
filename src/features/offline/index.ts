// What the app composes of listening offline.
export { clearKeptOnDevice } from './actors';
