// The real reference server and Chromium for one e2e test file: both started before its tests and
// stopped after them.
//
//   const suite = serverAndBrowser();
//   test('…', async () => { const { page } = await newPage(suite.browser); await page.goto(suite.server.baseUrl); });
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../harness/browser';
import { startServer, type StartServerOptions, type TestServer } from './server';

export interface Suite {
  readonly server: TestServer;
  readonly browser: Browser;
}

export function serverAndBrowser(options: StartServerOptions = {}): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the e2e suite starts the server and browser in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
