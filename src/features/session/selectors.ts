import type { SnapshotFrom } from 'xstate';
import type { sessionMachine, SessionForm } from './sessionMachine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const formErrorOf = (form: SessionForm) => (s: SessionSnapshot) =>
  s.context.formError?.form === form ? s.context.formError.message : null;
