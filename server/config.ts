import path from 'node:path';
import { allowedHostsFrom } from './hostCheck.js';

/** Site feature flags the reference server understands (docs/protocol.md#site). */
export type Feature = 'invite' | 'close' | '2fa' | '2fa_enforced';
const KNOWN_FEATURES: readonly Feature[] = ['invite', 'close', '2fa', '2fa_enforced'];

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
  /**
   * Reverse proxies in front of the API (TRUST_PROXY, 0 = none): with n > 0 the client address is
   * the n-th X-Forwarded-For entry from the right and X-Forwarded-Proto / -Host are honoured.
   */
  trustProxy: number;
  /**
   * The origin browsers use for the app (PUBLIC_ORIGIN, e.g. `https://music.example.com`); null =
   * whatever the request says. An https origin marks the site as served over HTTPS: Secure cookies.
   */
  publicOrigin: string | null;
  /**
   * ALLOWED_HOSTS: host names both servers answer for beyond IP addresses, localhost and the names
   * of PUBLIC_ORIGIN and LIBRARY_PUBLIC_URL (`.example.com` for subdomains too, `*` for any name);
   * other names get 421 (server/hostCheck.ts).
   */
  allowedHosts: string[];
  /**
   * ANNIV_STRICT: behave like anniv-go and annil wherever they are stricter or different and the
   * client depends on it (the built client served as files only, no XSRF, ...), so the client is
   * tested against what real deployments do, not against this server's leniency.
   */
  strict: boolean;
  /**
   * DEMO (default 1): a demo site has the DEMO_EMAIL account and gives every new account this
   * server's library. DEMO=0 (a real site): no demo account, new accounts start with no library.
   */
  demo: boolean;
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

function trustProxyFrom(value: string | undefined): number {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === '0' || v === 'false' || v === 'no') return 0;
  if (v === 'true' || v === 'yes') return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 10)
    throw new Error(`TRUST_PROXY must be 0, 1 (one proxy) or the number of proxies, got "${value}"`);
  return n;
}

function flagFrom(value: string | undefined, name: string, fallback = false): boolean {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '') return fallback;
  if (v === '0' || v === 'false' || v === 'no') return false;
  if (v === '1' || v === 'true' || v === 'yes') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

function originFrom(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an origin like https://music.example.com, got "${value}"`);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(
      `PUBLIC_ORIGIN must be an origin like https://music.example.com (scheme, host, optional port; no path), got "${value}"`,
    );
  }
  return url.origin;
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
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    publicOrigin: originFrom(env.PUBLIC_ORIGIN),
    allowedHosts: allowedHostsFrom(env.ALLOWED_HOSTS),
    strict: flagFrom(env.ANNIV_STRICT, 'ANNIV_STRICT'),
    demo: flagFrom(env.DEMO, 'DEMO', true),
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
