import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector, in the dev build only and only when asked with `?inspect` in the URL.
 * Pass the result to `createActor(machine, { inspect })`. `import.meta.env.DEV` is a constant
 * false in production, so the bundler drops the branch and the dynamic import with it.
 */
export async function maybeInspector(): Promise<((event: InspectionEvent) => void) | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  return (event) => inspector.inspect.next?.(event);
}
