// Toast messages (docs/behaviour.md#loader-and-toasts): added with isShow true, hidden one by one
// (by the user or after TOAST_AUTO_HIDE_MS), and all cleared at once.
import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import { TOAST_AUTO_HIDE_MS } from '@/shared/firstPageConstants';
import type { Severity } from '@/shared/effects';

export interface Message {
  id: number;
  type: Severity;
  message: string;
  isShow: boolean;
}

export interface MessagesContext {
  messages: Message[];
  nextId: number;
}

export type MessagesEvent =
  | { type: 'ADD'; severity: Severity; message: string }
  | { type: 'HIDE'; id: number }
  | { type: 'CLEAR' };

/** Hidden messages are dropped beyond this many so a long session does not grow without bound. */
const KEEP_HIDDEN = 20;

export const messagesMachine = setup({
  types: { context: {} as MessagesContext, events: {} as MessagesEvent },
  delays: { toastAutoHide: TOAST_AUTO_HIDE_MS },
  actions: {
    addMessage: assign(({ context, event }) => {
      if (event.type !== 'ADD') return {};
      const message: Message = { id: context.nextId, type: event.severity, message: event.message, isShow: true };
      return { messages: [...context.messages, message], nextId: context.nextId + 1 };
    }),
    scheduleHide: raise(({ context }) => ({ type: 'HIDE' as const, id: context.nextId - 1 }), {
      delay: 'toastAutoHide',
    }),
    hideMessage: assign({
      messages: ({ context, event }) => {
        if (event.type !== 'HIDE') return context.messages;
        const next = context.messages.map((m) => (m.id === event.id ? { ...m, isShow: false } : m));
        const hidden = next.filter((m) => !m.isShow);
        if (hidden.length <= KEEP_HIDDEN) return next;
        const drop = new Set(hidden.slice(0, hidden.length - KEEP_HIDDEN).map((m) => m.id));
        return next.filter((m) => !drop.has(m.id));
      },
    }),
    clearMessages: assign({ messages: [] }),
  },
}).createMachine({
  description: 'The toasts: each shows until closed or until it hides by itself; all go at once on CLEAR.',
  id: 'messages',
  context: { messages: [], nextId: 1 },
  on: {
    ADD: { actions: ['addMessage', 'scheduleHide'] },
    HIDE: { actions: 'hideMessage' },
    CLEAR: { actions: 'clearMessages' },
  },
});

export type MessagesRef = ActorRefFrom<typeof messagesMachine>;
