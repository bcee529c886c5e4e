// Query parameters that describe the view (page, count, highlight, keyword…): read from the URL and
// written in place, replacing the history entry so Back leaves the page rather than undoing them.
import { useCallback, useMemo } from 'react';
import { useSearch } from 'wouter';
import { currentRoute, navigateTo } from '@/services/addresses';

/** name → value; null removes the parameter */
export type QueryPatch = Record<string, string | number | null>;

/** the current parameters and a setter that merges a patch and keeps all other parameters */
export function useQueryParams(): [URLSearchParams, (patch: QueryPatch) => void] {
  // wouter's search is passed through decodeURI (a keyword "%41" would read back as "A"), so the
  // raw route (services/addresses.ts: path or hash) is parsed; wouter's hook only makes the component follow URL changes.
  const search = useSearch();
  const params = useMemo(() => rawParams(search), [search]);
  const update = useCallback((patch: QueryPatch) => {
    const { path, search } = currentRoute();
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(patch)) {
      if (value === null) next.delete(name);
      else next.set(name, String(value));
    }
    const query = next.toString();
    navigateTo(`${path}${query ? `?${query}` : ''}`, { replace: true });
  }, []);
  return [params, update];
}

/** `changed` only ties the memo to wouter's view of the URL; the raw route is what is read */
function rawParams(changed: string): URLSearchParams {
  void changed;
  return new URLSearchParams(currentRoute().search);
}

/** one parameter (null when absent) and its setter */
export function useSearchParam(name: string): [string | null, (value: string | number | null) => void] {
  const [params, update] = useQueryParams();
  const set = useCallback((value: string | number | null) => update({ [name]: value }), [name, update]);
  return [params.get(name), set];
}
