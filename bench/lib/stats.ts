// What the browser benchmarks share: medians, a table row against a target, and a page's errors.
import type { Page } from 'playwright-core';
import type { Cell } from './types';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (ms: number): number => Math.round(ms * 10) / 10;

/** one table row: median, min and max of `values`, and whether the median meets `target` (null: for information) */
export function row(measurement: string, values: number[], target: number | null): Record<string, Cell> {
  const med = median(values);
  return {
    measurement,
    runs: values.length,
    'median ms': round(med),
    'min ms': round(Math.min(...values)),
    'max ms': round(Math.max(...values)),
    target: target === null ? '(info)' : `< ${target} ms`,
    met: target === null ? '-' : med < target ? 'yes' : 'NO',
  };
}

/** records the page's uncaught errors and console errors into `errors` */
export function collectErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
}
