import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db.js';

/*
 * SQLite in WAL mode copies the log back into the database file (a checkpoint) once the log passes
 * 1,000 pages, inside whichever commit crosses that line. better-sqlite3 runs on the server's one
 * thread, so that commit held every other request up: storing a 4 MB share took 100-260 ms with the
 * checkpoint and about 20 ms without it. Here the main connection never checkpoints; a worker thread
 * with its own connection does, every CHECKPOINT_EVERY_MS, in PASSIVE mode (it never waits for or
 * blocks a reader or writer). If the worker cannot run, the main connection checkpoints as before.
 */

const CHECKPOINT_EVERY_MS = 1000;

/** The worker, as plain JavaScript so it runs the same under tsx, vitest and plain node. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// asked: whether it answers a now() (a timed checkpoint's answer may be on its way meanwhile)
const checkpoint = (asked) => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ done: result, asked });
  } catch (error) {
    parentPort.postMessage({ error: String(error), asked });
  }
};
const timer = setInterval(() => checkpoint(false), workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'now') checkpoint(true);
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface Checkpoints {
  /** Asks for a checkpoint now; resolves with SQLite's answer (`log` pages, `checkpointed` pages). */
  now(): Promise<{ busy: number; log: number; checkpointed: number }>;
  stop(): Promise<void>;
}

/** Moves `db`'s checkpoints to a worker thread; null (and checkpoints left where they were) if it cannot start. */
export function checkpointInWorker(db: Db, everyMs = CHECKPOINT_EVERY_MS): Checkpoints | null {
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return null;
  let worker: Worker;
  try {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER, { eval: true, workerData: { sqlite, file: db.name, everyMs } });
  } catch (error) {
    console.warn(`[db] checkpoints stay on the main thread: ${String(error)}`);
    return null;
  }
  worker.unref();
  db.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const fallBack = (why: string): void => {
    if (stopped) return;
    stopped = true;
    console.warn(`[db] the checkpoint worker stopped (${why}); checkpoints are back on the main thread`);
    if (db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', (error) => fallBack(String(error)));
  worker.on('message', (message: { error?: string }) => {
    if (message.error) console.warn(`[db] checkpoint: ${message.error}`);
  });
  return {
    now: () =>
      new Promise((resolve, reject) => {
        const answer = (message: {
          done?: { busy: number; log: number; checkpointed: number };
          error?: string;
          asked?: boolean;
        }): void => {
          // a timed checkpoint's answer (sent before this one was asked for) is not the answer
          if (!message.asked) return;
          worker.off('message', answer);
          if (message.done) resolve(message.done);
          else reject(new Error(message.error ?? 'no checkpoint'));
        };
        worker.on('message', answer);
        worker.postMessage('now');
      }),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
      if (db.open) db.pragma('wal_autocheckpoint = 1000');
    },
  };
}
