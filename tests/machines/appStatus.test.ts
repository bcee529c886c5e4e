// The app status machine: online/offline from the browser's events and from whether the
// app's requests are answered, the recheck of the server while offline, and the new-version prompt.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  appStatusMachine,
  type ServiceWorkerCommand,
  type AppStatusEvent,
} from '@/features/appStatus/appStatusMachine';
import { SERVER_RECHECK_MS } from '@/shared/constants';
import { flush } from './fakes';

afterEach(() => vi.useRealTimers());

function startAppStatusMachine(serverAnswers: () => boolean) {
  const commands: ServiceWorkerCommand[] = [];
  let checks = 0;
  const machine = appStatusMachine.provide({
    actors: {
      connectivity: fromCallback<AppStatusEvent>(() => () => {}),
      serviceWorker: fromCallback<ServiceWorkerCommand>(({ receive }) => {
        receive((command) => commands.push(command));
      }),
      checkServer: fromPromise<void>(async () => {
        checks++;
        if (!serverAnswers()) throw new TypeError('Failed to fetch');
      }),
    },
  });
  const actor = createActor(machine).start();
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, commands, tags, checks: () => checks };
}

describe('app status: online and offline', () => {
  it('the browser going offline and online moves the banner', () => {
    const s = startAppStatusMachine(() => true);
    expect(s.tags()).toEqual([]);
    s.actor.send({ type: 'OFFLINE' });
    expect(s.tags()).toEqual(['offline']);
    s.actor.send({ type: 'ONLINE' });
    expect(s.tags()).toEqual([]);
  });

  it('a request without an answer means offline; an answered one means online again', () => {
    const s = startAppStatusMachine(() => true);
    s.actor.send({ type: 'SERVER_REACHED' });
    expect(s.tags()).toEqual([]);
    s.actor.send({ type: 'SERVER_UNREACHABLE' });
    expect(s.tags()).toEqual(['offline']);
    s.actor.send({ type: 'SERVER_REACHED' });
    expect(s.tags()).toEqual([]);
  });

  it('while offline the server is asked again every SERVER_RECHECK_MS until it answers', async () => {
    vi.useFakeTimers();
    let up = false;
    const s = startAppStatusMachine(() => up);
    s.actor.send({ type: 'SERVER_UNREACHABLE' });
    vi.advanceTimersByTime(SERVER_RECHECK_MS - 1);
    expect(s.checks()).toBe(0);
    vi.advanceTimersByTime(1);
    await flush();
    expect(s.checks()).toBe(1);
    expect(s.tags()).toEqual(['offline']);
    up = true;
    vi.advanceTimersByTime(SERVER_RECHECK_MS);
    await flush();
    expect(s.checks()).toBe(2);
    expect(s.tags()).toEqual([]);
    // online: no more asking
    vi.advanceTimersByTime(SERVER_RECHECK_MS * 3);
    expect(s.checks()).toBe(2);
  });
});

describe('app status: a new version', () => {
  it('waits behind the prompt: 稍后 hides it until the next version; 刷新 tells the worker to take over', () => {
    const s = startAppStatusMachine(() => true);
    s.actor.send({ type: 'UPDATE' }); // nothing to update yet
    expect(s.commands).toEqual([]);
    s.actor.send({ type: 'UPDATE_READY' });
    expect(s.tags()).toEqual(['updateAvailable']);
    s.actor.send({ type: 'DISMISS_UPDATE' });
    expect(s.tags()).toEqual([]);
    s.actor.send({ type: 'UPDATE_READY' });
    s.actor.send({ type: 'UPDATE' });
    expect(s.tags()).toEqual(['updating']);
    expect(s.commands).toEqual([{ type: 'sw.activateUpdate' }]);
    // a second press while it takes over sends nothing more
    s.actor.send({ type: 'UPDATE' });
    expect(s.commands).toHaveLength(1);
  });
});
