// Sample events for `npm run paths -- libraries` and tests/machines/libraries.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

export const sampleCredential = { id: 'c1', name: '演示音乐库', url: 'http://127.0.0.1:8081', token: 'a.b.c', priority: 0, controlled: false };
const libraryForm = { name: 'Home', url: 'https://home.example', token: 'aaa.bbb.ccc', priority: '0' };

export const pathEvents: AnyEventObject[] = [
  { type: 'SUBMIT_ADD', form: libraryForm },
  { type: 'SUBMIT_ADD', form: { ...libraryForm, name: '' } },
  { type: 'DELETE', id: 'c1' },
  { type: 'xstate.done.actor.listCredentials', output: [sampleCredential] },
  // two credentials for one library: deleting one keeps the library's local data
  { type: 'xstate.done.actor.listCredentials', output: [sampleCredential, { ...sampleCredential, id: 'c3', name: '第二个Token' }] },
  { type: 'xstate.error.actor.listCredentials', error: new Error('未知网络错误') },
  { type: 'xstate.done.actor.addCredential', output: { ...sampleCredential, id: 'c2' } },
  { type: 'xstate.done.actor.deleteCredential' },
  { type: 'REFRESH' },
  { type: 'xstate.done.actor.refreshCredentials', output: [sampleCredential] },
  { type: 'xstate.error.actor.refreshCredentials', error: new Error('未知网络错误') },
];

/** Whether another credential reaches the same library decides where a deletion leads: the count is part of a walk's key. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, Math.min((snapshot.context as { credentials: unknown[] }).credentials.length, 2)]);
