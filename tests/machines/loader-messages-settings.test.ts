import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loaderMachine } from '@/features/pageLoad/loaderMachine';
import { messagesMachine } from '@/features/messages/messagesMachine';
import { settingsMachine, type SettingsChangedEvent } from '@/features/settings/settingsMachine';
import type { NotifyEvent } from '@/shared/effects';
import { NetworkError } from '@/services/api/errors';
import { fakeService, flush } from './fakes';

describe('loader', () => {
  function start() {
    const load = fakeService<unknown>();
    const actor = createActor(loaderMachine.provide({ actors: { load: load.logic } }));
    const notes: NotifyEvent[] = [];
    actor.on('notify', (e) => notes.push(e));
    actor.start();
    return { actor, load, notes };
  }

  it('runs the fetch once and keeps its data', async () => {
    const { actor, load, notes } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    load.last.resolve({ siteName: 'Anniv' });
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.data).toEqual({ siteName: 'Anniv' });
    expect(load.calls).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it('a failure adds an error message with the error text and stops loading', async () => {
    const { actor, load, notes } = start();
    load.last.reject(new NetworkError(503, 'Service Unavailable'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.error).toBe('网络错误: 503 Service Unavailable');
    expect(notes).toEqual([{ type: 'notify', severity: 'error', message: '网络错误: 503 Service Unavailable' }]);
  });
});

describe('loader reload', () => {
  async function loaded(first: unknown) {
    const load = fakeService<unknown>();
    const actor = createActor(loaderMachine.provide({ actors: { load: load.logic } }));
    const notes: NotifyEvent[] = [];
    actor.on('notify', (e) => notes.push(e));
    actor.start();
    load.last.resolve(first);
    await flush();
    return { actor, load, notes };
  }

  it('RELOAD loads again while the data stays shown; the new data replaces it', async () => {
    const { actor, load } = await loaded(['a']);
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(['a']);
    expect(load.calls).toHaveLength(2);
    load.last.resolve(['a', 'b']);
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.data).toEqual(['a', 'b']);
  });

  it('a failed reload keeps the data shown and says why', async () => {
    const { actor, load, notes } = await loaded(['a']);
    actor.send({ type: 'RELOAD' });
    load.last.reject(new NetworkError(502, 'Bad Gateway'));
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ data: ['a'], error: null });
    expect(notes).toEqual([{ type: 'notify', severity: 'error', message: '网络错误: 502 Bad Gateway' }]);
  });

  it('RELOAD while a load is under way starts it again: what it read before the change is never shown', async () => {
    const load = fakeService<unknown>();
    const actor = createActor(loaderMachine.provide({ actors: { load: load.logic } })).start();
    // a sync ends while the page's first load is out: the load read the old data
    actor.send({ type: 'RELOAD' });
    expect(load.calls).toHaveLength(2);
    expect(load.calls[0]!.signal.aborted).toBe(true);
    load.calls[0]!.resolve('before the sync');
    load.calls[1]!.resolve('after the sync');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('after the sync');
    // and the same while a reload is out
    actor.send({ type: 'RELOAD' });
    actor.send({ type: 'RELOAD' });
    expect(load.calls).toHaveLength(4);
    load.calls[2]!.resolve('stale');
    load.calls[3]!.resolve('fresh');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('fresh');
  });

  it('after a failure, RELOAD loads afresh', async () => {
    const load = fakeService<unknown>();
    const actor = createActor(loaderMachine.provide({ actors: { load: load.logic } })).start();
    load.last.reject(new NetworkError(null));
    await flush();
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    load.last.resolve('ok');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('ok');
  });
});

describe('messages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const visible = (actor: ReturnType<typeof createActor<typeof messagesMachine>>) =>
    actor
      .getSnapshot()
      .context.messages.filter((m) => m.isShow)
      .map((m) => m.message);

  it('adds with isShow true and hides after 5 s, not before', async () => {
    const actor = createActor(messagesMachine).start();
    actor.send({ type: 'ADD', severity: 'success', message: '登出成功' });
    expect(actor.getSnapshot().context.messages).toEqual([
      { id: 1, type: 'success', message: '登出成功', isShow: true },
    ]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(visible(actor)).toEqual(['登出成功']);
    await vi.advanceTimersByTimeAsync(1);
    expect(visible(actor)).toEqual([]);
  });

  it('hides one message by id and leaves the others', () => {
    const actor = createActor(messagesMachine).start();
    actor.send({ type: 'ADD', severity: 'error', message: 'a' });
    actor.send({ type: 'ADD', severity: 'info', message: 'b' });
    actor.send({ type: 'HIDE', id: 1 });
    expect(visible(actor)).toEqual(['b']);
  });

  it('each message keeps its own 5 s', async () => {
    const actor = createActor(messagesMachine).start();
    actor.send({ type: 'ADD', severity: 'error', message: 'a' });
    await vi.advanceTimersByTimeAsync(3000);
    actor.send({ type: 'ADD', severity: 'error', message: 'b' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(visible(actor)).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(visible(actor)).toEqual([]);
  });

  it('clears all', () => {
    const actor = createActor(messagesMachine).start();
    actor.send({ type: 'ADD', severity: 'error', message: 'a' });
    actor.send({ type: 'ADD', severity: 'error', message: 'b' });
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.messages).toEqual([]);
  });

  it('does not keep an unbounded history of hidden messages', async () => {
    const actor = createActor(messagesMachine).start();
    for (let i = 0; i < 100; i++) actor.send({ type: 'ADD', severity: 'info', message: `m${i}` });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.messages.length).toBeLessThanOrEqual(20);
  });
});

describe('settings', () => {
  it('changes quality, page-close action and colour scheme and emits them for storage', () => {
    const actor = createActor(settingsMachine, {
      input: { quality: 'lossless', pageOnCloseAction: 'none', colorScheme: 'auto' },
    });
    const changes: SettingsChangedEvent[] = [];
    actor.on('settingsChanged', (e) => changes.push(e));
    actor.start();
    actor.send({ type: 'SET_QUALITY', quality: 'medium' });
    actor.send({ type: 'SET_PAGE_CLOSE_ACTION', action: 'confirmWhenPlaying' });
    actor.send({ type: 'SET_COLOR_SCHEME', colorScheme: 'dark' });
    expect(actor.getSnapshot().context).toEqual({
      quality: 'medium',
      pageOnCloseAction: 'confirmWhenPlaying',
      colorScheme: 'dark',
    });
    expect(changes.map((c) => c.settings)).toEqual([
      { quality: 'medium', pageOnCloseAction: 'none', colorScheme: 'auto' },
      { quality: 'medium', pageOnCloseAction: 'confirmWhenPlaying', colorScheme: 'auto' },
      { quality: 'medium', pageOnCloseAction: 'confirmWhenPlaying', colorScheme: 'dark' },
    ]);
  });
});
