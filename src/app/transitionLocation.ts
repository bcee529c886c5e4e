// wouter location hook whose route changes render in a React transition: while a lazy page's chunk
// loads, the current page stays up (no spinner flash, and no Suspense fallback throttle, which held
// every first visit to a page for about 300 ms).
import { startTransition, useEffect, useState } from 'react';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

export function useTransitionLocation(): [string, typeof navigate] {
  const [browserPath] = useBrowserLocation();
  const [path, setPath] = useState(browserPath);
  useEffect(() => {
    if (browserPath !== path) startTransition(() => setPath(browserPath));
  }, [browserPath, path]);
  return [path, navigate];
}
