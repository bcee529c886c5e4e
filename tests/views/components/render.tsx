// Renders a shared component inside Mantine, at a URL, with a cover store over a fake network.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { CoverStore } from '@/services/covers';
import { CoverStoreContext } from '@/ui/coverStoreContext';

export function coverStoreOver(respond: (url: string) => Response | Promise<Response>) {
  const requests: string[] = [];
  const revoked: string[] = [];
  let n = 0;
  const store = new CoverStore({
    fetch: async (input) => {
      const url = String(input);
      requests.push(url);
      return respond(url);
    },
    createObjectURL: () => `blob:test-${++n}`,
    revokeObjectURL: (url) => revoked.push(url),
  });
  return { store, requests, revoked };
}

export function renderAt(
  path: string,
  ui: ReactElement,
  store = coverStoreOver(() => new Response('', { status: 404 })).store,
) {
  window.history.replaceState(null, '', path);
  return render(
    <MantineProvider>
      <CoverStoreContext.Provider value={store}>{ui}</CoverStoreContext.Provider>
    </MantineProvider>,
  );
}

export const currentSearch = () => new URLSearchParams(window.location.search);
