// wouter location hook whose route changes render in a React transition: while a lazy page's chunk
// loads, the current page stays up (no spinner flash, and no Suspense fallback throttle, which held
// every first visit to a page for about 300 ms). The route is read through services/addresses.ts,
// so it is the same whether the page's URL holds it in the path or in the hash.
import { startTransition, useEffect, useState } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import { addressOf, currentRoute, navigateTo } from '@/services/addresses';

const routePath = () => currentRoute().path;
const routeSearch = () => currentRoute().search;

function navigate(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options);
}

export function useTransitionLocation(): [string, typeof navigate] {
  // wouter's property hook follows pushState, replaceState, popstate and hashchange
  const routeNow = useLocationProperty(routePath, routePath);
  const [path, setPath] = useState(routeNow);
  useEffect(() => {
    if (routeNow !== path) startTransition(() => setPath(routeNow));
  }, [routeNow, path]);
  return [path, navigate];
}

/** the route's query for wouter's useSearch */
useTransitionLocation.searchHook = function useRouteSearch(): string {
  return useLocationProperty(routeSearch, routeSearch);
};

/** what a Link's href says: the route's address in the page's mode */
useTransitionLocation.hrefs = (href: string): string => addressOf(href);
