/*
 * How many plays one user may report per hour (POST /api/stat). A listener reports one play per
 * track heard, a few dozen an hour; the budget only stops a script that writes rows as fast as the
 * server takes them, which would fill the disk and hold the database for everyone. A refused report
 * stores nothing, so a client that keeps it and sends it later loses nothing.
 *
 * A fixed one-hour window per user, in memory (server/budget.ts).
 */

import { Budget } from './budget.js';

export interface StatBudgetOptions {
  /** Milliseconds since the epoch (injectable for tests). */
  now?: () => number;
  playsPerWindow: number;
  windowMs?: number;
  maxUsers?: number;
}

export class StatBudget extends Budget<number> {
  readonly playsPerWindow: number;

  constructor(options: StatBudgetOptions) {
    super({
      now: options.now,
      perWindow: options.playsPerWindow,
      windowMs: options.windowMs,
      maxKeys: options.maxUsers,
    });
    this.playsPerWindow = options.playsPerWindow;
  }
}
