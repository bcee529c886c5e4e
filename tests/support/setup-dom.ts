// Setup for the views project (happy-dom): IndexedDB, a clean localStorage and a clean DOM per test.
// jest-dom matchers are not installed: assert on plain DOM values instead.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { closeAlbumDb } from '@/storage/albumDb';
import { closeLibraryDb } from '@/storage/libraryDb';
import { setAddressMode } from '@/services/addresses';
import { stopRunningApps } from '../views/runningApps';

// findBy… and waitFor wait for what a user would see. CI runs every suite at once on two cores, where
// a page (a lazy chunk, a sync, a fake server answer) can take seconds to appear: Testing Library's
// default of 1 s made tests fail under load. 5 s holds there and stays well inside the 15 s test time-out.
configure({ asyncUtilTimeout: 5000 });

// Testing Library fires each event (fireEvent, every event of user-event) inside a synchronous act() it
// does not await. React's act stops flushing at a render that read a promise with use() (useReady,
// ui/useLoaded.ts: even one already settled) and then suspended — a route change's transition: the
// cover's click opening /now, whose lyrics panel (its chunk loaded by an earlier file of the worker)
// waits for its actor. It warns "A component suspended inside an `act` scope" and drops that render
// while the root still counts it as scheduled: the page shows only once something else updates it,
// which, when the app is idle by the click (as under load), never comes. Awaiting act's
// result, as React asks, flushes that rest after the event, as a browser's scheduler would; what the
// event did at once is flushed before it returns, as before.
let inEvent = false;
function inActAwaited<T>(dispatch: () => T): T {
  if (inEvent) return dispatch();
  inEvent = true;
  try {
    let result!: T;
    // a thenable for a callback that returns nothing as well (React's types say void)
    const flushed = act(() => {
      result = dispatch();
    }) as unknown as PromiseLike<void>;
    flushed.then(
      () => {},
      (error: unknown) => {
        // an error the rest of the render threw fails the test, as one thrown at once does
        queueMicrotask(() => {
          throw error;
        });
      },
    );
    return result;
  } finally {
    inEvent = false;
  }
}
configure({ eventWrapper: inActAwaited });

function clearLocalStorage(): void {
  try {
    globalThis.localStorage?.clear();
  } catch {
    // a test may have replaced localStorage with one that throws
  }
}

beforeEach(() => {
  clearLocalStorage();
});

afterEach(async () => {
  await stopRunningApps();
  cleanup();
  clearLocalStorage();
  // every test starts with empty databases: close the cached handles, then a fresh factory
  await Promise.all([closeAlbumDb(), closeLibraryDb()]);
  globalThis.indexedDB = new IDBFactory();
  setAddressMode('path');
});
