// Whether the listener has no library at all (主页's placeholder): known, and none. Libraries that
// could not be read (offline) are not "none". Here, not in index.ts, so it loads with the home page.
import { useSelector } from '@xstate/react';
import { useLibraryActors } from './context';

export function useNoLibrary(): boolean {
  return useSelector(useLibraryActors().libraries, (s) => s.hasTag('ready') && s.context.credentials.length === 0);
}
