// A page's read-only load through the generic loader machine (docs/behaviour.md#loader-and-toasts): a failure shows the
// error's own text as a toast. The view hands the load over (a feature's loads, never the raw api
// client) and never awaits it. Remount with a new `key` to load something else (new parameters);
// a new `refresh` loads the same again while what was loaded stays shown (a sync changed it).
// The loader is created with the app system's inspect: the inspector sees it, and its toasts go
// through the system's one notify.
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { namedLoader } from '../loaderMachine';
import { useInspect } from '@/ui/inspect';
import { useSendWhenChanged } from '@/ui/useSendWhenChanged';
import type { LoadState } from '@/shared/types';

interface PageLoadProps<T> {
  /** what is loaded, in a word (`albumInfo`): the inspector lists the loader as `albumInfoLoader` */
  name: string;
  load: () => Promise<T>;
  /** a change loads again, keeping the shown data until the new data is there */
  refresh?: string | number;
  children: (state: LoadState<T>) => ReactNode;
}

export function PageLoad<T>({ name, load, refresh, children }: PageLoadProps<T>) {
  const inspect = useInspect();
  // the loader runs the load of the latest render (a reload may need newer parameters)
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  const [machine] = useState(() =>
    namedLoader(name).provide({ actors: { load: fromPromise<unknown, void>(() => latestLoad.current()) } }),
  );
  const loader = useActorRef(machine, { inspect });
  useSendWhenChanged(loader, refresh ?? '', 'RELOAD');
  const status = useSelector(loader, (s) => (s.hasTag('shown') ? 'success' : s.hasTag('busy') ? 'loading' : 'failure'));
  // `load` gives a T, so the data is a T
  const data = useSelector(loader, (s) => s.context.data as T);
  const error = useSelector(loader, (s) => s.context.error ?? '');
  return (
    <>{children(status === 'success' ? { status, data } : status === 'failure' ? { status, error } : { status })}</>
  );
}
