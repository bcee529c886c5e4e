// What a view of the first page reads of an actor that loads after it (shared/loadedLater.ts): the
// actor once something else had it created, null until then. Never suspends: a pending `use()` in
// the first page's frame would hold back every update of the page around it.
import { useCallback, useSyncExternalStore } from 'react';
import type { LoadedLater } from '@/shared/loadedLater';

export function useLoaded<T>(later: LoadedLater<T>): T | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      let listening = true;
      void later.loaded.then(() => listening && changed());
      return () => {
        listening = false;
      };
    },
    [later],
  );
  return useSyncExternalStore(subscribe, later.current, later.current);
}
