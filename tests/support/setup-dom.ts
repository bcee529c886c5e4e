// Setup for the views project (happy-dom): IndexedDB, a clean localStorage and a clean DOM per test.
// jest-dom matchers are not installed: assert on plain DOM values instead.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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

afterEach(() => {
  cleanup();
  clearLocalStorage();
});
