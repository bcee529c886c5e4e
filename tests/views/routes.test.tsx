import { Component, Suspense, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { preloadPage, routes } from '@/app/routes';

// A page loaded before the first render (main.tsx awaits preloadPage) must render without
// suspending: a suspended first render shows the fallback, and React then holds the page back
// ~300 ms (its fallback throttle) on every cold start.

/** the page itself may throw here (no providers around it): that happens after it did not suspend */
class Catch extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>page rendered</p> : this.props.children;
  }
}

/** renders a route's page under a Suspense whose fallback counts its renders */
async function renderCounting(path: string, table = routes) {
  const Page = table.find((r) => r.path === path)!.page as () => ReactNode;
  const fallback = vi.fn();
  // biome-ignore lint/correctness/noComponentHookFactories: a fallback per call, counting that call's renders
  function Fallback() {
    fallback();
    return null;
  }
  const view = await act(async () =>
    render(
      <Catch>
        <Suspense fallback={<Fallback />}>
          <Page />
        </Suspense>
      </Catch>,
    ),
  );
  return { fallback, view };
}

describe('code-split pages', () => {
  const quietly = async (run: () => Promise<void>) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await run();
    } finally {
      quiet.mockRestore();
    }
  };

  test('a page preloaded before its first render does not suspend (its fallback never shows)', () =>
    quietly(async () => {
      await preloadPage('/queue');
      const { fallback } = await renderCounting('/queue');
      expect(fallback).not.toHaveBeenCalled();
    }));

  test('a page not loaded yet suspends once, then renders', () =>
    quietly(async () => {
      // the project's files share their modules (vitest.config.ts): another file may have loaded
      // the page already, so the route table is imported afresh, its pages not loaded yet
      vi.resetModules();
      const fresh = await import('@/app/routes');
      const { fallback, view } = await renderCounting('/now', fresh.routes);
      expect(fallback).toHaveBeenCalled();
      await view.findByText('page rendered');
    }));
});
