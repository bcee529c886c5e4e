// Playwright traces for e2e tests: every browser context a test opens through the suite records a
// trace; when the test fails, a screenshot of each page and the traces are saved and the error names
// the files. The interface paths (tests/e2e/paths/runPath.ts) trace every path; a test that once
// failed in a way its message could not explain traces itself with `tracedOnFailure`. Nothing of a
// test runner in it: the exported Playwright files use it too.
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Suite } from './suite';

/** Where a failed test's screenshots and traces go unless the caller says (gitignored). */
const TRACES_DIR = join('test-results', 'traces');

/**
 * Runs `body` with a suite whose browser traces each context it opens; when the body throws, saves
 * `<name>.png` / `<name>.trace.zip` in `dir` and names them in the error.
 */
export async function tracedOnFailure(
  suite: Suite,
  name: string,
  body: (suite: Suite) => Promise<void>,
  dir = TRACES_DIR,
): Promise<void> {
  const traced = tracedSuite(suite);
  try {
    await body(traced.suite);
  } catch (error) {
    throw failureWithArtifacts(error, await traced.save(dir, name));
  } finally {
    await traced.close();
  }
}

/** The error with the files saved for it named at the end of its message. */
export function failureWithArtifacts(error: unknown, files: readonly string[]): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  if (files.length)
    failure.message += `\nSaved for this failure: ${files.map((file) => relative(process.cwd(), file) || file).join(', ')}`;
  return failure;
}

export interface TracedSuite {
  /** the suite the adapter gets: its browser's new contexts record a trace */
  suite: Suite;
  /** Saves a screenshot of each page and the trace of each context opened so far; returns the files. */
  save(dir: string, name: string): Promise<string[]>;
  /** Closes every context opened (an adapter's stop may have closed them already). */
  close(): Promise<void>;
}

// a screenshot of a page that hangs must not hang the report of its failure
const SCREENSHOT_TIMEOUT_MS = 15_000;

/** The suite with a browser whose `newContext` starts a trace (actions, DOM snapshots, console, network) in each context. */
export function tracedSuite(suite: Suite): TracedSuite {
  const contexts: BrowserContext[] = [];
  let browser: Browser | undefined;
  const tracing = (real: Browser): Browser =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'newContext') {
          return async (...args: Parameters<Browser['newContext']>) => {
            const context = await target.newContext(...args);
            // DOM snapshots before and after each action; no screencast, which costs a loaded
            // machine more than it shows (the failure's own screenshot is saved beside the trace)
            await context.tracing.start({ snapshots: true, sources: false });
            contexts.push(context);
            return context;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    suite: {
      get server() {
        return suite.server;
      },
      get browser() {
        browser ??= tracing(suite.browser);
        return browser;
      },
    },
    async save(dir, name) {
      if (!contexts.length) return [];
      await mkdir(dir, { recursive: true });
      const files: string[] = [];
      for (const [c, context] of contexts.entries()) {
        const ofContext = contexts.length > 1 ? `-context-${c + 1}` : '';
        for (const [p, page] of context.pages().entries()) {
          const file = join(dir, `${name}${ofContext}${p > 0 ? `-page-${p + 1}` : ''}.png`);
          if (
            await page.screenshot({ path: file, fullPage: true, timeout: SCREENSHOT_TIMEOUT_MS }).then(
              () => true,
              () => false,
            )
          )
            files.push(file);
        }
        const trace = join(dir, `${name}${ofContext}.trace.zip`);
        if (
          await context.tracing.stop({ path: trace }).then(
            () => true,
            () => false,
          )
        )
          files.push(trace);
      }
      return files;
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => {})));
    },
  };
}
