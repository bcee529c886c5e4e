// The user's libraries (credentials), their sync into this browser, and the one owner of library
// access: which credential serves an album or track and at what URLs (docs/behaviour.md#library-pages, #streaming-and-library-choice, #library-sync).
export { clearLocalLibraryData } from './actors';
export { startLibrary } from './start';
// a share's page (signed out) builds its own access over the share's tokens
export { createLibraryAccess, type AlbumAccess, type LibraryAccess } from './access';
export {
  LibraryProvider,
  useCredentials,
  useCredentialsKnown,
  useLibraryAccess,
  useLibraryRecord,
  useSyncGeneration,
  useAccessGeneration,
} from './context';
