import { describe, expect, it } from 'vitest';
import { busyWait, busyWaitAfterFailure, retryAfterMs } from '@/services/libraryBusy';

// A library busy with transcodes answers 503 with Retry-After (services/libraryBusy.ts).
describe('a busy library', () => {
  it('Retry-After is read as seconds or as a date; anything else is not read', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:04 GMT', now)).toBe(4000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('waits at least as long as asked and twice the last wait, three times, never over 5 s', () => {
    expect([0, 1, 2].map((attempt) => busyWait(attempt, null))).toEqual([1000, 2000, 4000]);
    expect(busyWait(0, '3')).toBe(3000);
    expect(busyWait(3, '1')).toBeNull();
    expect(busyWait(0, '6')).toBeNull();
  });

  it('after a failed element: a busy answer gives the wait, any other none; a kept track is never asked', async () => {
    const asked: string[] = [];
    const answering = (status: number) => async (url: RequestInfo | URL, init?: RequestInit) => {
      // the app's own request: the token in the header, nothing kept by the HTTP cache
      asked.push(`${String(url)} ${new Headers(init?.headers).get('authorization')} ${init?.cache}`);
      return new Response('x', { status, headers: status === 503 ? { 'retry-after': '2' } : {} });
    };
    expect(await busyWaitAfterFailure(answering(503), 'https://lib.example/a/1/1?auth=t', 0)).toBe(2000);
    expect(await busyWaitAfterFailure(answering(200), 'https://lib.example/a/1/1?auth=t', 0)).toBeNull();
    expect(await busyWaitAfterFailure(answering(503), 'blob:https://app.example/kept', 0)).toBeNull();
    expect(asked).toEqual(['https://lib.example/a/1/1 t no-store', 'https://lib.example/a/1/1 t no-store']);
  });
});
