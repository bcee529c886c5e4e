// A page's read-only load through the generic loader machine (spec 4.5): runs once; a failure shows
// the error's own text as a toast. The view hands the load over (a feature's loads, never the raw
// api client) and never awaits it. Remount with a new `key` to load again (new parameters, a sync).
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { loaderMachine } from './loaderMachine';
import { useNotify } from './notify';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'failure'; error: string };

export function PageLoad<T>({ load, children }: { load: () => Promise<T>; children: (state: LoadState<T>) => ReactNode }) {
  const notify = useNotify();
  // the loader runs once, with the load of the first render
  const [machine] = useState(() => loaderMachine.provide({ actors: { load: fromPromise<unknown, void>(load) } }));
  const loader = useActorRef(machine);
  useEffect(() => {
    const subscription = loader.on('notify', (e) => notify(e.severity, e.message));
    return () => subscription.unsubscribe();
  }, [loader, notify]);
  const status = useSelector(loader, (s) => (s.status !== 'done' ? 'loading' : s.context.error === null ? 'success' : 'failure'));
  // `load` gives a T, so the data is a T
  const data = useSelector(loader, (s) => s.context.data as T);
  const error = useSelector(loader, (s) => s.context.error ?? '');
  return <>{children(status === 'success' ? { status, data } : status === 'failure' ? { status, error } : { status })}</>;
}
