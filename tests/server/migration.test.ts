import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashPassword, sha256Hex } from '../../server/auth.js';
import { DAY_PART_PLAYS, SCHEMA_VERSION, hashSessionId, migrate, openDb } from '../../server/db.js';
import { Client, makeDataDir, makeServer, removeDir, tempDir } from './support/fixture.js';
import { loadOrCreateKeys } from '../../server/library/keys.js';
import { TwoFactor } from '../../server/twoFactor.js';
import { controlledCredential, payloadOf, userToken } from './support/share.js';

/*
 * A data file written by the previous server (schema version 1: users, sessions, credentials,
 * stats) must open with the new code, keep its rows and gain the favourite and playlist tables.
 */

const CRED_ID = '11111111-2222-4333-8444-555555555555';
const ALBUM = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02';
const NEW_TABLES = ['favourite_album', 'favourite_music', 'playlist_items', 'playlists'];

const tables = (db: Database.Database): string[] =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((r) => r.name);

describe('schema migration 1 → 2', () => {
  let dir: string;
  let userId: number;
  let sessionId: string;

  beforeAll(async () => {
    dir = await makeDataDir('none');
    const db = new Database(path.join(dir, 'anniv.db'));
    db.pragma('foreign_keys = ON');
    migrate(db, 1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(['credentials', 'sessions', 'stats', 'users']);
    const hash = await hashPassword(sha256Hex('old-pw'));
    userId = Number(
      db
        .prepare(
          "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES ('old@example.com', 'Old', '', ?, 1700000000)",
        )
        .run(hash).lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO credentials (id, user_id, name, url, token, priority, controlled, position) VALUES (?, ?, 'Old library', 'https://old.example', 'tok', 3, 0, 0)",
    ).run(CRED_ID, userId);
    db.prepare('INSERT INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, 1, 2, 1700000100)').run(
      userId,
      ALBUM,
    );
    // A session row as the servers before schema 4 wrote it: the cookie value itself as the id.
    sessionId = randomUUID();
    db.prepare(
      "INSERT INTO sessions (id, user_id, created_at, last_access, expires_at, ip, user_agent) VALUES (?, ?, 1700000000, 1700000000, ?, '127.0.0.1', 'test')",
    ).run(sessionId, userId, Math.floor(Date.now() / 1000) + 86400);
    db.close();
  });
  afterAll(() => removeDir(dir));

  test('openDb migrates to the newest version and keeps the rows', () => {
    const db = openDb(dir);
    try {
      expect(SCHEMA_VERSION).toBe(10); // 2 → 3 added shares (tests/server/share.test.ts), 3 → 4 hashed session ids, 4 → 5 two-step sign-in, 5 → 6 library token generations, 6 → 7 recovery codes, 7 → 8 the play statistics' indexes, 8 → 9 their days of plays, 9 → 10 liked playlists and lyrics (below)
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(tables(db)).toEqual(
        [
          ...['credentials', 'sessions', 'stats', 'users', 'share_grants', 'shares', 'recovery_codes'],
          ...['stat_days', 'stat_tracks', 'favourite_playlist', 'lyrics'],
          ...NEW_TABLES,
        ].sort(),
      );
      expect(db.prepare('SELECT email, nickname FROM users WHERE id = ?').get(userId)).toEqual({
        email: 'old@example.com',
        nickname: 'Old',
      });
      expect(db.prepare('SELECT id, name, url, token, priority FROM credentials').all()).toEqual([
        { id: CRED_ID, name: 'Old library', url: 'https://old.example', token: 'tok', priority: 3 },
      ]);
      expect(db.prepare('SELECT album_id, at FROM stats').all()).toEqual([{ album_id: ALBUM, at: 1700000100 }]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE id = ?').get(hashSessionId(sessionId))).toEqual({
        n: 1,
      });
      // Foreign keys with ON DELETE CASCADE on the new tables.
      const fks = db.prepare('SELECT "table", on_delete FROM pragma_foreign_key_list(\'playlist_items\')').all();
      expect(fks).toEqual([{ table: 'playlists', on_delete: 'CASCADE' }]);
      for (const t of ['favourite_music', 'favourite_album', 'playlists']) {
        expect(db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('${t}')`).all(), t).toEqual([
          { table: 'users', on_delete: 'CASCADE' },
        ]);
      }
    } finally {
      db.close();
    }
    // Opening again is a no-op.
    const again = openDb(dir);
    expect(again.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    again.close();
  });

  test('the old account signs in (and its old session still works); the new endpoints work on the migrated file', async () => {
    const server = await makeServer(dir);
    try {
      const kept = new Client(server);
      kept.cookies.set('session', sessionId);
      expect((await kept.get<{ email: string }>('/api/user/info')).data.email).toBe('old@example.com');

      const c = new Client(server);
      await c.login('old@example.com', sha256Hex('old-pw'));
      expect((await c.get<{ id: string }[]>('/api/credential')).data.map((x) => x.id)).toEqual([CRED_ID]);
      expect((await c.call('PUT', '/api/favorite/music', { album_id: ALBUM, disc_id: 1, track_id: 2 })).status).toBe(0);
      expect((await c.call('PUT', '/api/favorite/album', { album_id: ALBUM })).status).toBe(0);
      expect((await c.get<string[]>('/api/favorite/album')).data).toEqual([ALBUM]);
      const created = await c.call<{ id: string; items: { id: string }[] }>('PUT', '/api/playlist', {
        name: 'After upgrade',
        items: [{ type: 'normal', description: '', info: { album_id: ALBUM, disc_id: 1, track_id: 2 } }],
      });
      expect(created.status).toBe(0);
      expect((await c.get<{ name: string }[]>('/api/playlists')).data.map((p) => p.name)).toEqual(['After upgrade']);

      // Deleting the user takes its favourites, playlists and items with it.
      server.db.prepare('DELETE FROM users WHERE id = ?').run(userId);
      for (const t of ['favourite_music', 'favourite_album', 'playlists', 'playlist_items']) {
        expect(server.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get(), t).toEqual({ n: 0 });
      }
    } finally {
      await server.close();
    }
  });

  test('a fresh data dir starts at the newest version', () => {
    const fresh = tempDir();
    try {
      const db = openDb(fresh);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(tables(db)).toEqual(expect.arrayContaining(NEW_TABLES));
      db.close();
    } finally {
      removeDir(fresh);
    }
  });
});

describe('schema migration 5 → 6: library tokens of existing accounts', () => {
  test('accounts start at generation 0; a controlled token signed before (no exp) is refused and renewed on the next read', async () => {
    const dir = await makeDataDir('full');
    try {
      const db = new Database(path.join(dir, 'anniv.db'));
      migrate(db, 5);
      const hash = await hashPassword(sha256Hex('pw'));
      const id = Number(
        db
          .prepare(
            "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES ('before@example.com', 'B', '', ?, 1700000000)",
          )
          .run(hash).lastInsertRowid,
      );
      // what the server before this schema stored: annil's user token, no exp, no account
      const keys = loadOrCreateKeys(dir);
      const old = await userToken(keys.hmac_key, { key_id: keys.share_key_id, secret: keys.share_key });
      db.prepare(
        "INSERT INTO credentials (id, user_id, name, url, token, priority, controlled, position) VALUES (?, ?, 'Library', 'http://x', ?, 0, 1, 0)",
      ).run(CRED_ID, id, old);
      db.close();

      const server = await makeServer(dir);
      try {
        expect(server.db.prepare('SELECT library_token_generation AS g FROM users WHERE id = ?').get(id)).toEqual({
          g: 0,
        });
        expect((await server.libraryApp.request(`/albums?auth=${old}`)).status).toBe(401);
        const c = new Client(server);
        await c.login('before@example.com', sha256Hex('pw'));
        const renewed = await controlledCredential(c);
        expect(renewed.id).toBe(CRED_ID);
        expect(payloadOf(renewed.token)).toMatchObject({
          user_id: 'before@example.com',
          account: id,
          generation: 0,
          share: { key_id: keys.share_key_id },
        });
        expect((await server.libraryApp.request(`/albums?auth=${renewed.token}`)).status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      removeDir(dir);
    }
  });
});

describe('schema migration 6 → 7: recovery codes', () => {
  test('a user who turned two-step sign-in on before has none (0 left), signs in with the authenticator as before, and makes new ones; they go with the account', async () => {
    const dir = await makeDataDir('none');
    try {
      const db = new Database(path.join(dir, 'anniv.db'));
      db.pragma('foreign_keys = ON');
      migrate(db, 6);
      expect(tables(db)).not.toContain('recovery_codes');
      const hash = await hashPassword(sha256Hex('pw'));
      const id = Number(
        db
          .prepare(
            "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES ('tfa@example.com', 'T', '', ?, 1700000000)",
          )
          .run(hash).lastInsertRowid,
      );
      db.close();

      const server = await makeServer(dir, {}, { demoContent: false, demoUser: false });
      try {
        expect(server.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
        expect(
          server.db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('recovery_codes')`).all(),
        ).toEqual([{ table: 'users', on_delete: 'CASCADE' }]);
        // two-step sign-in turned on by the server before this schema: a sealed secret, no codes
        const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
        server.db.prepare('UPDATE users SET totp_secret = ? WHERE id = ?').run(new TwoFactor(dir).seal(secret), id);
        const c = new Client(server);
        const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
        const signedIn = await c.post<{ recovery_codes_left: number }>('/api/user/login', {
          email: 'tfa@example.com',
          password: sha256Hex('pw'),
          '2fa_code': code,
        });
        expect(signedIn.status).toBe(0);
        expect(signedIn.data.recovery_codes_left).toBe(0);
        // a later window's code makes new ones
        const later = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });
        const made = await c.post<{ recovery_codes: string[] }>('/api/features/2fa/recovery', {
          password: sha256Hex('pw'),
          '2fa_code': later,
        });
        expect(made.status).toBe(0);
        expect(made.data.recovery_codes).toHaveLength(10);
        server.db.prepare('DELETE FROM users WHERE id = ?').run(id);
        expect(server.db.prepare('SELECT COUNT(*) AS n FROM recovery_codes').get()).toEqual({ n: 0 });
      } finally {
        await server.close();
      }
    } finally {
      removeDir(dir);
    }
  });
});

describe('schema migration 7 → 8: indexes for reading plays back', () => {
  test('plays stored before keep their rows (a play stored twice once); history and counts read the new indexes', async () => {
    const dir = await makeDataDir('none');
    try {
      const db = new Database(path.join(dir, 'anniv.db'));
      db.pragma('foreign_keys = ON');
      migrate(db, 7);
      const id = Number(
        db
          .prepare(
            "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES ('plays@example.com', 'P', '', 'x', 1700000000)",
          )
          .run().lastInsertRowid,
      );
      const insert = db.prepare(
        'INSERT INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, 1, 2, 1700000100)',
      );
      // the same play twice (a report sent again): one is kept
      insert.run(id, ALBUM);
      insert.run(id, ALBUM);
      migrate(db);
      expect(db.prepare('SELECT album_id, disc_id, track_id, at FROM stats').all()).toEqual([
        { album_id: ALBUM, disc_id: 1, track_id: 2, at: 1700000100 },
      ]);
      const plan = (sql: string): string =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('; ');
      expect(
        plan(
          'SELECT album_id, disc_id, track_id, at FROM stats WHERE user_id = 1 ORDER BY at DESC, album_id DESC, disc_id DESC, track_id DESC LIMIT 10',
        ),
      ).toMatch(
        /^SCAN stats USING COVERING INDEX stats_user_play$|^SEARCH stats USING COVERING INDEX stats_user_play \(user_id=\?\)$/,
      );
      expect(
        plan(
          'SELECT album_id, disc_id, track_id, COUNT(*) FROM stats WHERE user_id = 1 AND at BETWEEN 0 AND 9 GROUP BY album_id, disc_id, track_id',
        ),
      ).toContain('COVERING INDEX stats_user_play');
      expect(plan(`SELECT COUNT(*) FROM stats WHERE album_id = '${ALBUM}' AND disc_id = 1 AND track_id = 2`)).toContain(
        'COVERING INDEX stats_track',
      );
      db.close();
    } finally {
      removeDir(dir);
    }
  });
});

describe('schema migration 8 → 9: days of plays for a period’s counts', () => {
  test('the plays stored before are copied into their days, each user’s own, a busy day in parts; the counts answer as before and new plays join the days', async () => {
    const dir = await makeDataDir('none');
    const DAY = 86_400;
    const OTHER = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
    // midnight (UTC) ten days back: the plays reported after the upgrade must be within a year
    const midnight = (Math.floor(Date.now() / 1000 / DAY) - 10) * DAY;
    try {
      const db = new Database(path.join(dir, 'anniv.db'));
      db.pragma('foreign_keys = ON');
      migrate(db, 8);
      const hash = await hashPassword(sha256Hex('pw'));
      const addUser = db.prepare(
        "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES (?, 'P', '', ?, 1700000000)",
      );
      const one = Number(addUser.run('days-one@example.com', hash).lastInsertRowid);
      const two = Number(addUser.run('days-two@example.com', hash).lastInsertRowid);
      const insert = db.prepare('INSERT INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, ?, ?, ?)');
      const plays: [number, string, number, number, number][] = [
        [one, ALBUM, 1, 2, midnight - 1],
        [one, ALBUM, 1, 2, midnight],
        [one, ALBUM, 1, 3, midnight],
        [one, OTHER, 2, 1, midnight + DAY - 1],
        [one, ALBUM, 1, 2, midnight + DAY],
        [one, ALBUM, 1, 2, 0],
        [two, ALBUM, 1, 2, midnight],
        [two, OTHER, 2, 1, midnight + 5],
      ];
      for (const p of plays) insert.run(...p);
      // a time before 1970 (no server took one, but the column allows it): in no day, never in a period
      insert.run(one, OTHER, 1, 1, -5);
      // a day of two parts and 3 plays, stored newest first, two tracks at each second
      const three = Number(addUser.run('days-three@example.com', hash).lastInsertRowid);
      const busy: [string, number, number, number][] = [];
      for (let k = 2 * DAY_PART_PLAYS + 2; k >= 0; k--) {
        busy.push(
          k % 2 ? [ALBUM, 1, 2, midnight - 3 * DAY + 10 * (k >> 1)] : [OTHER, 2, 1, midnight - 3 * DAY + 10 * (k >> 1)],
        );
      }
      for (const p of busy) insert.run(three, ...p);
      migrate(db);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);

      const numberOf = new Map(
        (db.prepare('SELECT id, album_id, disc_id, track_id FROM stat_tracks').all() as Record<string, unknown>[]).map(
          (r) => [`${r.album_id as string}/${r.disc_id as number}/${r.track_id as number}`, r.id as number],
        ),
      );
      expect([...numberOf.keys()].sort()).toEqual(
        [`${ALBUM}/1/2`, `${ALBUM}/1/3`, `${OTHER}/2/1`, `${OTHER}/1/1`].sort(),
      );
      // each day's plays: the track's number and the second of the day, 4 bytes each, big-endian
      const days = db.prepare('SELECT user_id, day, part, plays FROM stat_days ORDER BY user_id, day, part').all() as {
        user_id: number;
        day: number;
        part: number;
        plays: Buffer;
      }[];
      const decoded = days.map(({ user_id, day, part, plays }) => ({
        user_id,
        day,
        part,
        plays: Array.from({ length: plays.length / 8 }, (_, i) => [
          plays.readUInt32BE(8 * i),
          plays.readUInt32BE(8 * i + 4),
        ]),
      }));
      const n = (album: string, disc: number, t: number): number => numberOf.get(`${album}/${disc}/${t}`)!;
      const d = midnight / DAY;
      expect(decoded.filter(({ user_id }) => user_id !== three)).toEqual([
        { user_id: one, day: 0, part: 0, plays: [[n(ALBUM, 1, 2), 0]] },
        { user_id: one, day: d - 1, part: 0, plays: [[n(ALBUM, 1, 2), DAY - 1]] },
        {
          user_id: one,
          day: d,
          part: 0,
          plays: [
            [n(ALBUM, 1, 2), 0],
            [n(ALBUM, 1, 3), 0],
            [n(OTHER, 2, 1), DAY - 1],
          ],
        },
        { user_id: one, day: d + 1, part: 0, plays: [[n(ALBUM, 1, 2), 0]] },
        {
          user_id: two,
          day: d,
          part: 0,
          plays: [
            [n(ALBUM, 1, 2), 0],
            [n(OTHER, 2, 1), 5],
          ],
        },
      ]);
      // the busy day: its plays in time order, then track number, DAY_PART_PLAYS to a part
      const inOrder = busy
        .map(([album, disc, t, at]) => [n(album, disc, t), at - (midnight - 3 * DAY)] as [number, number])
        .sort((x, y) => x[1] - y[1] || x[0] - y[0]);
      expect(decoded.filter(({ user_id }) => user_id === three)).toEqual([
        { user_id: three, day: d - 3, part: 0, plays: inOrder.slice(0, DAY_PART_PLAYS) },
        { user_id: three, day: d - 3, part: 1, plays: inOrder.slice(DAY_PART_PLAYS, 2 * DAY_PART_PLAYS) },
        { user_id: three, day: d - 3, part: 2, plays: inOrder.slice(2 * DAY_PART_PLAYS) },
      ]);
      db.close();

      const server = await makeServer(dir);
      try {
        const c = new Client(server);
        await c.login('days-one@example.com', sha256Hex('pw'));
        const t = (album_id: string, disc_id: number, track_id: number) => ({ album_id, disc_id, track_id });
        expect((await c.get(`/api/stat/self?from=0`)).data).toEqual([
          { track: t(ALBUM, 1, 2), count: 4 },
          { track: t(OTHER, 2, 1), count: 1 },
          { track: t(ALBUM, 1, 3), count: 1 },
        ]);
        expect((await c.get(`/api/stat/self?from=${midnight}&to=${midnight}`)).data).toEqual([
          { track: t(ALBUM, 1, 2), count: 1 },
          { track: t(ALBUM, 1, 3), count: 1 },
        ]);
        // a play reported after the upgrade joins its day; the same play again does not
        const at = midnight + 100;
        for (let i = 0; i < 2; i++)
          expect((await c.post('/api/stat', [{ track: t(ALBUM, 1, 3), at: [at] }])).status).toBe(0);
        expect((await c.get(`/api/stat/self?from=${midnight}&to=${midnight + DAY - 1}`)).data).toEqual([
          { track: t(ALBUM, 1, 3), count: 2 },
          { track: t(OTHER, 2, 1), count: 1 },
          { track: t(ALBUM, 1, 2), count: 1 },
        ]);
        expect(
          server.db.prepare('SELECT length(plays) AS bytes FROM stat_days WHERE user_id = ? AND day = ?').get(one, d),
        ).toEqual({ bytes: 32 });
        const other = new Client(server);
        await other.login('days-two@example.com', sha256Hex('pw'));
        expect((await other.get('/api/stat/self?from=0')).data).toEqual([
          { track: t(OTHER, 2, 1), count: 1 },
          { track: t(ALBUM, 1, 2), count: 1 },
        ]);
        // a play reported into the busy day joins its last part, which has room
        const third = new Client(server);
        await third.login('days-three@example.com', sha256Hex('pw'));
        expect((await third.post('/api/stat', [{ track: t(ALBUM, 1, 3), at: [midnight - 2 * DAY - 1] }])).status).toBe(
          0,
        );
        expect(
          server.db
            .prepare('SELECT part, length(plays) AS bytes FROM stat_days WHERE user_id = ? ORDER BY part')
            .all(three),
        ).toEqual([
          { part: 0, bytes: DAY_PART_PLAYS * 8 },
          { part: 1, bytes: DAY_PART_PLAYS * 8 },
          { part: 2, bytes: 32 },
        ]);
        expect(
          (await third.get(`/api/stat/self?from=${midnight - 3 * DAY}&to=${midnight - 2 * DAY - 1}`)).data,
        ).toEqual([
          { track: t(OTHER, 2, 1), count: DAY_PART_PLAYS + 2 },
          { track: t(ALBUM, 1, 2), count: DAY_PART_PLAYS + 1 },
          { track: t(ALBUM, 1, 3), count: 1 },
        ]);
      } finally {
        await server.close();
      }
    } finally {
      removeDir(dir);
    }
  });
});

describe('schema migration 9 → 10: liked playlists and listeners’ lyrics', () => {
  test('the tables come with their keys; old rows stay; likes go with their user and list, lyrics stay credited to nobody', async () => {
    const dir = await makeDataDir('meta');
    const TRACK = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
    try {
      const db = new Database(path.join(dir, 'anniv.db'));
      db.pragma('foreign_keys = ON');
      migrate(db, 9);
      expect(tables(db)).not.toContain('lyrics');
      const hash = await hashPassword(sha256Hex('pw'));
      const addUser = db.prepare(
        "INSERT INTO users (email, nickname, avatar, password_hash, created_at) VALUES (?, ?, '', ?, 1700000000)",
      );
      const owner = Number(addUser.run('owner9@example.com', 'Owner', hash).lastInsertRowid);
      const liker = Number(addUser.run('liker9@example.com', 'Liker', hash).lastInsertRowid);
      const list = Number(
        db
          .prepare(
            "INSERT INTO playlists (user_id, name, is_public, created_at, updated_at) VALUES (?, 'Old list', 1, 1700000000, 1700000000)",
          )
          .run(owner).lastInsertRowid,
      );
      migrate(db);
      expect(db.pragma('user_version', { simple: true })).toBe(10);
      expect(db.prepare('SELECT name FROM playlists').all()).toEqual([{ name: 'Old list' }]);
      expect(
        db
          .prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('favourite_playlist') ORDER BY "table"`)
          .all(),
      ).toEqual([
        { table: 'playlists', on_delete: 'CASCADE' },
        { table: 'users', on_delete: 'CASCADE' },
      ]);
      expect(db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('lyrics')`).all()).toEqual([
        { table: 'users', on_delete: 'SET NULL' },
      ]);
      // one source a track, one row a language
      const insert = db.prepare(
        "INSERT INTO lyrics (album_id, disc_id, track_id, language, source, type, data, bytes, user_id, updated_at) VALUES (?, 1, 2, ?, ?, 'text', 'x', 1, NULL, 0)",
      );
      db.transaction(() => {
        insert.run(TRACK, 'en', 1);
        expect(() => insert.run(TRACK, 'ja', 1)).toThrow(/UNIQUE/);
        expect(() => insert.run(TRACK, 'en', 0)).toThrow(/UNIQUE/);
        expect(() => db.prepare("UPDATE lyrics SET type = 'html'").run()).toThrow(/CHECK/);
        db.prepare('DELETE FROM lyrics').run();
      })();
      db.close();

      const server = await makeServer(dir);
      try {
        const c = new Client(server);
        await c.login('liker9@example.com', sha256Hex('pw'));
        expect((await c.call('PUT', '/api/favorite/playlist', { playlist_id: String(list) })).status).toBe(0);
        expect((await c.get('/api/favorite/playlist')).data).toEqual([
          { playlist_id: String(list), name: 'Old list', owner: String(owner) },
        ]);
        const lyric = { album_id: TRACK, disc_id: 1, track_id: 3, type: 'text', lang: 'en', data: 'words' };
        expect((await c.call('PATCH', '/api/lyric', lyric)).status).toBe(0);
        server.db.prepare('DELETE FROM users WHERE id = ?').run(liker);
        expect(server.db.prepare('SELECT COUNT(*) AS n FROM favourite_playlist').get()).toEqual({ n: 0 });
        expect(server.db.prepare('SELECT language, user_id FROM lyrics').all()).toEqual([
          { language: 'en', user_id: null },
        ]);
        // a like goes with its list too
        server.db
          .prepare('INSERT INTO favourite_playlist (user_id, playlist_id, created_at) VALUES (?, ?, 0)')
          .run(owner, list);
        server.db.prepare('DELETE FROM playlists WHERE id = ?').run(list);
        expect(server.db.prepare('SELECT COUNT(*) AS n FROM favourite_playlist').get()).toEqual({ n: 0 });
      } finally {
        await server.close();
      }
    } finally {
      removeDir(dir);
    }
  });
});
