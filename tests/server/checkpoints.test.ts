import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { checkpointInWorker } from '../../server/checkpoints.js';
import { makeDataDir, makeServer, removeDir, serverSuite } from './support/fixture.js';

/*
 * The server's own connection never copies the write-ahead log back into the database (that
 * copy, inside whichever commit crossed 1,000 pages, held every request up); a worker thread does.
 */

const suite = serverSuite('none');

const walBytes = (): number => fs.statSync(path.join(suite.dir, 'anniv.db-wal')).size;

test('a large write leaves the log to the worker, which checkpoints it whole; the data reads back', async () => {
  expect(suite.server.checkpoints).not.toBeNull();
  expect(suite.server.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  suite.server.db.exec('CREATE TABLE IF NOT EXISTS bulk (id INTEGER PRIMARY KEY, text TEXT)');
  const text = 'x'.repeat(8 * 1024 * 1024);
  suite.server.db.prepare('INSERT INTO bulk (text) VALUES (?)').run(text);
  // 8 MiB is over 2,000 pages: the main connection would have checkpointed inside that commit
  expect(walBytes()).toBeGreaterThan(8 * 1024 * 1024);
  const result = await suite.server.checkpoints!.now();
  expect(result.busy).toBe(0);
  expect(result.log).toBeGreaterThan(2000);
  expect(result.checkpointed).toBe(result.log);
  expect((suite.server.db.prepare('SELECT length(text) AS n FROM bulk').get() as { n: number }).n).toBe(text.length);
});

test('closing stops the worker and hands checkpoints back to the connection', async () => {
  const otherDir = await makeDataDir('none');
  const other = await makeServer(otherDir);
  await other.checkpoints!.stop();
  expect(other.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  await other.close();
  removeDir(otherDir);
});

test('a checkpoint asked for is answered by its own run, not by a timed one sent meanwhile', async () => {
  const dir = await makeDataDir('none');
  const db = new Database(path.join(dir, 'busy.db'));
  db.pragma('journal_mode = WAL');
  // timed checkpoints every millisecond: their answers are always on their way
  const checkpoints = checkpointInWorker(db, 1)!;
  db.exec('CREATE TABLE bulk (id INTEGER PRIMARY KEY, text TEXT)');
  db.prepare('INSERT INTO bulk (text) VALUES (?)').run('x'.repeat(8 * 1024 * 1024));
  const result = await checkpoints.now();
  // the answer to this request counts the 8 MiB just written (over 2,000 pages)
  expect(result.log).toBeGreaterThan(2000);
  expect(result.checkpointed).toBe(result.log);
  await checkpoints.stop();
  db.close();
  removeDir(dir);
});
