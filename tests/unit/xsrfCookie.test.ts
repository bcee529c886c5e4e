// @vitest-environment happy-dom
// biome-ignore-all lint/suspicious/noDocumentCookie: the test writes the cookie the client reads
import { afterEach, expect, test } from 'vitest';
import { createApiClient, readDocumentCookie } from '@/services/api/client';
import { BASE, envelope, fakeFetch } from './fakeFetch';

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = 'other=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

test('by default the XSRF-TOKEN cookie is read from document.cookie', async () => {
  const { fetch, calls } = fakeFetch(() => envelope(null));
  const api = createApiClient({ baseURL: BASE, fetch });
  await api.post('/api/user/logout');
  expect(calls[0]?.headers.has('x-xsrf-token')).toBe(false);

  document.cookie = 'other=1';
  document.cookie = 'XSRF-TOKEN=a%20b';
  expect(readDocumentCookie('XSRF-TOKEN')).toBe('a b');
  expect(readDocumentCookie('missing')).toBeUndefined();
  await api.post('/api/user/logout');
  expect(calls[1]?.headers.get('x-xsrf-token')).toBe('a b');
});
