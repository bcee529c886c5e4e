import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  librariesMachine,
  type CredentialsChangedEvent,
  type LibraryRemovedEvent,
} from '@/features/library/librariesMachine';
import type { NotifyEvent } from '@/shared/effects';
import type { Credential, NewCredential } from '@/shared/types';
import { ApiError } from '@/services/api/errors';
import { text } from '@/shared/text';
import { fakeService, flush } from './fakes';

const cred = (id: string, url: string, extra: Partial<Credential> = {}): Credential => ({
  id,
  name: id,
  url,
  token: 'a.b.c',
  priority: 0,
  controlled: false,
  ...extra,
});
const demo = cred('demo', 'http://127.0.0.1:8081', { controlled: true });
const home = cred('home', 'https://home.example');
const form = { name: 'Home', url: 'https://home.example/some/path/', token: 'aaa.bbb.ccc', priority: '2' };

async function ready(credentials: Credential[] = [demo, home]) {
  const fakes = {
    listCredentials: fakeService<Credential[]>(),
    addCredential: fakeService<Credential, NewCredential>(),
    deleteCredential: fakeService<void, { id: string }>(),
  };
  const actor = createActor(
    librariesMachine.provide({
      actors: Object.fromEntries(Object.entries(fakes).map(([k, v]) => [k, v.logic])) as never,
    }),
  );
  const emitted: (NotifyEvent | CredentialsChangedEvent | LibraryRemovedEvent)[] = [];
  for (const type of ['notify', 'credentialsChanged', 'libraryRemoved'] as const)
    actor.on(type, (e) => emitted.push(e as never));
  actor.start();
  expect(actor.getSnapshot().value).toBe('idle');
  actor.send({ type: 'LOAD' });
  fakes.listCredentials.last.resolve(credentials);
  await flush();
  return { actor, fakes, emitted };
}

describe('libraries', () => {
  it('loads after LOAD and announces the credentials', async () => {
    const { actor, emitted } = await ready();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(emitted).toEqual([{ type: 'credentialsChanged', credentials: [demo, home] }]);
  });

  it('REFRESH (a library refused a token) reads the credentials again and announces the renewed ones', async () => {
    const { actor, fakes, emitted } = await ready();
    const renewed = { ...demo, token: 'renewed.b.c' };
    actor.send({ type: 'REFRESH' });
    expect(fakes.listCredentials.calls).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    fakes.listCredentials.last.resolve([renewed, home]);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.credentials).toEqual([renewed, home]);
    expect(emitted.at(-1)).toEqual({ type: 'credentialsChanged', credentials: [renewed, home] });
    // a failed read keeps what was shown and says why
    actor.send({ type: 'REFRESH' });
    fakes.listCredentials.last.reject(new Error('未知网络错误'));
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.credentials).toEqual([renewed, home]);
    expect(emitted.at(-1)).toEqual({ type: 'notify', severity: 'error', message: '未知网络错误' });
  });

  it('a failed load toasts and can be tried again', async () => {
    const fakes = { listCredentials: fakeService<Credential[]>() };
    const actor = createActor(librariesMachine.provide({ actors: { listCredentials: fakes.listCredentials.logic } }));
    const notes: NotifyEvent[] = [];
    actor.on('notify', (e) => notes.push(e));
    actor.start();
    actor.send({ type: 'LOAD' });
    fakes.listCredentials.last.reject(new Error('未知网络错误'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(notes).toEqual([{ type: 'notify', severity: 'error', message: '未知网络错误' }]);
    actor.send({ type: 'LOAD' });
    expect(fakes.listCredentials.calls).toHaveLength(2);
  });

  it.each([
    [{ name: '' }, text.library.nameRequired],
    [{ name: '', url: '' }, text.library.nameRequired],
    [{ url: '' }, text.library.urlRequired],
    [{ url: '', token: '' }, text.library.urlRequired],
    [{ token: ' ' }, text.library.tokenRequired],
    [{ token: '', priority: '' }, text.library.tokenRequired],
    [{ priority: '' }, text.library.priorityRequired],
    [{ priority: '', url: 'not a url' }, text.library.priorityRequired],
    [{ url: 'not a url' }, text.library.urlInvalid],
    [{ url: 'ftp://files.example' }, text.library.urlInvalid],
    [{ token: 'not-a-jwt' }, text.library.tokenInvalid],
  ])('the add dialog refuses %j with %s, in the spec order', async (change, message) => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'OPEN_ADD' });
    actor.send({ type: 'SUBMIT_ADD', form: { ...form, ...change } });
    expect(actor.getSnapshot().context.formError).toBe(message);
    expect(actor.getSnapshot().matches({ ready: 'addDialog' })).toBe(true);
    expect(fakes.addCredential.calls).toHaveLength(0);
  });

  it('adds with the URL stored as its origin and a numeric priority, appends, closes the dialog', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'OPEN_ADD' });
    actor.send({ type: 'SUBMIT_ADD', form });
    expect(fakes.addCredential.last.input).toEqual({
      name: 'Home',
      url: 'https://home.example',
      token: 'aaa.bbb.ccc',
      priority: 2,
    });
    const added = cred('new', 'https://home.example', { priority: 2 });
    fakes.addCredential.last.resolve(added);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.credentials).toEqual([demo, home, added]);
    expect(emitted.at(-1)).toEqual({ type: 'credentialsChanged', credentials: [demo, home, added] });
  });

  it('a failed add keeps the dialog open with the server message', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'OPEN_ADD' });
    actor.send({ type: 'SUBMIT_ADD', form });
    fakes.addCredential.last.reject(new ApiError(902003, 'malformed credential form'));
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'addDialog' })).toBe(true);
    expect(emitted.at(-1)).toEqual({ type: 'notify', severity: 'error', message: 'malformed credential form' });
  });

  it('delete asks first, then removes the credential and the local library data', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: 'home' });
    expect(actor.getSnapshot().matches({ ready: 'confirmingDelete' })).toBe(true);
    expect(actor.getSnapshot().context.pendingDelete).toEqual(home);
    actor.send({ type: 'CONFIRM' });
    expect(fakes.deleteCredential.last.input).toEqual({ id: 'home' });
    fakes.deleteCredential.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.credentials).toEqual([demo]);
    expect(emitted.slice(1)).toEqual([
      { type: 'libraryRemoved', url: home.url },
      { type: 'credentialsChanged', credentials: [demo] },
    ]);
  });

  it('cancelling the confirm dialog deletes nothing', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'DELETE', id: 'home' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
    expect(fakes.deleteCredential.calls).toHaveLength(0);
  });

  it('a controlled credential cannot be deleted', async () => {
    const { actor } = await ready();
    actor.send({ type: 'DELETE', id: 'demo' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
  });

  it('deleting one of two credentials of the same library keeps its local data', async () => {
    const second = cred('home2', home.url);
    const { actor, fakes, emitted } = await ready([home, second]);
    actor.send({ type: 'DELETE', id: 'home2' });
    actor.send({ type: 'CONFIRM' });
    fakes.deleteCredential.last.resolve();
    await flush();
    expect(emitted.some((e) => e.type === 'libraryRemoved')).toBe(false);
    expect(actor.getSnapshot().context.credentials).toEqual([home]);
  });

  it('a failed delete shows the server message and keeps the credential', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: 'home' });
    actor.send({ type: 'CONFIRM' });
    fakes.deleteCredential.last.reject(new ApiError(104002, 'controlled token'));
    await flush();
    expect(actor.getSnapshot().context.credentials).toEqual([demo, home]);
    expect(emitted.at(-1)).toEqual({ type: 'notify', severity: 'error', message: 'controlled token' });
  });

  it('RESET forgets everything (signed out)', async () => {
    const { actor } = await ready();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.credentials).toEqual([]);
  });
});
