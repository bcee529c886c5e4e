// Toasts: top centre, one per visible message; the messages machine hides them after 5 s.
// The toast component loads with the first message, keeping it out of the first page.
import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useMessages } from '../context';

const ToastStack = lazy(() => import('./ToastStack'));

export function Toasts() {
  const messages = useMessages();
  const visible = useSelector(
    messages,
    (s) => s.context.messages.filter((m) => m.isShow),
    (a, b) => a.length === b.length && a.every((m, i) => m.id === b[i]?.id),
  );
  if (visible.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack messages={visible} onHide={(id) => messages.send({ type: 'HIDE', id })} />
    </Suspense>
  );
}
