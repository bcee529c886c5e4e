import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** The SHA-256 (hex) of a session cookie value: what the sessions table stores (schema 4). */
export const hashSessionId = (id: string): string => createHash('sha256').update(id, 'utf8').digest('hex');

/**
 * Plays in one row of `stat_days` at most (8 bytes each: 4 KB), migration 8 → 9: storing a play
 * rewrites one such row, however many plays its day holds. More than a heavy listener's day (about
 * 274 plays), so a year's counts still read a row a day (docs/performance.md#stats). Schema 9's
 * triggers hold the number as it was when they were made: changing it takes a migration.
 */
export const DAY_PART_PLAYS = 512;

/**
 * The SELECT building whole days of stat_days (user_id, day, part, plays) from the plays `where`
 * picks (stats AS s): each day's plays in time order, then track number, DAY_PART_PLAYS to a part.
 * The migration's copy and the trigger of a play deleted share it.
 */
function dayParts(where: string): string {
  return `SELECT user_id, day, (n - 1) / ${DAY_PART_PLAYS}, unhex(group_concat(play, '' ORDER BY n))
      FROM (
        SELECT s.user_id, s.at / 86400 AS day, printf('%08x%08x', t.id, s.at % 86400) AS play,
          row_number() OVER (PARTITION BY s.user_id, s.at / 86400 ORDER BY s.at, t.id) AS n
        FROM stats s JOIN stat_tracks t USING (album_id, disc_id, track_id)
        WHERE ${where}
      )
      GROUP BY user_id, day, (n - 1) / ${DAY_PART_PLAYS}`;
}

/**
 * Schema history. Entry i moves the database from user_version i to i + 1; append new entries,
 * never edit old ones, so existing data files keep working. An entry is SQL,
 * or a function for steps SQL cannot do; each runs in one transaction with its version bump.
 */
const MIGRATIONS: readonly (string | ((db: Db) => void))[] = [
  `
  CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    nickname      TEXT NOT NULL,
    avatar        TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
  );
  CREATE TABLE sessions (
    id          TEXT PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    last_access INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    ip          TEXT NOT NULL DEFAULT '',
    user_agent  TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX sessions_user ON sessions(user_id);
  CREATE TABLE credentials (
    id         TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    url        TEXT NOT NULL,
    token      TEXT NOT NULL,
    priority   INTEGER NOT NULL DEFAULT 0,
    controlled INTEGER NOT NULL DEFAULT 0,
    position   INTEGER NOT NULL
  );
  CREATE INDEX credentials_user ON credentials(user_id, position);
  CREATE TABLE stats (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    album_id TEXT NOT NULL,
    disc_id  INTEGER NOT NULL,
    track_id INTEGER NOT NULL,
    at       INTEGER NOT NULL
  );
  CREATE INDEX stats_user_at ON stats(user_id, at);
  `,
  // 1 → 2: favourites and playlists (docs/protocol.md#favourites, #playlists). AUTOINCREMENT keeps ids unique
  // for ever, so a deleted playlist or item id never names a different row later.
  `
  CREATE TABLE favourite_music (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    album_id   TEXT NOT NULL,
    disc_id    INTEGER NOT NULL,
    track_id   INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, album_id, disc_id, track_id)
  );
  CREATE TABLE favourite_album (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    album_id   TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, album_id)
  );
  CREATE TABLE playlists (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    is_public      INTEGER NOT NULL DEFAULT 0,
    cover_album_id TEXT NOT NULL DEFAULT '',
    cover_disc_id  INTEGER NOT NULL DEFAULT 1,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
  );
  CREATE INDEX playlists_user ON playlists(user_id);
  CREATE TABLE playlist_items (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    playlist_id INTEGER NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    type        TEXT NOT NULL CHECK (type IN ('normal', 'dummy', 'album')),
    description TEXT NOT NULL DEFAULT '',
    album_id    TEXT,
    disc_id     INTEGER,
    track_id    INTEGER,
    title       TEXT,
    artist      TEXT,
    track_type  TEXT
  );
  CREATE INDEX playlist_items_order ON playlist_items(playlist_id, position);
  `,
  // 2 → 3: shares (docs/protocol.md#shares). `share_id` is the public random id of the link; `songs` and
  // `metadata` are JSON as validated by server/api/share.ts. One grant per credential used: what
  // GET /api/share signs into a share token (the credential's url, its share key id and secret, and
  // the audios map). Grants are copies, so editing or deleting the credential later changes nothing.
  `
  CREATE TABLE shares (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    share_id       TEXT NOT NULL UNIQUE,
    user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    description    TEXT NOT NULL DEFAULT '',
    cover_album_id TEXT NOT NULL,
    cover_disc_id  INTEGER NOT NULL,
    songs          TEXT NOT NULL,
    metadata       TEXT NOT NULL DEFAULT '{}',
    created_at     INTEGER NOT NULL
  );
  CREATE INDEX shares_user ON shares(user_id, created_at);
  CREATE TABLE share_grants (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    share_id INTEGER NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    server   TEXT NOT NULL,
    key_id   TEXT NOT NULL,
    secret   TEXT NOT NULL,
    audios   TEXT NOT NULL
  );
  CREATE INDEX share_grants_share ON share_grants(share_id, position);
  `,
  // 3 → 4: sessions.id holds the SHA-256 (hex) of the cookie value, never the value itself, so a
  // copy of the database does not hand out live sessions. Existing rows are hashed in place: users
  // signed in before the upgrade stay signed in.
  (db) => {
    const rows = db.prepare('SELECT id FROM sessions').all() as { id: string }[];
    const update = db.prepare('UPDATE sessions SET id = ? WHERE id = ?');
    for (const { id } of rows) update.run(hashSessionId(id), id);
  },
  // 4 → 5: two-step sign-in (docs/protocol.md#user): the TOTP secret, sealed with a key kept outside
  // the database (server/twoFactor.ts), and the last window a code was used in.
  `
  ALTER TABLE users ADD COLUMN totp_secret TEXT;
  ALTER TABLE users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;
  `,
  // 5 → 6: library tokens can be ended. The library refuses a token of this server's account signed
  // for an older generation; a password change counts it up (server/users.ts).
  `
  ALTER TABLE users ADD COLUMN library_token_generation INTEGER NOT NULL DEFAULT 0;
  `,
  // 6 → 7: recovery codes of two-step sign-in (server/recoveryCodes.ts): an HMAC of each code not
  // used yet, never the code; a used one's row is deleted. They go with the account.
  `
  CREATE TABLE recovery_codes (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    digest  TEXT NOT NULL
  );
  CREATE INDEX recovery_codes_user ON recovery_codes(user_id, digest);
  `,
  // 7 → 8: reading play statistics back (server/api/statReads.ts). History walks stats_user_play
  // backwards and a period's counts read it without touching the table (every column they need is
  // in it); one track's counts, for everyone, one user or one album, come from stats_track. The
  // index is unique: nobody starts the same track twice in one second, so a play sent again (its
  // first answer lost) is the same play, stored once (api/stat.ts).
  `
  DELETE FROM stats WHERE id NOT IN (SELECT MIN(id) FROM stats GROUP BY user_id, at, album_id, disc_id, track_id);
  DROP INDEX stats_user_at;
  CREATE UNIQUE INDEX stats_user_play ON stats(user_id, at, album_id, disc_id, track_id);
  CREATE INDEX stats_track ON stats(album_id, disc_id, track_id, user_id, at);
  `,
  // 8 → 9: a period's counts per track (server/api/periodCounts.ts) without SQLite grouping the
  // period's plays: a year of a heavy listener's is 100,000 rows, and grouping them on their text
  // keys took 211 ms (docs/performance.md#stats). A rollup of counts per day would not be smaller:
  // such a listener plays about 274 tracks a day, nearly all different. So a day of a user's plays
  // is a row of `stat_days`, whose `plays` packs each play into 8 bytes: the track's number in
  // `stat_tracks` and the second of the day, each an unsigned 32-bit big-endian integer. Every play
  // keeps its second, so a period's counts stay exact at any edge.
  // A row holds at most DAY_PART_PLAYS plays; a day of more is several rows, its `part`s 0, 1, …,
  // each full but the last. Appending a play rewrites its row, so with a day in one row storing a
  // play cost as much as the day held, and a user may store 10,000 plays an hour with times up to
  // a year back: all on one day if they like. At 230,000 plays (1.8 MB) a report of one play
  // wrote 1.9 MB (19 GB an hour), one of 1,000 held the database for a second and wrote 1.9 GB.
  // In parts a play rewrites at most 4 KB (23 KB written a play, as on any day); a heavy
  // listener's day (about 274 plays) is still one row.
  // Days are UTC days of Unix time (at / 86400); a play before 1970 is in no day (a period starts
  // at 0 or later). The triggers keep the rows in step with `stats` whoever writes it: a play
  // stored (not one ignored as stored already) joins its day's last part, or starts the next one
  // when that is full; a play deleted rebuilds its day, except when its user is deleted (their days
  // go with them); plays are never changed. A day built whole (here and when a play is deleted)
  // holds its plays in time order, then track number; plays appended come in the order stored
  // (the counts need no order). Rows of `stat_tracks` are never changed or deleted, so a number
  // names one track for good. The plays stored before are copied in (a million in about 1.4 s).
  // unhex and an ordered group_concat need SQLite 3.44, which better-sqlite3 brings.
  `
  CREATE TABLE stat_tracks (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    album_id TEXT NOT NULL,
    disc_id  INTEGER NOT NULL,
    track_id INTEGER NOT NULL,
    UNIQUE (album_id, disc_id, track_id)
  );
  CREATE TABLE stat_days (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day     INTEGER NOT NULL,
    part    INTEGER NOT NULL,
    plays   BLOB NOT NULL,
    PRIMARY KEY (user_id, day, part)
  );
  INSERT INTO stat_tracks (album_id, disc_id, track_id)
    SELECT DISTINCT album_id, disc_id, track_id FROM stats ORDER BY album_id, disc_id, track_id;
  INSERT INTO stat_days (user_id, day, part, plays)
    ${dayParts('s.at >= 0')};
  CREATE TRIGGER stat_days_add AFTER INSERT ON stats WHEN NEW.at >= 0 BEGIN
    INSERT INTO stat_tracks (album_id, disc_id, track_id) VALUES (NEW.album_id, NEW.disc_id, NEW.track_id)
      ON CONFLICT DO NOTHING;
    -- the day's last part while it has room, else the next part (or part 0 of a day not met yet).
    -- SQLite's || joins blobs byte for byte but calls the result text: CAST keeps it a blob. WHERE
    -- true: without a WHERE, SQLite's parser could read ON CONFLICT as a join's ON (its upsert docs)
    INSERT INTO stat_days (user_id, day, part, plays)
      SELECT
        NEW.user_id,
        NEW.at / 86400,
        coalesce(
          (SELECT part + (length(plays) >= ${DAY_PART_PLAYS * 8}) FROM stat_days
           WHERE user_id = NEW.user_id AND day = NEW.at / 86400 ORDER BY part DESC LIMIT 1),
          0
        ),
        unhex(printf('%08x%08x',
          (SELECT id FROM stat_tracks WHERE album_id = NEW.album_id AND disc_id = NEW.disc_id AND track_id = NEW.track_id),
          NEW.at % 86400))
      WHERE true
      ON CONFLICT (user_id, day, part) DO UPDATE SET plays = CAST(plays || excluded.plays AS BLOB);
  END;
  CREATE TRIGGER stat_days_remove AFTER DELETE ON stats
  WHEN OLD.at >= 0 AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) BEGIN
    DELETE FROM stat_days WHERE user_id = OLD.user_id AND day = OLD.at / 86400;
    INSERT INTO stat_days (user_id, day, part, plays)
      ${dayParts('s.user_id = OLD.user_id AND s.at BETWEEN OLD.at / 86400 * 86400 AND OLD.at / 86400 * 86400 + 86399')};
  END;
  CREATE TRIGGER stats_unchanged BEFORE UPDATE ON stats BEGIN
    SELECT RAISE(ABORT, 'a stored play is not changed');
  END;
  `,
  // 9 → 10: liked playlists and the listeners' lyrics (docs/protocol.md#favourites, #lyrics).
  // A like goes with the user who gave it and with its playlist: anniv-go keeps the like of a
  // deleted list and answers it as an entry without name or owner; here it is gone, so no id of a
  // list that no longer exists is handed out. Lyrics: a row per track and language (the language
  // in canonical case, server/api/lyric.ts), at most one of a track's rows its source (the partial
  // unique index). `user_id` is whoever wrote the text last; when that account is deleted the text
  // stays, credited to nobody, as it is every listener's. `bytes` is the UTF-8 size of `data`, so
  // what a user has written is summed from an index (LIMITS.lyricBytesPerUser).
  `
  CREATE TABLE favourite_playlist (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    playlist_id INTEGER NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    UNIQUE (user_id, playlist_id)
  );
  CREATE INDEX favourite_playlist_playlist ON favourite_playlist(playlist_id);
  CREATE TABLE lyrics (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    album_id   TEXT NOT NULL,
    disc_id    INTEGER NOT NULL,
    track_id   INTEGER NOT NULL,
    language   TEXT NOT NULL,
    source     INTEGER NOT NULL CHECK (source IN (0, 1)),
    type       TEXT NOT NULL CHECK (type IN ('text', 'lrc')),
    data       TEXT NOT NULL,
    bytes      INTEGER NOT NULL,
    user_id    INTEGER REFERENCES users(id) ON DELETE SET NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (album_id, disc_id, track_id, language)
  );
  CREATE UNIQUE INDEX lyrics_source ON lyrics(album_id, disc_id, track_id) WHERE source = 1;
  CREATE INDEX lyrics_user ON lyrics(user_id, bytes);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the schema up to `target` (default: the newest; a lower target is for migration tests). */
export function migrate(db: Db, target: number = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`database schema version ${current} is newer than this server (${MIGRATIONS.length})`);
  }
  for (let v = current; v < Math.min(target, MIGRATIONS.length); v++) {
    const step = MIGRATIONS[v]!;
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/** Creates the data folder readable by the owner only (0700); an existing folder is left as it is. */
export function ensureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** The database file (and SQLite's -wal / -shm beside it) readable by the owner only (0600). */
function restrictDbFiles(file: string): void {
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(f, 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

export function openDb(dataDir: string): Db {
  ensureDataDir(dataDir);
  const file = path.join(dataDir, 'anniv.db');
  restrictDbFiles(file);
  const db = cachingStatements(new Database(file));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // SQLite creates -wal / -shm with the mode of the database file; tighten any older ones too.
  restrictDbFiles(file);
  return db;
}

/** Statements kept per SQL text; more than the server's distinct queries, a bound for safety. */
const STATEMENT_CACHE_SIZE = 512;

/**
 * `db.prepare` compiles its SQL each call: on the sign-in check every request makes, compiling took
 * more CPU than running (the hostile bench's profile). The same SQL text now gives the same
 * statement. Safe because the server binds parameters per call and never switches a statement's
 * mode (`pluck`, `raw`, `expand`) or iterates one while another call runs (better-sqlite3 is
 * synchronous).
 */
function cachingStatements(db: Db): Db {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement) return statement;
    statement = compile(sql);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(sql, statement);
    return statement;
  }) as Db['prepare'];
  return db;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
