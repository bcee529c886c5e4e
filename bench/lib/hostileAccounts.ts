/**
 * Attackers of `npm run bench -- hostile` that go for accounts rather than for the server's time:
 *
 * - `owner`: a stranger keeps guessing an account's password (its own address, no device cookie)
 *   while the owner signs in every second from a known device (the `device` cookie of an earlier
 *   sign-in) and from yet another address. The owner must get in every time; the stranger never,
 *   not even with the right password once the account is locked for unknown devices.
 * - `register`: a flood of registrations from one IPv4 address and from fresh addresses of one IPv6
 *   /64. Each address group gets its hourly allowance and no more; a listener at another address
 *   still registers meanwhile.
 *
 * The server trusts one proxy (TRUST_PROXY=1), so `x-forwarded-for` sets the address each request
 * comes from. Each loop counts how it was answered; the hostile module turns wrong answers into
 * problems.
 */
import { sha256Hex } from '../../server/auth';

export interface Answer {
  http: number;
  /** the envelope's status; -1 when the answer is not an envelope */
  status: number;
  message: string;
  data: unknown;
  cookies: string[];
}

/** One call of the API: `body` as JSON (a string as it is), with `cookie` and from `from` if given. */
export async function call(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; from?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.from ? { 'x-forwarded-for': init.from } : {}),
    },
    body: init.body === undefined || typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let envelope: { status?: number; message?: string; data?: unknown } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    // not an envelope: status stays -1
  }
  return {
    http: response.status,
    status: envelope.status ?? -1,
    message: envelope.message ?? '',
    data: envelope.data,
    cookies: response.headers.getSetCookie(),
  };
}

const post = (baseUrl: string, path: string, body: unknown, from: string, cookie?: string): Promise<Answer> =>
  call(baseUrl, path, { method: 'POST', body, from, cookie });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Account {
  email: string;
  password: string;
  nickname: string;
}

export async function registerAccount(baseUrl: string, account: Account, from: string): Promise<void> {
  const answer = await post(baseUrl, '/api/user/register', { ...account, password: sha256Hex(account.password) }, from);
  if (answer.status !== 0)
    throw new Error(`register ${account.email} from ${from}: ${answer.status} ${answer.message}`);
}

/** Signs in once and keeps what a browser would keep of it: the `device` cookie. */
export async function knownDevice(baseUrl: string, account: Account, from: string): Promise<string> {
  const answer = await post(
    baseUrl,
    '/api/user/login',
    { email: account.email, password: sha256Hex(account.password) },
    from,
  );
  const device = answer.cookies.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('device='));
  if (answer.status !== 0 || !device)
    throw new Error(`sign-in of ${account.email}: ${answer.status}, device cookie ${device ? 'set' : 'missing'}`);
  return device;
}

export interface OwnerLog {
  guesses: number;
  /** guesses (wrong, or the right password without the device) that signed the stranger in */
  strangerOpened: number;
  /** the stranger's right password refused while the account is locked for unknown devices */
  strangerRightRefused: number;
  ownerSignIns: number;
  /** the owner's refusals on the known device (`status message`) */
  ownerRefused: string[];
}

export const newOwnerLog = (): OwnerLog => ({
  guesses: 0,
  strangerOpened: 0,
  strangerRightRefused: 0,
  ownerSignIns: 0,
  ownerRefused: [],
});

const STRANGER = '203.0.113.77';
const OWNER_AT = '198.51.100.201';

/** The stranger: wrong passwords without pause, and every 20th try the right one (no device cookie). */
export async function strangerLoop(
  baseUrl: string,
  owner: Account,
  until: () => boolean,
  log: OwnerLog,
): Promise<void> {
  for (let i = 0; until(); i++) {
    const right = i % 20 === 19;
    const answer = await post(
      baseUrl,
      '/api/user/login',
      { email: owner.email, password: sha256Hex(right ? owner.password : `guess-${i}`) },
      STRANGER,
    );
    log.guesses += 1;
    if (answer.status === 0) log.strangerOpened += 1;
    else if (right) log.strangerRightRefused += 1;
  }
}

/** The owner: signs in from the known device once a second, from an address of their own. */
export async function ownerLoop(
  baseUrl: string,
  owner: Account,
  device: string,
  until: () => boolean,
  log: OwnerLog,
): Promise<void> {
  while (until()) {
    const answer = await post(
      baseUrl,
      '/api/user/login',
      { email: owner.email, password: sha256Hex(owner.password) },
      OWNER_AT,
      device,
    );
    if (answer.status === 0) log.ownerSignIns += 1;
    else log.ownerRefused.push(`${answer.status} ${answer.message}`);
    await sleep(1000);
  }
}

export interface RegisterLog {
  /** accounts made, per address group */
  made: Record<string, number>;
  /** refused with the limit's message */
  limited: number;
  /** any other answer (`status message`), a few kept */
  other: string[];
  /** the listener at another address registered during the flood */
  bystanderRegistered: boolean;
}

export const newRegisterLog = (): RegisterLog => ({ made: {}, limited: 0, other: [], bystanderRegistered: false });

const LIMITED = /^too many accounts registered from this address/;

/**
 * Registers without pause from `addressOf(i)` (one group per loop: an IPv4 address, or fresh
 * addresses of one IPv6 /64) until `until()` is false.
 */
export async function registerFlood(
  baseUrl: string,
  group: string,
  addressOf: (i: number) => string,
  until: () => boolean,
  log: RegisterLog,
): Promise<void> {
  for (let i = 0; until(); i++) {
    const account = {
      email: `flood-${group.toLowerCase().replace(/[^a-z0-9]/g, '')}-${i}@anniv.local`,
      password: sha256Hex(`flood-${i}`),
      nickname: `f${i}`,
    };
    const answer = await post(baseUrl, '/api/user/register', account, addressOf(i));
    if (answer.status === 0) log.made[group] = (log.made[group] ?? 0) + 1;
    else if (LIMITED.test(answer.message)) log.limited += 1;
    else if (log.other.length < 5) log.other.push(`${answer.status} ${answer.message}`);
  }
}

/** A listener at an address of its own registers once the flood is under way. */
export async function bystander(baseUrl: string, log: RegisterLog): Promise<void> {
  await sleep(1000);
  const answer = await post(
    baseUrl,
    '/api/user/register',
    { email: 'bystander@anniv.local', password: sha256Hex('bystander-1'), nickname: 'b' },
    '198.51.100.250',
  );
  log.bystanderRegistered = answer.status === 0;
  if (answer.status !== 0) log.other.push(`bystander: ${answer.status} ${answer.message}`);
}
