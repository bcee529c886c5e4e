// Setup for the views project (happy-dom): IndexedDB, a clean localStorage and a clean DOM per test.
// jest-dom matchers are not installed: assert on plain DOM values instead.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { closeAlbumDb } from '@/storage/albumDb';
import { closeLibraryDb } from '@/storage/libraryDb';
import { setAddressMode } from '@/services/addresses';
import { stopRunningApps } from '../views/runningApps';

// findBy… and waitFor wait for what a user would see. CI runs every suite at once on two cores, where
// a page (a lazy chunk, a sync, a fake server answer) can take seconds to appear: Testing Library's
// default of 1 s made tests fail under load. 5 s holds there and stays well inside the 15 s test time-out.
configure({ asyncUtilTimeout: 5000 });

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
