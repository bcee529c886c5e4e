/**
 * The boot's longest main-thread task, in real headless Chromium against the reference server (as
 * the player bench starts it) and the built client: a PerformanceObserver for `longtask` (tasks
 * over 50 ms, buffered from the navigation on) installed before the app's scripts; the page is
 * loaded afresh each run and read once the network is idle and the page has had a quiet moment,
 * so the boot's later steps (session check, credentials, saved queue) are counted too.
 *
 * - the sign-in page: /user/login with nobody signed in, until its form shows;
 * - a signed-in reload: the demo account signed in once, then / reloaded, until the player bar shows.
 *
 * Reports medians (0 = no task over 50 ms); nothing here asserts speed. Page errors do fail the run.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../tools/browser';
import { signInAsDemo } from '../tools/signIn';
import { spawnServer, type TestServer } from '../tools/serverProcess';
import { REPO_ROOT } from './lib/paths';
import { collectErrors, row } from './lib/stats';
import type { BenchModule } from './lib/types';

export const BOOT_RUNS = 9;
export const BOOT_TASK_TARGET_MS = 100;

/** every long task from the navigation on, into window.__longTasks (durations in ms) */
const OBSERVE_LONG_TASKS = `(() => {
  const tasks = [];
  window.__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;

/** the page's longest task so far, once the network is idle and two idle callbacks have passed */
async function longestTask(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  // a string: tsx would name the inner function with a helper the page does not have
  return page.evaluate<number>(`new Promise((resolve) => {
    const settle = (left) => requestIdleCallback(() => (left === 0 ? resolve(Math.max(0, ...window.__longTasks)) : settle(left - 1)), { timeout: 2000 });
    settle(2);
  })`);
}

async function signInPage(browser: Browser, server: TestServer): Promise<number[]> {
  const tasks: number[] = [];
  for (let i = 0; i < BOOT_RUNS; i++) {
    const context = await browser.newContext();
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      collectErrors(page, errors);
      await page.addInitScript(OBSERVE_LONG_TASKS);
      await page.goto(`${server.baseUrl}/user/login`);
      await page.getByRole('button', { name: '登录' }).waitFor({ timeout: 30_000 });
      tasks.push(await longestTask(page));
      if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    } finally {
      await context.close();
    }
  }
  return tasks;
}

async function signedInReload(browser: Browser, server: TestServer): Promise<number[]> {
  const context = await browser.newContext();
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    collectErrors(page, errors);
    await page.addInitScript(OBSERVE_LONG_TASKS);
    await signInAsDemo(page, server);
    // the first sync after signing in is the sync bench's; the reloads below start from a synced library
    await page.waitForLoadState('networkidle');
    const tasks: number[] = [];
    for (let i = 0; i < BOOT_RUNS; i++) {
      await page.reload();
      await page.locator('footer').waitFor({ timeout: 30_000 });
      tasks.push(await longestTask(page));
    }
    if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return tasks;
  } finally {
    await context.close();
  }
}

export const bootBench: BenchModule = {
  name: 'boot',
  title: `Boot's longest main-thread task in Chromium (longtask observer, median of ${BOOT_RUNS})`,
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'error' });
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-boot-bench-'));
    const [server, browser] = await Promise.all([spawnServer({ dataDir, removeDataDir: true }), launchBrowser()]);
    try {
      const signIn = await signInPage(browser, server);
      const reload = await signedInReload(browser, server);
      return {
        rows: [row('sign-in page: longest task of the boot', signIn, BOOT_TASK_TARGET_MS), row('signed-in reload of /: longest task of the boot', reload, BOOT_TASK_TARGET_MS)],
        notes: ['A task counts from 50 ms (the longtask threshold); 0 = none that long. Read once the network is idle and two idle callbacks have run.'],
        data: { signIn, reload, targetMs: BOOT_TASK_TARGET_MS },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
