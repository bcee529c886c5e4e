import { afterEach, expect, test, vi } from 'vitest';
import { sha256Hex } from '@/services/crypto';

afterEach(() => {
  vi.unstubAllGlobals();
});

test.each([
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['密码', 'a621ab606db2a11f63edc576a729843b8269250dc324206871d90635ac5e531c'],
])('sha256Hex(%j)', async (input, hex) => {
  await expect(sha256Hex(input)).resolves.toBe(hex);
});

test('without crypto.subtle it fails with the catalogue text', async () => {
  vi.stubGlobal('crypto', {});
  await expect(sha256Hex('abc')).rejects.toThrow('浏览器版本过低或没有运行在HTTPS环境');
  vi.stubGlobal('crypto', undefined);
  await expect(sha256Hex('abc')).rejects.toThrow('浏览器版本过低或没有运行在HTTPS环境');
});
