/*
 * Password guessing limits for `POST /api/user/login` and the old-password check of
 * `PATCH /api/user/password` (both guess the same password, so they share the account counter).
 *
 * - Per account (the email) and per client address, failures are counted in a sliding window
 *   (15 min). The failure that reaches the limit (5 per account, 20 per address) locks that key.
 * - A lock lasts 1 min, then 2, 4, 8, capped at 15 min: each further lock of the same key doubles
 *   it. Locks always expire, so the right user is never locked out for good; a key that stays
 *   quiet for a whole window after its last failure or lock starts again at 1 min.
 * - While a key is locked every attempt is refused before any password is checked (the right
 *   password too, or the lock would tell an attacker when a guess was right).
 * - Attempts still running count as failures-to-be, so parallel guesses cannot slip past the limit.
 * - A success clears the account's record. The address record is not cleared by a success: an
 *   attacker signing in to an own account between guesses must not reset the address counter.
 *
 * In memory only (a restart forgets it) and bounded: at most `maxEntries` keys per kind.
 */

export interface LoginLimitOptions {
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
  accountFailures?: number;
  addressFailures?: number;
  windowMs?: number;
  firstLockMs?: number;
  maxLockMs?: number;
  maxEntries?: number;
}

export const LOGIN_LIMIT_DEFAULTS = {
  accountFailures: 5,
  addressFailures: 20,
  windowMs: 15 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 15 * 60_000,
  maxEntries: 10_000,
} as const;

interface Entry {
  /** Times of failures inside the window (cleared when they lead to a lock). */
  failures: number[];
  /** Attempts begun and not settled yet. */
  pending: number;
  lockedUntil: number;
  /** Locks so far (the next one lasts firstLockMs · 2^locks, capped). */
  locks: number;
  /** Last failure or end of the last lock. */
  lastEvent: number;
}

export type AttemptOutcome = 'success' | 'failure' | 'none';

export interface LoginAttempt {
  /** Records how the attempt ended ('none': neither, e.g. an internal error). Call once. */
  settle(outcome: AttemptOutcome): void;
}

export type BeginResult = { refused: false; attempt: LoginAttempt } | { refused: true; waitSeconds: number };

class Counter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures: number,
    private readonly o: Required<Omit<LoginLimitOptions, 'now' | 'accountFailures' | 'addressFailures'>>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  private lockLength(locks: number): number {
    return Math.min(this.o.firstLockMs * 2 ** Math.min(locks, 30), this.o.maxLockMs);
  }

  /** Drops old failures and forgets escalation after a quiet window; deletes empty entries. */
  private refresh(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    e.failures = e.failures.filter((t) => t > now - this.o.windowMs);
    if (e.lockedUntil <= now && e.failures.length === 0 && e.pending === 0 && now - e.lastEvent >= this.o.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private entry(key: string, now: number): Entry {
    const found = this.refresh(key, now);
    if (found) return found;
    if (this.entries.size >= this.o.maxEntries) this.evict(now);
    const e: Entry = { failures: [], pending: 0, lockedUntil: 0, locks: 0, lastEvent: now };
    this.entries.set(key, e);
    return e;
  }

  private evict(now: number): void {
    for (const key of [...this.entries.keys()]) this.refresh(key, now);
    // Still full: drop the oldest tenth (Map keeps insertion order).
    let drop = this.entries.size - Math.floor(this.o.maxEntries * 0.9);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }

  /** Milliseconds to wait before an attempt may begin (0 = go). */
  waitMs(key: string, now: number): number {
    const e = this.refresh(key, now);
    if (!e) return 0;
    if (e.lockedUntil > now) return e.lockedUntil - now;
    if (e.failures.length + e.pending >= this.maxFailures) return this.lockLength(e.locks);
    return 0;
  }

  begin(key: string, now: number): void {
    this.entry(key, now).pending++;
  }

  end(key: string, now: number, outcome: AttemptOutcome, resetOnSuccess: boolean): void {
    const e = this.entry(key, now);
    e.pending = Math.max(0, e.pending - 1);
    if (outcome === 'success' && resetOnSuccess) {
      if (e.pending === 0) this.entries.delete(key);
      else Object.assign(e, { failures: [], lockedUntil: 0, locks: 0 });
      return;
    }
    if (outcome !== 'failure') return;
    e.failures.push(now);
    e.lastEvent = now;
    if (e.failures.length >= this.maxFailures) {
      e.lockedUntil = now + this.lockLength(e.locks);
      e.locks++;
      e.failures = [];
      e.lastEvent = e.lockedUntil;
    }
  }
}

export class LoginLimiter {
  private readonly now: () => number;
  private readonly accounts: Counter;
  private readonly addresses: Counter;

  constructor(options: LoginLimitOptions = {}) {
    const o = { ...LOGIN_LIMIT_DEFAULTS, ...options };
    this.now = options.now ?? Date.now;
    const shared = { windowMs: o.windowMs, firstLockMs: o.firstLockMs, maxLockMs: o.maxLockMs, maxEntries: o.maxEntries };
    this.accounts = new Counter(o.accountFailures, shared);
    this.addresses = new Counter(o.addressFailures, shared);
  }

  /** Keys tracked now (for tests and diagnostics). */
  get size(): { accounts: number; addresses: number } {
    return { accounts: this.accounts.size, addresses: this.addresses.size };
  }

  /**
   * Starts a password check for `account` from `address`: refused with the seconds to wait while
   * either is locked (or would be by the attempts still running), else an attempt to settle.
   */
  begin(account: string, address: string): BeginResult {
    const now = this.now();
    const wait = Math.max(this.accounts.waitMs(account, now), this.addresses.waitMs(address, now));
    if (wait > 0) return { refused: true, waitSeconds: Math.ceil(wait / 1000) };
    this.accounts.begin(account, now);
    this.addresses.begin(address, now);
    let settled = false;
    return {
      refused: false,
      attempt: {
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          const at = this.now();
          this.accounts.end(account, at, outcome, true);
          this.addresses.end(address, at, outcome, false);
        },
      },
    };
  }
}

export const waitMessage = (seconds: number): string =>
  `too many failed password attempts; wait ${seconds} seconds and try again`;
