// The generic loader alone, for a feature of the first page (the session's site info): importing it
// from here does not bring the PageLoad component into the first page.
export { namedLoader, type LoaderRef } from './loaderMachine';
