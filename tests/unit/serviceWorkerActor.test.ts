// 刷新 on 有新版本可用 when the browser holds the new worker back: after UPDATE_TAKEOVER_WAIT_MS the old
// registration is unregistered and the page reloads (from the server, which registers the new
// worker afresh). Node has no service workers: the browser's objects are stand-ins here; the real
// flow runs in Chromium in tests/e2e/offline.test.ts.
import { afterEach, expect, it, vi } from 'vitest';
import { createActor, createMachine, sendTo } from 'xstate';
import { registeredServiceWorker } from '@/features/appStatus/actors';
import { UPDATE_TAKEOVER_WAIT_MS } from '@/shared/constants';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('a new version not taking over within the wait: the old registration goes, then the page reloads', async () => {
  vi.useFakeTimers();
  const steps: string[] = [];
  const registration = {
    unregister: vi.fn(async () => {
      steps.push('unregister');
      return true;
    }),
  };
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => registration } });
  // the page is still loading: the worker is registered at its load, which never comes here
  vi.stubGlobal('document', { readyState: 'loading' });
  vi.stubGlobal('window', { addEventListener: () => {} });
  vi.stubGlobal('location', { reload: () => steps.push('reload') });
  const parent = createMachine({
    invoke: { id: 'serviceWorker', src: 'serviceWorker' },
    on: { ACTIVATE: { actions: sendTo('serviceWorker', { type: 'sw.activateUpdate' }) } },
  }).provide({ actors: { serviceWorker: registeredServiceWorker } });
  const actor = createActor(parent).start();
  actor.send({ type: 'ACTIVATE' });
  // the wait's code loads with the click (here already loaded: a few ticks)
  await import('@/features/appStatus/takeOver');
  for (let tick = 0; tick < 20 && vi.getTimerCount() === 0; tick++) await Promise.resolve();
  expect(vi.getTimerCount()).toBe(1);
  await vi.advanceTimersByTimeAsync(UPDATE_TAKEOVER_WAIT_MS - 1);
  expect(steps).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(steps).toEqual(['unregister', 'reload']);
  actor.stop();
});
