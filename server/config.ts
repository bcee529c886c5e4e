import path from 'node:path';

/** Site feature flags the reference server understands (protocol.md 1.6.1). */
export type Feature = 'invite' | 'close' | '2fa';
const KNOWN_FEATURES: readonly Feature[] = ['invite', 'close', '2fa'];

export interface Config {
  /** API + client port (0 = any free port). */
  port: number;
  /** annil-compatible library port (0 = any free port). */
  libraryPort: number;
  host: string;
  dataDir: string;
  /** Built client folder served with SPA fallback. */
  distDir: string;
  demoEmail: string;
  demoPassword: string;
  siteName: string;
  siteDescription: string;
  features: Feature[];
  inviteCode: string;
  /** URL written into controlled credentials; null = derived from host and the bound library port. */
  libraryPublicUrl: string | null;
}

/** Email rule of anniv-go: RFC-5322 style, lower-case letters only. */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

function portFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

function featuresFrom(value: string | undefined): Feature[] {
  if (!value) return [];
  const out: Feature[] = [];
  for (const raw of value.split(',')) {
    const f = raw.trim();
    if (!f) continue;
    if (!(KNOWN_FEATURES as readonly string[]).includes(f)) {
      throw new Error(`FEATURES: unknown feature "${f}" (known: ${KNOWN_FEATURES.join(', ')})`);
    }
    if (!out.includes(f as Feature)) out.push(f as Feature);
  }
  return out;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const demoEmail = env.DEMO_EMAIL || 'demo@anniv.local';
  if (!EMAIL_PATTERN.test(demoEmail)) {
    throw new Error(`DEMO_EMAIL "${demoEmail}" is not a valid lower-case email address`);
  }
  const features = featuresFrom(env.FEATURES);
  const inviteCode = env.INVITE_CODE ?? '';
  if (features.includes('invite') && !inviteCode) {
    throw new Error('FEATURES contains "invite" but INVITE_CODE is empty');
  }
  const publicUrl = env.LIBRARY_PUBLIC_URL?.trim();
  return {
    port: portFrom(env.PORT, 8080, 'PORT'),
    libraryPort: portFrom(env.LIBRARY_PORT, 8081, 'LIBRARY_PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    demoEmail,
    demoPassword: env.DEMO_PASSWORD || 'demo1234',
    siteName: env.SITE_NAME || 'Anniv',
    siteDescription: env.SITE_DESCRIPTION ?? '自建音乐库的网页播放器',
    features,
    inviteCode,
    libraryPublicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
  };
}

/** Host name to put into URLs we print or hand out (a wildcard bind address is not reachable). */
export function publicHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export function libraryUrlFor(config: Config, boundPort: number): string {
  return config.libraryPublicUrl ?? `http://${publicHost(config.host)}:${boundPort}`;
}
