// A Cache Storage for tests in Node (which has none), at the edge as fake-indexeddb is: what the
// app stores in it is read back as it was put. `put` reads the whole body before it stores, as a
// browser only shows an entry once its body is whole; a body that fails keeps nothing.

class FakeCache {
  private readonly entries = new Map<string, { body: ArrayBuffer; headers: [string, string][] }>();

  async put(request: string, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(request, { body, headers: [...response.headers] });
  }

  async match(request: string): Promise<Response | undefined> {
    const entry = this.entries.get(request);
    return entry && new Response(entry.body.slice(0), { headers: entry.headers });
  }

  async delete(request: string): Promise<boolean> {
    return this.entries.delete(request);
  }

  async keys(): Promise<string[]> {
    return [...this.entries.keys()];
  }
}

export class FakeCacheStorage {
  private readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }
}

/** installs a fresh fake as `globalThis.caches`; returns it */
export function installFakeCaches(): FakeCacheStorage {
  const storage = new FakeCacheStorage();
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true, writable: true });
  return storage;
}
