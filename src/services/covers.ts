// Covers are fetched as blobs and shown from object URLs (docs/behaviour.md#streaming-and-library-choice). The store is built for
// useSyncExternalStore: `get` returns a stable snapshot per URL, `subscribe` drives the work.
// - a URL is fetched once while its blob is kept (LRU of blobs; shown covers are never evicted);
// - an object URL exists while someone shows the cover and is revoked when the last one leaves;
// - a fetch whose viewers all left before it finished is aborted;
// - a fetch starts in a task of its own, not in the subscribe: a list's covers subscribe in the task
//   that renders the list, and starting a shelf's 20 fetches there was half or more of the long
//   task each shelf of 主页 landed in (docs/performance.md, home).
// Releasing waits one microtask, so an unsubscribe immediately followed by a subscribe (React's
// StrictMode, a re-render with the same URL) neither aborts the fetch nor revokes the URL.

type CoverStatus = 'loading' | 'ready' | 'error';

export interface CoverSnapshot {
  status: CoverStatus;
  objectUrl?: string;
}

export interface CoverStoreOptions {
  fetch?: typeof globalThis.fetch;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (url: string) => void;
  /** blobs kept for covers nobody shows right now */
  maxBlobs?: number;
}

interface Entry {
  snapshot: CoverSnapshot;
  blob?: Blob;
  /** the server said no (e.g. 404): remembered, not asked again while the entry is kept */
  failed: boolean;
  controller?: AbortController;
  listeners: Set<{ onChange: () => void }>;
}

const LOADING: CoverSnapshot = Object.freeze({ status: 'loading' });
const ERROR: CoverSnapshot = Object.freeze({ status: 'error' });
const DEFAULT_MAX_COVER_BLOBS = 300;

export class CoverStore {
  private readonly entries = new Map<string, Entry>();
  private readonly options: CoverStoreOptions;

  constructor(options: CoverStoreOptions = {}) {
    this.options = options;
  }

  get(url: string): CoverSnapshot {
    return this.entries.get(url)?.snapshot ?? LOADING;
  }

  subscribe(url: string, onChange: () => void): () => void {
    const entry = this.entry(url);
    const listener = { onChange };
    entry.listeners.add(listener);
    this.show(url, entry);
    return () => {
      if (!entry.listeners.delete(listener) || entry.listeners.size > 0) return;
      queueMicrotask(() => this.release(url, entry));
    };
  }

  /** covers currently kept (for tests and diagnostics) */
  get size(): number {
    return this.entries.size;
  }

  private entry(url: string): Entry {
    let entry = this.entries.get(url);
    if (entry) {
      // most recently used goes last
      this.entries.delete(url);
    } else {
      entry = { snapshot: LOADING, failed: false, listeners: new Set() };
    }
    this.entries.set(url, entry);
    return entry;
  }

  private show(url: string, entry: Entry): void {
    // errors stay until everyone leaves (then a network failure is tried again, a refusal is kept)
    if (entry.failed || entry.controller || entry.snapshot !== LOADING) return;
    // a cover kept on this device comes as an object URL already: shown as it is, never fetched
    // (the page's connect-src has no blob:) and never revoked here (its maker owns it)
    if (url.startsWith('blob:')) {
      this.update(entry, { status: 'ready', objectUrl: url });
      return;
    }
    if (entry.blob) {
      this.update(entry, { status: 'ready', objectUrl: this.createObjectURL(entry.blob) });
      return;
    }
    const controller = new AbortController();
    entry.controller = controller;
    // everyone may have left before it starts: release() has aborted it then
    setTimeout(() => {
      if (!controller.signal.aborted) void this.load(url, entry, controller);
    }, 0);
  }

  private async load(url: string, entry: Entry, controller: AbortController): Promise<void> {
    const fetch = this.options.fetch ?? globalThis.fetch;
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) {
        entry.failed = true;
        throw new Error(`cover ${response.status}`);
      }
      const blob = await response.blob();
      if (controller.signal.aborted) return;
      entry.blob = blob;
      entry.controller = undefined;
      this.update(
        entry,
        entry.listeners.size > 0 ? { status: 'ready', objectUrl: this.createObjectURL(blob) } : LOADING,
      );
      this.evict();
    } catch {
      if (controller.signal.aborted) return;
      entry.controller = undefined;
      this.update(entry, ERROR);
    }
  }

  private release(url: string, entry: Entry): void {
    if (entry.listeners.size > 0 || this.entries.get(url) !== entry) return;
    if (entry.controller) {
      entry.controller.abort();
      this.entries.delete(url);
      return;
    }
    if (entry.snapshot.objectUrl) {
      if (entry.snapshot.objectUrl !== url) this.revokeObjectURL(entry.snapshot.objectUrl);
      entry.snapshot = LOADING;
    }
    if (!entry.blob && !entry.failed) this.entries.delete(url);
    this.evict();
  }

  /** drops the least recently used covers nobody shows, beyond the limit */
  private evict(): void {
    const max = this.options.maxBlobs ?? DEFAULT_MAX_COVER_BLOBS;
    let excess = this.entries.size - max;
    for (const [url, entry] of this.entries) {
      if (excess <= 0) break;
      if (entry.listeners.size > 0 || entry.controller) continue;
      if (entry.snapshot.objectUrl && entry.snapshot.objectUrl !== url) this.revokeObjectURL(entry.snapshot.objectUrl);
      this.entries.delete(url);
      excess--;
    }
  }

  private update(entry: Entry, snapshot: CoverSnapshot): void {
    entry.snapshot = snapshot;
    for (const listener of [...entry.listeners]) listener.onChange();
  }

  private createObjectURL(blob: Blob): string {
    return this.options.createObjectURL ? this.options.createObjectURL(blob) : URL.createObjectURL(blob);
  }

  private revokeObjectURL(url: string): void {
    if (this.options.revokeObjectURL) this.options.revokeObjectURL(url);
    else URL.revokeObjectURL(url);
  }
}

/** the app's one cover store */
export const coverStore = new CoverStore();
