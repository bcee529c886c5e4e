/*
 * Password guessing limits for `POST /api/user/login` and the old-password checks of
 * `PATCH /api/user/password` and `POST /api/user/revoke`.
 *
 * - Failures are counted per allowance and per client address group (server/addressGroup.ts: IPv4
 *   as is, IPv6 by /64) in a sliding window (15 min). The failure that reaches the limit (5 per
 *   allowance, 20 per address) locks that key.
 * - Allowances (`allowance` below): a sign-in from a device that signed in to this account before
 *   (a valid `device` cookie, server/knownDevices.ts) has that device's own; every other sign-in
 *   to the account shares the account's ("unknown devices"); a password check inside a session
 *   has that session's. So a stranger who locks the account locks only the unknown devices: the
 *   owner's known devices and sessions keep their own attempts, while the stranger, who has
 *   neither, still gets 5 guesses per lock. Address limits apply to everyone.
 * - A lock lasts 1 min, then 2, 4, 8, capped at 15 min: each further lock of the same key doubles
 *   it. Locks always expire, so the right user is never locked out for good; a key that stays
 *   quiet for a whole window after its last failure or lock starts again at 1 min.
 * - While a key is locked every attempt is refused before any password is checked (the right
 *   password too, or the lock would tell an attacker when a guess was right).
 * - Attempts still running count as failures-to-be, so parallel guesses cannot slip past the limit.
 * - A success clears its allowance's record (only that one: the owner signing in from a known
 *   device does not hand strangers fresh guesses). The address record is not cleared by a success:
 *   an attacker signing in to an own account between guesses must not reset the address counter.
 *
 * In memory only (a restart forgets it) and bounded: at most `maxEntries` keys per kind.
 */

/** The keys of the allowances an attempt is counted against. */
export const allowance = {
  /** every sign-in to `email` without a known device of it */
  account: (email: string): string => `account:${email}`,
  /** a device that signed in to the account before */
  device: (id: string): string => `device:${id}`,
  /** a password check inside a signed-in session */
  session: (id: string): string => `session:${id}`,
};

export interface LoginLimitOptions {
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
  allowanceFailures?: number;
  addressFailures?: number;
  windowMs?: number;
  firstLockMs?: number;
  maxLockMs?: number;
  maxEntries?: number;
}

const LOGIN_LIMIT_DEFAULTS = {
  allowanceFailures: 5,
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

interface LoginAttempt {
  /** Records how the attempt ended ('none': neither, e.g. an internal error). Call once. */
  settle(outcome: AttemptOutcome): void;
}

export type BeginResult = { refused: false; attempt: LoginAttempt } | { refused: true; waitSeconds: number };

class Counter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures: number,
    private readonly o: Required<Omit<LoginLimitOptions, 'now' | 'allowanceFailures' | 'addressFailures'>>,
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
  private readonly allowances: Counter;
  private readonly addresses: Counter;

  constructor(options: LoginLimitOptions = {}) {
    const o = { ...LOGIN_LIMIT_DEFAULTS, ...options };
    this.now = options.now ?? Date.now;
    const shared = {
      windowMs: o.windowMs,
      firstLockMs: o.firstLockMs,
      maxLockMs: o.maxLockMs,
      maxEntries: o.maxEntries,
    };
    this.allowances = new Counter(o.allowanceFailures, shared);
    this.addresses = new Counter(o.addressFailures, shared);
  }

  /** Keys tracked now (for tests and diagnostics). */
  get size(): { allowances: number; addresses: number } {
    return { allowances: this.allowances.size, addresses: this.addresses.size };
  }

  /**
   * Starts a password check counted against `key` (an `allowance`) from `address` (its group):
   * refused with the seconds to wait while either is locked (or would be by the attempts still
   * running), else an attempt to settle.
   */
  begin(key: string, address: string): BeginResult {
    const now = this.now();
    const wait = Math.max(this.allowances.waitMs(key, now), this.addresses.waitMs(address, now));
    if (wait > 0) return { refused: true, waitSeconds: Math.ceil(wait / 1000) };
    this.allowances.begin(key, now);
    this.addresses.begin(address, now);
    let settled = false;
    return {
      refused: false,
      attempt: {
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          const at = this.now();
          this.allowances.end(key, at, outcome, true);
          this.addresses.end(address, at, outcome, false);
        },
      },
    };
  }
}

export const waitMessage = (seconds: number): string =>
  `too many failed password attempts; wait ${seconds} seconds and try again`;
