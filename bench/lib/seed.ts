/**
 * A listener's history written straight into the server's SQLite file, for benchmarks that need
 * more than the API lets a client send (POST /api/stat takes at most 10,000 plays an hour per
 * user). The schema's triggers put each play into its day (stat_days) as it is written.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate } from '../../server/db';
import { spawnServer } from '../../harness/serverProcess';

export interface Play {
  albumId: string;
  discId: number;
  trackId: number;
  /** seconds */
  at: number;
}

export interface SeededAccount {
  email: string;
  password: string;
  /** how long `seed` took */
  seedMs: number;
}

/**
 * The demo account is created by the server at its first start: starts the server once in
 * `dataDir` (which stays), stops it, then runs `seed` with the account's id on its database in one
 * transaction, while no server runs.
 */
export async function seedDemoAccount(
  dataDir: string,
  seed: (db: Database.Database, userId: number) => void,
): Promise<SeededAccount> {
  const first = await spawnServer({ dataDir, removeDataDir: false });
  const { email, password } = first.demo;
  await first.stop();
  const started = performance.now();
  const db = new Database(join(dataDir, 'anniv.db'));
  try {
    migrate(db);
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    db.transaction(() => seed(db, user.id))();
  } finally {
    db.close();
  }
  return { email, password, seedMs: performance.now() - started };
}

/** writes one play of `userId` */
export function playWriter(db: Database.Database): (userId: number, play: Play) => void {
  const insert = db.prepare('INSERT INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, ?, ?, ?)');
  return (userId, { albumId, discId, trackId, at }) => void insert.run(userId, albumId, discId, trackId, at);
}
