import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/*
 * Host names both servers answer for. A DNS-rebinding page (evil.example, its name pointed at this
 * machine once the page has loaded) reaches the server with `Host: evil.example` and, for a write,
 * `Origin: http://evil.example`: the two match, so the cross-site check alone lets it through, and
 * the anonymous routes and the library answer it. A rebinding page always has a DNS name of the
 * attacker's in its Host, so the servers answer only:
 *
 * - IP addresses (`127.0.0.1`, `[::1]`, `192.168.1.5`): no page can rebind to a literal;
 * - `localhost` and `*.localhost` (browsers resolve them to loopback themselves, never by DNS);
 * - the host names of PUBLIC_ORIGIN and LIBRARY_PUBLIC_URL;
 * - ALLOWED_HOSTS: more names, `.example.com` for a name and every name under it, `*` for any.
 *
 * Other names get 421 Misdirected Request before anything else runs. Ports are not compared: the
 * browser connects to the port of the page's address, whatever its name. With TRUST_PROXY and the
 * site's name given (PUBLIC_ORIGIN or ALLOWED_HOSTS) the X-Forwarded-Host the proxy wrote is
 * checked too: a proxy's catch-all server passes any name on. Behind a proxy (TRUST_PROXY) with
 * neither given, the server cannot know its name and answers any, as before this check
 * (server/main.ts warns at start).
 */

/** One ALLOWED_HOSTS entry: a host name, `.name` for it and its subdomains, or `*`. */
const ENTRY = /^(\*|\.?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)$/;

/** ALLOWED_HOSTS as a list of lower-case entries; throws on anything but host names. */
export function allowedHostsFrom(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (!ENTRY.test(entry)) {
      throw new Error(
        `ALLOWED_HOSTS takes host names separated by commas (music.example.com, .example.com, or *), got "${raw.trim()}"`,
      );
    }
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

/** The host name of a Host header value (`name:port`, `[v6]:port`), lower-case; null if it has none. */
export function hostNameOf(host: string): string | null {
  const value = host.trim().toLowerCase();
  if (!value) return null;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 1 ? value.slice(1, end) : null;
  }
  const colon = value.indexOf(':');
  const name = colon === -1 ? value : value.slice(0, colon);
  return name.replace(/\.$/, '') || null;
}

export interface HostRule {
  /** `*` or host names (`.name`: the name and those under it) beyond IPs and localhost */
  names: readonly string[];
  /** whether a proxy's X-Forwarded-Host is checked as well (the site's name is known) */
  checkForwarded: boolean;
}

/** What the rule needs of the settings (server/config.ts). */
export interface HostSettings {
  allowedHosts: readonly string[];
  publicOrigin: string | null;
  libraryPublicUrl: string | null;
  trustProxy: number;
}

/** Whether the settings name the site (PUBLIC_ORIGIN or ALLOWED_HOSTS). */
export const siteNamed = (settings: HostSettings): boolean =>
  settings.publicOrigin !== null || settings.allowedHosts.length > 0;

/** The rule from the site's settings: its public names and ALLOWED_HOSTS. */
export function hostRule(settings: HostSettings): HostRule {
  if (settings.trustProxy > 0 && !siteNamed(settings)) return { names: ['*'], checkForwarded: false };
  const names = [...settings.allowedHosts];
  for (const url of [settings.publicOrigin, settings.libraryPublicUrl]) {
    if (url) names.push(new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, ''));
  }
  return { names, checkForwarded: siteNamed(settings) };
}

/** The rule of a server that knows no names of its own: IP addresses and localhost. */
export const LOCAL_HOSTS_ONLY: HostRule = { names: [], checkForwarded: false };

/** Whether a Host header value names this server under the rule. */
export function hostAllowed(rule: HostRule, host: string): boolean {
  const name = hostNameOf(host);
  if (name === null) return false;
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
  return rule.names.some(
    (entry) =>
      entry === '*' || entry === name || (entry.startsWith('.') && (name === entry.slice(1) || name.endsWith(entry))),
  );
}

const MISDIRECTED = 'Misdirected Request: this server does not answer for that host name (ALLOWED_HOSTS names more)';

/**
 * 421 for a request whose Host (or, where given, the forwarded host) is not one of this server's.
 * A request without a Host header (HTTP/1.0, or an in-process request in the tests) is checked by
 * the host of its URL.
 */
export function hostCheck(
  rule: HostRule,
  forwardedHost: (c: Parameters<MiddlewareHandler>[0]) => string | undefined = () => undefined,
): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const viaProxy = forwardedHost(c);
    if (!hostAllowed(rule, host) || (rule.checkForwarded && viaProxy !== undefined && !hostAllowed(rule, viaProxy))) {
      return c.text(MISDIRECTED, 421, { 'Cache-Control': 'no-store' });
    }
    await next();
  };
}
