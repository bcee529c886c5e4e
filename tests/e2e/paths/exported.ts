// The Playwright side of exported interface paths (`npm run paths:ui -- --export DIR`, written by
// exportPaths.ts): the site the paths run against, from the environment; the test fixture that
// gives it to each path; and the run of one listed path, by the same runPath the e2e suite uses.
// A file lists each path's steps; the run plans the machine's paths again (the same seed gives the
// same paths) and refuses to run a path that is no longer the one listed.
import { test as base } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD, type TestServer } from '../../../harness/serverProcess';
import type { Suite } from '../support/suite';
import type { AnyInterfaceAdapter } from './adapter';
import { listedSteps, type InterfacePlan } from './plan';
import { planOf, runPath } from './runPath';

/** The environment an exported run reads, with what each is for. */
export const SITE_ENV = {
  BASE_URL: 'the address of the site, e.g. https://music.example.org (required)',
  DEMO_EMAIL: `the account the paths sign in with (default ${DEMO_EMAIL}, the reference server's demo account)`,
  DEMO_PASSWORD: "its password (default the demo account's)",
  LIBRARY_URL: "the library the demo user's tracks stream from (the player's paths hold its stream requests)",
} as const;

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** The site as the adapters' `suite.server`: its address and the demo account, from the environment. */
export function siteServer(env: NodeJS.ProcessEnv = process.env): TestServer {
  const baseUrl = env.BASE_URL;
  if (!baseUrl) throw new Error(`BASE_URL is not set: ${SITE_ENV.BASE_URL}`);
  const suiteOnly = (what: string) =>
    new Error(`${what} belongs to the reference server the e2e suite starts: an exported path cannot use it`);
  return {
    baseUrl: trimmed(baseUrl),
    get libraryUrl(): string {
      if (!env.LIBRARY_URL) throw new Error(`LIBRARY_URL is not set: ${SITE_ENV.LIBRARY_URL}`);
      return trimmed(env.LIBRARY_URL);
    },
    demo: { email: env.DEMO_EMAIL || DEMO_EMAIL, password: env.DEMO_PASSWORD || DEMO_PASSWORD },
    get dataDir(): string {
      throw suiteOnly('the data folder');
    },
    get pid(): number {
      throw suiteOnly('the server process');
    },
    logs() {
      throw suiteOnly("the server's logs");
    },
    // the site runs on: nothing to stop
    stop: async () => {},
  };
}

/** Playwright's test with `site`: the suite an adapter's start gets (the site, Playwright's browser). */
export const test = base.extend<{ site: Suite }>({
  site: async ({ browser }, use) => {
    await use({ server: siteServer(), browser });
  },
});

/**
 * The run of the adapter's listed paths: `run(n, steps, site)` runs path n of the machine's plan
 * once its steps are those listed. A failure's screenshot and trace go to the test's output folder.
 */
export function exportedPaths(
  adapter: AnyInterfaceAdapter,
): (n: number, listed: readonly string[], site: Suite) => Promise<void> {
  let plan: InterfacePlan | undefined;
  return async (n, listed, site) => {
    plan ??= planOf(adapter);
    const path = plan.paths[n - 1];
    const planned = path ? listedSteps(path) : [];
    const differs = planned.findIndex((line, i) => line !== listed[i]);
    if (!path || differs !== -1 || planned.length !== listed.length) {
      const at = differs === -1 ? Math.min(planned.length, listed.length) : differs;
      throw new Error(
        `${adapter.machine} path ${n} is not the path this file lists (its machine, samples or adapter changed since the export): ` +
          `line ${at + 1} lists ${JSON.stringify(listed[at] ?? '(nothing)')}, the plan now has ${JSON.stringify(planned[at] ?? '(nothing)')}. ` +
          'Export again: npm run paths:ui -- --export DIR',
      );
    }
    await runPath(adapter, site, path, { artifactsDir: test.info().outputDir });
  };
}
