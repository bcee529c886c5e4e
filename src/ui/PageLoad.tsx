// A page's read-only load through the generic loader machine (spec 4.5): runs once; a failure shows
// the error's own text as a toast. Remount with a new `key` to load again (new params, a new sync).
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { loaderMachine } from './loaderMachine';
import { useSystem } from '@/app/SystemContext';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'failure'; error: string };

export function PageLoad<T>({ load, children }: { load: () => Promise<T>; children: (state: LoadState<T>) => ReactNode }) {
  const { messages } = useSystem();
  const loader = useActorRef(loaderMachine.provide({ actors: { load: fromPromise<unknown>(load) } }));
  useEffect(() => {
    const subscription = loader.on('notify', (e) => messages.send({ type: 'ADD', severity: e.severity, message: e.message }));
    return () => subscription.unsubscribe();
  }, [loader, messages]);
  const status = useSelector(loader, (s) => s.value as 'loading' | 'success' | 'failure');
  const data = useSelector(loader, (s) => s.context.data as T);
  const error = useSelector(loader, (s) => s.context.error ?? '');
  return <>{children(status === 'success' ? { status, data } : status === 'failure' ? { status, error } : { status })}</>;
}
