// Sample events for `npm run paths -- libraries` and tests/machines/libraries.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

export const sampleCredential = {
  id: 'c1',
  name: '演示音乐库',
  url: 'http://127.0.0.1:8081',
  token: 'a.b.c',
  priority: 0,
  controlled: false,
};
const libraryForm = { name: 'Home', url: 'https://home.example', token: 'aaa.bbb.ccc', priority: '0' };

export const pathEvents: AnyEventObject[] = [
  { type: 'SUBMIT_ADD', form: libraryForm },
  { type: 'SUBMIT_ADD', form: { ...libraryForm, name: '' } },
  { type: 'DELETE', id: 'c1' },
  { type: 'xstate.done.actor.listCredentials', output: [sampleCredential] },
  // two credentials for one library: deleting one keeps the library's local data
  {
    type: 'xstate.done.actor.listCredentials',
    output: [sampleCredential, { ...sampleCredential, id: 'c3', name: '第二个Token' }],
  },
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

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  RESET: 'the listener signs out',
  LOAD: 'someone is signed in (just now, or as the app opens), or the listener presses 重试 on the 音频仓库 page',
  'xstate.done.actor.listCredentials': "the server lists the user's libraries",
  'xstate.error.actor.listCredentials': 'the libraries cannot be read (a toast says why)',
  OPEN_ADD: 'the listener presses 添加音频仓库',
  DELETE: 'the listener presses 删除 on a library',
  REFRESH: 'a library refuses its token (the libraries are read again for a renewed one)',
  'xstate.done.actor.refreshCredentials': 'the server lists the libraries again, with renewed tokens',
  'xstate.error.actor.refreshCredentials': 'the libraries cannot be read again',
  CLOSE: 'the listener closes the dialog (取消)',
  SUBMIT_ADD: 'the listener fills in 名称, URL, Token, 优先级 and presses 确定',
  'xstate.done.actor.addCredential': 'the server adds the library',
  'xstate.error.actor.addCredential': 'the server refuses the library (its message shows in the dialog)',
  CONFIRM: 'the listener presses 确定 in the 确认删除音频仓库 dialog',
  'xstate.done.actor.deleteCredential': 'the server deletes the library',
  'xstate.error.actor.deleteCredential': 'the server refuses to delete the library (a toast says why)',
};
