import type { InspectionEvent } from 'xstate';
import { text } from '@/shared/firstPageText';

/**
 * The Stately inspector, only when asked with `?inspect` in the URL, in the dev build and the built
 * site alike. Pass the result to `createActor(machine, { inspect })`. The inspector's code is a
 * chunk of its own, loaded only then, so the first page does not grow. On the built site a listener
 * may have followed someone's link: the inspector window sees every actor's context (the session,
 * the libraries' tokens), so the page asks first, and a refusal opens the app without it.
 */
export async function maybeInspector(): Promise<((event: InspectionEvent) => void) | undefined> {
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  if (import.meta.env.PROD && !window.confirm(text.appStatus.inspectConfirm)) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  return (event) => inspector.inspect.next?.(event);
}
