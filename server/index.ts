import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApiApp } from './api/app.js';
import type { ApiEnv } from './api/context.js';
import { libraryUrlFor, publicHost, type Config } from './config.js';
import { checkpointInWorker, type Checkpoints } from './checkpoints.js';
import { ensureDataDir, nowSeconds, openDb, type Db } from './db.js';
import { pruneSessions } from './auth.js';
import { demoPaths, ensureDemoContent } from './demo/generate.js';
import { createLibraryApp, transcodeLimits } from './library/app.js';
import { hostRule } from './hostCheck.js';
import { hasFfmpeg, Transcoder, type TranscodeLimits } from './library/transcode.js';
import { loadOrCreateKeys, type LibraryKeys } from './library/keys.js';
import { scanLibrary } from './library/scan.js';
import { LoginLimiter } from './loginLimiter.js';
import { KnownDevices } from './knownDevices.js';
import { Budget } from './budget.js';
import { TwoFactor } from './twoFactor.js';
import { LIMITS } from './api/limits.js';
import { StatBudget } from './statBudget.js';
import { ShareAnswers } from './api/shareAnswers.js';
import { loadMetaRepo, type MetaRepo } from './meta/load.js';
import { ensureDemoUser, syncControlledUrls, tokenGeneration } from './users.js';

export { loadConfig, type Config } from './config.js';

export interface ServerOptions {
  /** Generate the demo metadata and library into DATA_DIR when missing (default true). */
  demoContent?: boolean;
  /** Create the DEMO_EMAIL account when missing on a demo site (default true; DEMO=0 never does). */
  demoUser?: boolean;
  /** Progress and status lines (default: console.log). */
  log?: (line: string) => void;
  /** Clock in milliseconds for the password guessing limits, the stat and registration budgets and library tokens (default Date.now; tests inject one). */
  clock?: () => number;
  /** A metadata repo to serve instead of DATA_DIR's (benchmarks serve a synthetic catalogue of 100,000 albums). */
  meta?: MetaRepo;
  /** Caps of the library's transcodes instead of LIMITS' (tests: a short wait for a stalled reader, caps of their own). */
  transcodes?: Partial<TranscodeLimits>;
}

/** How often expired sessions are deleted (besides once at start). */
export const SESSION_PRUNE_INTERVAL_MS = 3600_000;

interface StartedServer {
  apiUrl: string;
  libraryUrl: string;
}

export interface AnnivServer {
  config: Config;
  db: Db;
  keys: LibraryKeys;
  /** Anniv API + built client; `apiApp.request('/api/info')` works without a port. */
  apiApp: Hono<ApiEnv>;
  /** annil-compatible library; `libraryApp.request('/info')` works without a port. */
  libraryApp: Hono;
  /** The library's transcodes (tests count the live ffmpeg processes; not answered over HTTP). */
  transcoder: Transcoder;
  /** Library URL handed out in controlled credentials (final once start() resolved). */
  libraryUrl(): string;
  /** Listens on config.port / config.libraryPort (0 = a free port each). */
  start(): Promise<StartedServer>;
  close(): Promise<void>;
  /** Kept answers of GET /api/share (tests look at what it holds). */
  shareAnswers: ShareAnswers;
  /** The worker that checkpoints the database off the main thread (null where it could not start). */
  checkpoints: Checkpoints | null;
}

function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  port: number,
  hostname: string,
): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => {
      resolve({ server: server as Server, port: info.port });
    }) as Server;
    server.once('error', reject);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<AnnivServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  // the strict library transcodes like annil, with ffmpeg: refuse to start without it rather than
  // fail on the first lossy track
  if (config.strict && !hasFfmpeg()) {
    throw new Error(
      'ANNIV_STRICT=1 transcodes audio like annil and needs ffmpeg on PATH (Debian: apt-get install ffmpeg)',
    );
  }
  ensureDataDir(config.dataDir); // 0700 when we create it, before anything is written into it
  if (options.demoContent ?? true) await ensureDemoContent(config.dataDir, log);
  const { metaDir, libraryDir } = demoPaths(config.dataDir);
  const keys = loadOrCreateKeys(config.dataDir);
  const db = openDb(config.dataDir);
  const checkpoints = checkpointInWorker(db);
  pruneSessions(db);
  const meta = options.meta ?? loadMetaRepo(metaDir, (m) => log(`[meta] ${m}`));
  const index = scanLibrary(libraryDir, 2);

  let libraryUrl = libraryUrlFor(config, config.libraryPort);
  syncControlledUrls(db, libraryUrl);
  // library tokens: Date.now read at each call, so tests that fake the Date see their time here too
  const tokenClock = options.clock ?? (() => Date.now());
  if (config.demo && (options.demoUser ?? true))
    await ensureDemoUser(db, keys, libraryUrl, config.demoEmail, config.demoPassword, tokenClock());

  const loginLimiter = new LoginLimiter({ now: options.clock ?? Date.now });
  const statBudget = new StatBudget({ now: options.clock ?? Date.now, playsPerWindow: LIMITS.statPlaysPerUserPerHour });
  const twoFactor = new TwoFactor(config.dataDir, options.clock ?? Date.now);
  const shareAnswers = new ShareAnswers(LIMITS.shareAnswerCacheBytes);
  const knownDevices = new KnownDevices(config.dataDir);
  const registrations = new Budget<string>({
    now: options.clock ?? Date.now,
    perWindow: LIMITS.registrationsPerAddressPerHour,
  });
  const shareReads = new Budget<string>({
    now: options.clock ?? Date.now,
    perWindow: LIMITS.shareBytesPerAddressPerMinute,
    windowMs: 60_000,
  });
  const shareWrites = new Budget<number>({
    now: options.clock ?? Date.now,
    perWindow: LIMITS.shareBytesPerUserPerHour,
  });
  const apiApp = createApiApp({
    config,
    db,
    meta,
    keys,
    libraryUrl: () => libraryUrl,
    loginLimiter,
    knownDevices,
    registrations,
    shareReads,
    shareWrites,
    statBudget,
    twoFactor,
    clock: tokenClock,
    shareAnswers,
  });
  const transcoder = new Transcoder({ ...transcodeLimits(), ...options.transcodes });
  const libraryApp = createLibraryApp({
    transcoder,
    keys,
    index,
    lastUpdate: nowSeconds(),
    strict: config.strict,
    publicUrl: config.libraryPublicUrl,
    hosts: hostRule(config),
    now: tokenClock,
    tokenGeneration: (accountId) => (db.open ? tokenGeneration(db, accountId) : null),
  });
  const servers: Server[] = [];
  // Expired sessions are refused on use anyway; pruning keeps the table small. unref: the timer
  // never keeps the process alive; close() stops it.
  const pruneTimer = setInterval(() => {
    try {
      if (db.open) pruneSessions(db);
    } catch (e) {
      log(`[sessions] prune failed: ${(e as Error).message}`);
    }
  }, SESSION_PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  return {
    config,
    db,
    keys,
    apiApp,
    libraryApp,
    transcoder,
    shareAnswers,
    checkpoints,
    libraryUrl: () => libraryUrl,
    async start() {
      const lib = await listen(libraryApp.fetch, config.libraryPort, config.host);
      servers.push(lib.server);
      const api = await listen(apiApp.fetch, config.port, config.host);
      servers.push(api.server);
      libraryUrl = libraryUrlFor(config, lib.port);
      syncControlledUrls(db, libraryUrl);
      return { apiUrl: `http://${publicHost(config.host)}:${api.port}`, libraryUrl };
    },
    async close() {
      clearInterval(pruneTimer);
      await Promise.all(servers.splice(0).map(closeServer));
      await checkpoints?.stop();
      if (db.open) db.close();
    },
  };
}
