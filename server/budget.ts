/*
 * How much of something each key may do per window (plays per user, registrations per address):
 * a fixed window per key that starts at its first use, in memory (a restart forgets it), at most
 * `maxKeys` windows (past that, the windows that have ended are dropped, then the oldest).
 */

export interface BudgetOptions {
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
  perWindow: number;
  windowMs?: number;
  maxKeys?: number;
}

interface Window {
  startedAt: number;
  used: number;
}

export class Budget<K extends string | number> {
  private readonly windows = new Map<K, Window>();
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  readonly perWindow: number;

  constructor(options: BudgetOptions) {
    this.now = options.now ?? (() => Date.now());
    this.perWindow = options.perWindow;
    this.windowMs = options.windowMs ?? 3600_000;
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /** Takes `amount` from the key's budget; false (and nothing taken) when it does not fit. */
  take(key: K, amount: number): boolean {
    const window = this.current(key) ?? this.open(key, this.now());
    if (window.used + amount > this.perWindow) return false;
    window.used += amount;
    return true;
  }

  /** The key's window if it has not ended. */
  private current(key: K): Window | undefined {
    const window = this.windows.get(key);
    return window && this.now() - window.startedAt < this.windowMs ? window : undefined;
  }

  private open(key: K, now: number): Window {
    const window = { startedAt: now, used: 0 };
    this.windows.delete(key);
    this.windows.set(key, window);
    this.bound(now);
    return window;
  }

  /** What is left of the key's budget in its window (the whole budget without one). */
  left(key: K): number {
    const window = this.current(key);
    return window ? Math.max(0, this.perWindow - window.used) : this.perWindow;
  }

  /**
   * Counts `amount` as used even past the budget: for work already done whose size was known only
   * once done (a share's answer); `left` then refuses the next.
   */
  charge(key: K, amount: number): void {
    const window = this.current(key) ?? this.open(key, this.now());
    window.used += amount;
  }

  /** Seconds until the key's window ends and its budget is whole again (0 without a window). */
  secondsLeft(key: K): number {
    const window = this.windows.get(key);
    return window ? Math.max(0, Math.ceil((window.startedAt + this.windowMs - this.now()) / 1000)) : 0;
  }

  private bound(now: number): void {
    if (this.windows.size <= this.maxKeys) return;
    for (const [key, w] of this.windows) if (now - w.startedAt >= this.windowMs) this.windows.delete(key);
    while (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
  }
}
