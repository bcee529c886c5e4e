/*
 * How many plays one user may report per hour (POST /api/stat). A listener reports one play per
 * track heard, a few dozen an hour; the budget only stops a script that writes rows as fast as the
 * server takes them, which would fill the disk and hold the database for everyone. A refused report
 * stores nothing, so a client that keeps it and sends it later loses nothing.
 *
 * A fixed one-hour window per user, in memory (a restart forgets it), at most `maxUsers` windows
 * (past that, the windows that have ended are dropped, then the oldest).
 */

export interface StatBudgetOptions {
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
  playsPerWindow: number;
  windowMs?: number;
  maxUsers?: number;
}

interface Window {
  startedAt: number;
  used: number;
}

export class StatBudget {
  private readonly windows = new Map<number, Window>();
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly maxUsers: number;
  readonly playsPerWindow: number;

  constructor(options: StatBudgetOptions) {
    this.now = options.now ?? (() => Date.now());
    this.playsPerWindow = options.playsPerWindow;
    this.windowMs = options.windowMs ?? 3600_000;
    this.maxUsers = options.maxUsers ?? 10_000;
  }

  /** Takes `plays` from the user's budget; false (and nothing taken) when they do not fit. */
  take(userId: number, plays: number): boolean {
    const now = this.now();
    let window = this.windows.get(userId);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, used: 0 };
      this.windows.delete(userId);
      this.windows.set(userId, window);
      this.bound(now);
    }
    if (window.used + plays > this.playsPerWindow) return false;
    window.used += plays;
    return true;
  }

  private bound(now: number): void {
    if (this.windows.size <= this.maxUsers) return;
    for (const [id, w] of this.windows) if (now - w.startedAt >= this.windowMs) this.windows.delete(id);
    while (this.windows.size > this.maxUsers) this.windows.delete(this.windows.keys().next().value!);
  }
}
