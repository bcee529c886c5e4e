// Toasts (docs/behaviour.md#loader-and-toasts): the messages machine keeps them, the Toasts view shows them. Every feature's
// `notify` events end here (src/app/system.ts routes them).
export { messagesMachine } from './messagesMachine';
export { MessagesProvider } from './context';
export { Toasts } from './components/Toasts';
