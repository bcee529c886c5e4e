// The route guard (docs/behaviour.md#routes-and-the-guard): spinner while the login state is unknown, login with a return path
// when logged out, the page when logged in.
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginPathFor, useLoginState } from '@/features/session';
import { PageSpinner } from '@/ui/PageSpinner';
import { currentRoute } from '@/services/addresses';

export function Guard({ children }: { children: ReactNode }) {
  const state = useLoginState();
  const [path] = useLocation();
  const search = useSearch();
  if (state === 'unknown') return <PageSpinner />;
  if (state === 'loggedOut') {
    // Route changes render in a transition, so the route can trail the browser for a moment: when
    // the app is already on its way elsewhere (to login after a password change), do not redirect.
    if (currentRoute().path !== path) return null;
    return <Redirect to={loginPathFor(path, search)} replace />;
  }
  return <>{children}</>;
}
