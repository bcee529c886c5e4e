// What a view of the first page reads of an actor that loads after it (shared/loadedLater.ts): the
// actor once something else had it created, null until then. Never suspends: a pending `use()` in
// the first page's frame would hold back every update of the page around it.
import { use, useCallback, useEffect, useSyncExternalStore } from 'react';
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

/** what `useSelectorOrNone` reads: an actor, or anything that gives snapshots and says when they change */
interface Snapshots<S> {
  subscribe(changed: () => void): { unsubscribe(): void };
  getSnapshot(): S;
}

/**
 * `select` of an actor's snapshots, or `none` while the actor is not there yet (its code still
 * loading): a view reads it without waiting. `select` returns a primitive or a context value.
 */
export function useSelectorOrNone<S, T>(actor: Snapshots<S> | null, select: (snapshot: S) => T, none: T): T {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(changed);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => (actor ? select(actor.getSnapshot()) : none);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * An actor that loads after the first page, for a view that needs it: at once when it is there,
 * else the view waits (its Suspense fallback shows) while its code loads. Only a view inside a
 * Suspense boundary of its own or of its page may call this.
 */
export function useReady<T>(later: LoadedLater<T>): T {
  const ready = later.ready();
  const made = later.current();
  // React's use() reads a promise marked settled at once instead of suspending for a moment
  if (made !== null) Object.assign(ready, { status: 'fulfilled', value: made });
  return use(ready);
}

/**
 * An actor that loads after the first page, asked for by the view that shows it (a button of the
 * frame): the view has it created, and reads null until its code has loaded. Never suspends.
 */
export function useCreated<T>(later: LoadedLater<T>): T | null {
  useEffect(() => {
    later.ready().catch(() => {
      // its code did not load (offline before it was cached): the view stays away until a reload
    });
  }, [later]);
  return useLoaded(later);
}
