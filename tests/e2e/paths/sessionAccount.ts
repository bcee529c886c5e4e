// The listener's account on the real server, for the sign-in paths (session.adapter.ts): registered
// and changed through the server's API with the browser context's own cookies (what another tab of
// the same browser does), and the codes an authenticator app would show for its two-step secret.
// A code is good once and only in its 30-s window or the next: each code a path sends is one window
// later than the last one the server took.
import type { APIRequestContext } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { sha256Hex } from '../../../server/auth';
import { newTotpSecret } from '@/services/totp';

const PERIOD_MS = 30_000;

export interface Account {
  email: string;
  password: string;
  nickname: string;
  /** the two-step secret while it is on at the server */
  secret: string | null;
  /** the window of the last code the server took (0: none since it was turned on) */
  lastStep: number;
  /** recovery codes the server handed out and none has used yet */
  recoveryCodes: string[];
}

/** A code for the account's secret (or `secret`), in the first window the server still takes. */
export interface FreshCode {
  code: string;
  step: number;
}

let accounts = 0;
let addresses = 0;

/** A documentation address (TEST-NET-2, 198.51.100.0/24, then on) no other account came from. */
function listenerAddress(): string {
  const n = addresses++;
  return `198.51.${100 + Math.floor(n / 254)}.${(n % 254) + 1}`;
}

/** A new account's details (not registered yet): every path and every 注册 gets its own. */
export function newAccount(): Account {
  const n = ++accounts;
  const stamp = Date.now().toString(36);
  return {
    email: `listener-${n}-${stamp}@anniv.local`,
    password: `pass-${n}-${stamp}`,
    nickname: `听众${n}`,
    secret: null,
    lastStep: 0,
    recoveryCodes: [],
  };
}

export function freshCode(account: Account, secret = account.secret): FreshCode {
  if (!secret) throw new Error(`${account.email} has no two-step secret`);
  const now = Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(account.lastStep + 1, now);
  // the server takes the window before and after its own: two codes a minute at most
  if (step > now + 1) throw new Error(`${account.email}: no fresh two-step code until the next window`);
  return { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS }), step };
}

/** Sends one call of the API and fails unless the server says OK (status 0): its data. */
export async function call(
  api: APIRequestContext,
  method: string,
  url: string,
  body?: object,
  headers?: Record<string, string>,
): Promise<unknown> {
  const response = await api.fetch(url, { method, ...(body && { data: body }), ...(headers && { headers }) });
  const envelope = (await response.json()) as { status: number; message: string; data: unknown };
  if (envelope.status !== 0)
    throw new Error(`${method} ${url}: the server answered ${envelope.status} ${envelope.message}`);
  return envelope.data;
}

/** The server's side of a listener's account, reached from another tab of the page's browser. */
export class AccountDesk {
  constructor(
    private readonly api: APIRequestContext,
    private readonly baseUrl: string,
  ) {}

  /**
   * Registers the account as a listener at an address of their own: a server allows 10 accounts an
   * hour from one address, and a run of every machine's paths registers more. The suite's server
   * trusts the proxy header (TRUST_PROXY=1); a deployed site does not take it from a client, and
   * its limit holds (docs/qa.md).
   */
  async register(account: Account): Promise<void> {
    const body = { email: account.email, password: sha256Hex(account.password), nickname: account.nickname };
    await call(this.api, 'POST', `${this.baseUrl}/api/user/register`, body, { 'x-forwarded-for': listenerAddress() });
  }

  async signIn(account: Account): Promise<void> {
    await call(this.api, 'POST', `${this.baseUrl}/api/user/login`, {
      email: account.email,
      password: sha256Hex(account.password),
    });
  }

  /** Signs out in another tab: the browser's session ends at the server, and the page does not know yet. */
  async signOut(): Promise<void> {
    await call(this.api, 'POST', `${this.baseUrl}/api/user/logout`);
  }

  /** Turns two-step sign-in on from another tab, with a secret of its own. */
  async turnOnTwoFactor(account: Account): Promise<void> {
    const secret = newTotpSecret();
    const { code, step } = freshCode({ ...account, lastStep: 0 }, secret);
    const answer = (await call(this.api, 'POST', `${this.baseUrl}/api/features/2fa`, {
      '2fa_secret': secret,
      '2fa_code': code,
      password: sha256Hex(account.password),
    })) as {
      recovery_codes: string[];
    };
    Object.assign(account, { secret, lastStep: step, recoveryCodes: answer.recovery_codes });
  }

  /** Turns two-step sign-in off from another tab, with a fresh code. */
  async turnOffTwoFactor(account: Account): Promise<void> {
    const { code } = freshCode(account);
    await call(this.api, 'DELETE', `${this.baseUrl}/api/features/2fa`, { '2fa_code': code });
    Object.assign(account, { secret: null, lastStep: 0, recoveryCodes: [] });
  }
}
