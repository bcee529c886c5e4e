// The apps the views tests render (renderApp.tsx), stopped after each test by the project's setup
// (tests/support/setup-dom.ts) before it empties the databases. The hook lives in the setup file,
// which runs for every test file: the project's files share their modules (vitest.config.ts), so a
// hook registered by a shared module would run only for the first file that imported it.
import { waitFor } from 'xstate';
import type { AppSystem } from '@/app/system';

const running = new Set<AppSystem>();

export function appStarted(system: AppSystem): void {
  running.add(system);
}

/**
 * Lets each app's sync settle, then stops it: a sync step still running would otherwise write into
 * the next test's fresh IndexedDB.
 */
export async function stopRunningApps(): Promise<void> {
  for (const system of running) {
    // the sync exists once credentials loaded (its code loads after the first page)
    const sync = system.librarySync.current();
    if (sync)
      await waitFor(sync, (s) => s.matches('idle') && s.context.queue.length === 0, {
        timeout: 5000,
      }).catch(() => {});
    system.stop();
  }
  running.clear();
}
