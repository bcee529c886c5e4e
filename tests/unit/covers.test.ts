import { describe, expect, test, vi } from 'vitest';
import { CoverStore } from '@/services/covers';

const URL_A = 'https://lib.example/a1/cover';
const URL_B = 'https://lib.example/a2/cover';

/** a fetch whose answers the test releases by hand */
function controlledFetch() {
  const pending: { url: string; signal: AbortSignal; resolve: (r: Response) => void; reject: (e: unknown) => void }[] =
    [];
  const fetch = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal ?? new AbortController().signal;
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        pending.push({ url: String(input), signal, resolve, reject });
      }),
  );
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: fetch, pending };
}

function setup(maxBlobs?: number) {
  const net = controlledFetch();
  let n = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  const store = new CoverStore({
    fetch: net.fetch,
    createObjectURL: () => {
      const url = `blob:cover-${++n}`;
      created.push(url);
      return url;
    },
    revokeObjectURL: (url) => revoked.push(url),
    maxBlobs,
  });
  return { store, net, created, revoked };
}

const image = () =>
  new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 });
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

describe('CoverStore', () => {
  test('two viewers: one fetch, one object URL, both notified', async () => {
    const { store, net, created } = setup();
    const first = vi.fn();
    const second = vi.fn();
    store.subscribe(URL_A, first);
    store.subscribe(URL_A, second);
    expect(store.get(URL_A)).toEqual({ status: 'loading' });
    await settle();
    expect(net.calls).toHaveBeenCalledTimes(1);
    expect(net.pending[0]!.url).toBe(URL_A);

    net.pending[0]!.resolve(image());
    await settle();
    expect(store.get(URL_A)).toEqual({ status: 'ready', objectUrl: 'blob:cover-1' });
    expect(created).toEqual(['blob:cover-1']);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    // the snapshot is stable between changes (useSyncExternalStore)
    expect(store.get(URL_A)).toBe(store.get(URL_A));
  });

  test('a cover kept on this device (already an object URL) shows as it is: never fetched, never revoked here', async () => {
    const { store, net, created, revoked } = setup();
    const kept = 'blob:http://app.example/kept-cover';
    const viewer = vi.fn();
    const leave = store.subscribe(kept, viewer);
    expect(store.get(kept)).toEqual({ status: 'ready', objectUrl: kept });
    expect(net.calls).not.toHaveBeenCalled();
    leave();
    await settle();
    expect(created).toEqual([]);
    expect(revoked).toEqual([]);
  });

  test('revoked when the last viewer leaves; recreated from the kept blob without fetching', async () => {
    const { store, net, revoked, created } = setup();
    const leaveFirst = store.subscribe(URL_A, () => {});
    const leaveSecond = store.subscribe(URL_A, () => {});
    await settle();
    net.pending[0]!.resolve(image());
    await settle();

    leaveFirst();
    await settle();
    expect(revoked).toEqual([]);
    leaveSecond();
    await settle();
    expect(revoked).toEqual(['blob:cover-1']);
    expect(store.get(URL_A).status).toBe('loading');

    const onChange = vi.fn();
    store.subscribe(URL_A, onChange);
    expect(store.get(URL_A)).toEqual({ status: 'ready', objectUrl: 'blob:cover-2' });
    expect(created).toEqual(['blob:cover-1', 'blob:cover-2']);
    await settle();
    expect(net.calls).toHaveBeenCalledTimes(1);
  });

  test('leaving and coming back at once (StrictMode) keeps the fetch', async () => {
    const { store, net } = setup();
    store.subscribe(URL_A, () => {})();
    store.subscribe(URL_A, () => {});
    await settle();
    expect(net.pending[0]!.signal.aborted).toBe(false);
    expect(net.calls).toHaveBeenCalledTimes(1);
  });

  test('the fetch starts in a task of its own, not in the subscribe (a list subscribes all its covers in one task)', async () => {
    const { store, net } = setup();
    store.subscribe(URL_A, () => {});
    store.subscribe(URL_B, () => {});
    await Promise.resolve();
    expect(net.calls).not.toHaveBeenCalled();
    await settle();
    expect(net.pending.map((p) => p.url)).toEqual([URL_A, URL_B]);
  });

  test('everyone leaving before the fetch starts: nothing is fetched', async () => {
    const { store, net } = setup();
    store.subscribe(URL_A, () => {})();
    await settle();
    expect(net.calls).not.toHaveBeenCalled();
    expect(store.size).toBe(0);
  });

  test('everyone leaving mid-fetch aborts it; a later viewer fetches again', async () => {
    const { store, net, created } = setup();
    const leave = store.subscribe(URL_A, () => {});
    await settle();
    leave();
    await settle();
    expect(net.pending[0]!.signal.aborted).toBe(true);
    expect(created).toEqual([]);
    expect(store.size).toBe(0);

    store.subscribe(URL_A, () => {});
    await settle();
    expect(net.calls).toHaveBeenCalledTimes(2);
  });

  test('a 404 is an error, remembered', async () => {
    const { store, net } = setup();
    const onChange = vi.fn();
    const leave = store.subscribe(URL_A, onChange);
    await settle();
    net.pending[0]!.resolve(new Response('', { status: 404 }));
    await settle();
    expect(store.get(URL_A)).toEqual({ status: 'error' });
    expect(onChange).toHaveBeenCalledTimes(1);
    leave();
    await settle();
    store.subscribe(URL_A, () => {});
    await settle();
    expect(store.get(URL_A)).toEqual({ status: 'error' });
    expect(net.calls).toHaveBeenCalledTimes(1);
  });

  test('a network failure is an error, tried again once everyone left', async () => {
    const { store, net } = setup();
    const leave = store.subscribe(URL_A, () => {});
    await settle();
    net.pending[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(store.get(URL_A).status).toBe('error');
    store.subscribe(URL_A, () => {})();
    leave();
    await settle();
    store.subscribe(URL_A, () => {});
    await settle();
    expect(net.calls).toHaveBeenCalledTimes(2);
  });

  test('kept blobs are limited; the least recently used unshown one goes first', async () => {
    const { store, net } = setup(1);
    const leaveA = store.subscribe(URL_A, () => {});
    await settle();
    net.pending[0]!.resolve(image());
    await settle();
    leaveA();
    await settle();
    store.subscribe(URL_B, () => {});
    await settle();
    net.pending[1]!.resolve(image());
    await settle();
    expect(store.size).toBe(1);
    store.subscribe(URL_A, () => {});
    await settle();
    expect(net.calls).toHaveBeenCalledTimes(3);
  });
});
