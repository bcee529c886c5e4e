// What the account's machine and form rules (features/account) build on, without the session's views
// and start (they run under Node too, in the model paths): the rules of codes and nicknames, and the
// reports the session hears from the account it spawns.
export { blank, codeError, nicknameTooLong, normalCode, totpCodeError } from './forms';
export type { AccountReport } from './sessionMachine';
