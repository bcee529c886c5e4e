/**
 * Runs the REAL reference server as a child process (`node --import tsx server/main.ts`) on
 * loopback with free ports. No vitest imports: the e2e global setup uses it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DIST_DIR = join(REPO_ROOT, 'dist');
const SERVER_ENTRY = join(REPO_ROOT, 'server', 'main.ts');

export const DEMO_EMAIL = 'demo@anniv.local';
export const DEMO_PASSWORD = 'demo1234';

export interface StartServerOptions {
  /** Extra environment for the server: FEATURES, INVITE_CODE, DEMO_EMAIL, SITE_NAME, … */
  env?: Record<string, string>;
  /** Copy the demo content generated once per run (default). False: the server makes its own. */
  reuseDemo?: boolean;
  /** Use this DATA_DIR as is instead of a fresh temporary one (it is then not deleted on stop). */
  dataDir?: string;
  /** How long to wait for the server to answer (default 120 s: a first start synthesises audio). */
  readyTimeoutMs?: number;
  /** Server entry file (default server/main.ts). */
  entry?: string;
  /** The built client to serve (default this repo's dist/); benchmarks serve other clients with it. */
  distDir?: string;
}

export interface TestServer {
  /** Where the client and /api are served, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The annil-compatible library server, e.g. http://127.0.0.1:41235 */
  libraryUrl: string;
  demo: { email: string; password: string };
  dataDir: string;
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  logs(): string;
  /** Stops the server and removes its temporary DATA_DIR. Safe to call twice. */
  stop(): Promise<void>;
}

/** Copies a DATA_DIR without its SQLite database, so the copy starts with a fresh one. */
export async function copyDemoContent(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from)) {
    if (isDatabaseFile(entry)) continue;
    await cp(join(from, entry), join(to, entry), { recursive: true });
  }
}

function isDatabaseFile(name: string): boolean {
  return /\.(db|sqlite3?)(-wal|-shm|-journal)?$/.test(name);
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface SpawnOptions extends StartServerOptions {
  dataDir: string;
  removeDataDir: boolean;
}

/** Spawns server/main.ts and waits until both its API and its library answer. */
export async function spawnServer(options: SpawnOptions): Promise<TestServer> {
  const entry = options.entry ?? SERVER_ENTRY;
  if (!existsSync(entry)) throw new Error(`The reference server is missing: ${entry}`);
  const [port, libraryPort] = await distinctFreePorts(2);
  const env: Record<string, string> = {
    DEMO_EMAIL,
    DEMO_PASSWORD,
    ...options.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    LIBRARY_PORT: String(libraryPort),
    DATA_DIR: options.dataDir,
    DIST_DIR: options.distDir ?? DIST_DIR,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const baseUrl = `http://127.0.0.1:${port}`;
  const libraryUrl = `http://127.0.0.1:${libraryPort}`;
  let stopped: Promise<void> | undefined;
  const server: TestServer = {
    baseUrl,
    libraryUrl,
    demo: { email: env.DEMO_EMAIL!, password: env.DEMO_PASSWORD! },
    dataDir: options.dataDir,
    pid: child.pid ?? -1,
    logs: () => output,
    stop: () =>
      (stopped ??= (async () => {
        process.off('exit', killOnExit);
        await stopChild(child);
        if (options.removeDataDir) await rm(options.dataDir, { recursive: true, force: true });
      })()),
  };

  try {
    await waitUntilReady(child, [`${baseUrl}/api/info`, `${libraryUrl}/info`], options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await server.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Reference server did not start: ${reason}\n--- server output ---\n${output}`, { cause: error });
  }
  return server;
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

async function waitUntilReady(child: ChildProcess, urls: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size > 0) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`it exited with ${child.exitCode ?? child.signalCode}`);
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${[...pending].join(', ')} within ${timeoutMs} ms`);
    for (const url of [...pending]) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (response.ok) pending.delete(url);
      } catch {
        // not listening yet
      }
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
