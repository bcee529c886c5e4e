/**
 * The REAL reference server for browser tests: a child process on loopback with free ports and
 * its own temporary DATA_DIR.
 *
 *   const server = await startServer({ env: { FEATURES: 'invite', INVITE_CODE: 'abc' } });
 *   ... server.baseUrl, server.libraryUrl, server.demo.email / .password ...
 *   await server.stop();
 *
 * Demo audio takes a while to synthesise, so the e2e global setup (globalSetup.ts) generates it
 * once per run; every server copies that content but never its database, so each test file
 * starts from a fresh database holding only the demo account. The built client must be in dist/
 * (`npm run test:e2e` builds it first).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { copyDemoContent, spawnServer, type StartServerOptions, type TestServer } from '../../../harness/serverProcess';

export { freePort, type StartServerOptions, type TestServer } from '../../../harness/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DATA_DIR holding pre-generated demo content (see globalSetup.ts); '' when absent. */
    demoDataDir: string;
  }
}

/** Starts the reference server for one test file. */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'anniv-e2e-')));
  if (ownDataDir && options.reuseDemo !== false) {
    const demoDir = safeInject();
    if (demoDir) await copyDemoContent(demoDir, dataDir);
  }
  try {
    // a cheaper password hash: the files register and sign in hundreds of times (server/auth.ts)
    const env = { PASSWORD_SCRYPT_N: '1024', ...options.env };
    return await spawnServer({ ...options, env, dataDir, removeDataDir: ownDataDir });
  } catch (error) {
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The demo DATA_DIR provided by the global setup, if this runs under it. */
function safeInject(): string {
  try {
    return inject('demoDataDir') ?? '';
  } catch {
    return '';
  }
}
