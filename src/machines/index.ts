export const machines = {} as Record<string, import('xstate').AnyStateMachine>;
