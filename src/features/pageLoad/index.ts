// A page's read-only load (docs/behaviour.md#loader-and-toasts): the PageLoad component that runs
// the generic loader machine for a page. The session's site info uses the machine alone, through
// loader.public.ts (so the component stays out of the first page).
export { PageLoad } from './components/PageLoad';
