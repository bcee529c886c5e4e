/**
 * Real headless Chromium (the system one, through playwright-core) for the e2e tests.
 *
 *   const browser = await launchBrowser();
 *   const { page, expectNoErrors } = await newPage(browser, { baseURL: server.baseUrl });
 *   await page.goto('/');
 *   ...
 *   expectNoErrors();
 *   await browser.close();
 *
 * Every `newPage` gets its own context (fresh cookies, localStorage and IndexedDB), like a new
 * private window; the browser profile itself is a temporary directory Playwright removes on close.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { chromiumPath } from './chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * How long a page's waits and actions wait (Playwright's default is 30 s): what the page shows is
 * waited for, and on the 2-core machine running e2e files side by side, a library sync or a
 * transcode behind it can take longer than 30 s without anything being wrong.
 */
const PAGE_WAIT_MS = 45_000;

export interface NewPageOptions extends BrowserContextOptions {
  /** Console errors matching any of these are not counted (e.g. an expected 404 in the console). */
  ignoreConsole?: readonly RegExp[];
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** `console.error` messages and uncaught page errors, in order. */
  errors: string[];
  /** Throws listing every console or page error seen so far. */
  expectNoErrors(): void;
  close(): Promise<void>;
}

/**
 * A page in a fresh context that records console errors and uncaught exceptions.
 *
 * Its context runs no service worker unless `serviceWorkers: 'allow'` is given. The app registers
 * its worker on every first visit, and the worker then downloads the whole app into its cache: in a
 * fresh context that is about 40 % of the browser's CPU for one page (docs/performance.md, the test
 * run), spent again by every context of every file. The files about the installed app (offline,
 * what the worker precaches) allow it.
 */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<TestPage> {
  const { ignoreConsole = [], ...contextOptions } = options;
  const context = await browser.newContext({ serviceWorkers: 'block', ...contextOptions });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (ignoreConsole.some((pattern) => pattern.test(text))) return;
    const { url, lineNumber } = message.location();
    errors.push(`console.error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.stack ?? error.message}`));
  return {
    page,
    context,
    errors,
    expectNoErrors() {
      if (errors.length > 0) throw new Error(`The page reported ${errors.length} error(s):\n${errors.join('\n')}`);
    },
    close: () => context.close(),
  };
}
