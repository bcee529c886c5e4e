// Boot: create the long-lived actors once, then render the app.
import '@/ui/styles/firstPage';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { createAppSystem } from '@/app/system';
import { maybeInspector } from '@/app/inspect';
import { preloadPage } from '@/app/routes';
import { startAddresses } from '@/app/addressMode';
import { currentRoute } from '@/services/addresses';
import { registeredServiceWorker } from '@/features/appStatus/actors';
import { yieldToPage } from '@/shared/yieldToPage';

async function boot() {
  // first: every read of the route below goes through the address form chosen here
  startAddresses();
  const inspect = await maybeInspector();
  // The boot in tasks of its own, none holding the main thread long (docs/performance.md, the boot
  // bench): the modules' evaluation, then the actors, then the render, which React does in slices
  // (a transition) instead of in one task.
  await yieldToPage();
  // the built app registers its service worker (installable, opens offline); `npm run dev` does not
  const system = createAppSystem({
    inspect,
    serviceWorker: import.meta.env.PROD ? registeredServiceWorker : undefined,
  });
  // the first URL's data and page chunk load together, before the first render (see preloadPage)
  const { path } = currentRoute();
  system.prefetchFor(path);
  await preloadPage(path).catch(() => {}); // a failed chunk load shows when the page renders
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App system={system} />
      </StrictMode>,
    ),
  );
}

void boot();
