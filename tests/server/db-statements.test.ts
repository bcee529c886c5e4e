import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDb, type Db } from '../../server/db.js';
import { removeDir, tempDir } from './support/fixture.js';

/* The server prepares each SQL text once: compiling on every request cost more than running. */

let dir: string;
let db: Db;

beforeAll(() => {
  dir = tempDir();
  db = openDb(dir);
});

afterAll(() => {
  db.close();
  removeDir(dir);
});

test('the same SQL gives the same statement, and it runs with each call’s own parameters', () => {
  const sql = 'SELECT ? + ? AS sum';
  const first = db.prepare(sql);
  expect(db.prepare(sql)).toBe(first);
  expect(db.prepare(sql).get(1, 2)).toEqual({ sum: 3 });
  expect(db.prepare(sql).get(40, 2)).toEqual({ sum: 42 });
  expect(db.prepare('SELECT ? * ? AS product')).not.toBe(first);
});

test('the cache is bounded: texts beyond it are compiled again, the oldest dropped first', () => {
  const oldest = db.prepare('SELECT 0 AS n');
  for (let i = 1; i <= 600; i++) expect(db.prepare(`SELECT ${i} AS n`).get()).toEqual({ n: i });
  expect(db.prepare('SELECT 0 AS n')).not.toBe(oldest);
  const recent = db.prepare('SELECT 600 AS n');
  expect(db.prepare('SELECT 600 AS n')).toBe(recent);
});
