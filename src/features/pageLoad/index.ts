// A page's read-only load (docs/behaviour.md#loader-and-toasts): the generic loader machine and the
// PageLoad component that runs it for a page; the session's site info uses the same machine.
export { namedLoader, type LoaderRef } from './loaderMachine';
export { PageLoad } from './components/PageLoad';
