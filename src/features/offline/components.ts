// The offline feature's views other features' slots show (the app composes them).
export { KeepButton } from './components/KeepButton';
export { KeptMark } from './components/KeptMark';
export { KeptAlbumMark } from './components/KeptAlbumMark';
export { KeepMenuItem } from './components/KeepMenuItem';
export { KeptStoragePanel } from './components/KeptStoragePanel';
