// The account's machine with its real actors, as the session spawns it when the user page opens. The
// app hands the session a loader of this file, so none of the account's code is in the first page.
import type { ApiClient } from '@/services/api/client';
import { accountMachine } from './accountMachine';
import { defineAccountActors } from './actors';

export function accountLogic(api: ApiClient) {
  return accountMachine.provide({ actors: defineAccountActors({ api }) });
}
