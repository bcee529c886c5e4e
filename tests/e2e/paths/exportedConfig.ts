// The Playwright configuration of exported interface paths: the export's playwright.config.ts is
// `export default exportedPathsConfig()`. The system Chromium (CHROMIUM_PATH, else
// /usr/bin/chromium: Playwright's own browsers are never downloaded), one path at a time (paths of
// one account would race), and the export's tsconfig.json, which maps the adapters' `vitest`
// expect to Playwright's (exportedExpect.ts).
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../../harness/browser';
import { chromiumPath } from '../../../harness/chromium';
import { PATH_TIMEOUT_MS } from './runPath';

export function exportedPathsConfig(): PlaywrightTestConfig {
  return defineConfig({
    tsconfig: './tsconfig.json',
    testMatch: '*.spec.ts',
    workers: 1,
    timeout: PATH_TIMEOUT_MS,
    reporter: [['list']],
    use: {
      browserName: 'chromium',
      headless: true,
      launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    },
  });
}
