// What the user page's views read of the account actor: narrow selectors over context, never state names.
import type { AccountForm, AccountSnapshot } from './accountMachine';

export const formErrorOf = (form: AccountForm) => (s: AccountSnapshot) =>
  s.context.formError?.form === form ? s.context.formError.message : null;

/** recovery codes just handed out, shown once; null when there are none to show */
export const shownRecoveryCodesOf = (s: AccountSnapshot) => s.context.recoveryCodes;
