// An actor loaded after the first page (src/shared/loadedLater.ts): created once, on the first ask;
// `loaded` waits without asking; a failed load is tried again by the next ask.
import { describe, expect, it, vi } from 'vitest';
import { loadedLater } from '@/shared/loadedLater';

describe('loadedLater', () => {
  it('creates nothing until asked, then once for every ask', async () => {
    const create = vi.fn(async () => ({ name: 'keeping' }));
    const later = loadedLater(create);
    expect(later.current()).toBeNull();
    expect(create).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([later.ready(), later.ready()]);
    expect(a).toBe(b);
    expect(later.current()).toBe(a);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('`loaded` never asks: it resolves once something else did', async () => {
    const create = vi.fn(async () => 'sync');
    const later = loadedLater(create);
    let seen: string | null = null;
    void later.loaded.then((value) => (seen = value));
    await Promise.resolve();
    expect(create).not.toHaveBeenCalled();
    await later.ready();
    await Promise.resolve();
    expect(seen).toBe('sync');
  });

  it('a failed load is tried again by the next ask', async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce('lyrics');
    const later = loadedLater<string>(create);
    await expect(later.ready()).rejects.toThrow('chunk failed');
    expect(later.current()).toBeNull();
    expect(await later.ready()).toBe('lyrics');
    expect(create).toHaveBeenCalledTimes(2);
  });
});
