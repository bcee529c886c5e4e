/**
 * The reference server under attack, on loopback. The real server runs as a child process (as
 * `npm start` runs it); autocannon loads it from this process while attackers send what once froze
 * it or could be guessed at leisure:
 *
 * 1. baseline: /api/info, signed-in /api/meta/album and 64 KiB audio ranges from the library, each
 *    alone at 50 connections;
 * 2. attack: the same three together (50 connections in all) for ATTACK_SECONDS while
 *    - two loops post the largest stat report the limits accept (1,000 plays: 100 entries × 10
 *      times) from ten accounts in turn, until each account's hourly budget (10,000 plays) is
 *      spent and it is refused (901000),
 *    - a loop posts stat reports over the limits (1,000,000 times: 413 before reading; 90,000
 *      times in under 1 MiB: refused after parsing, nothing stored),
 *    - a loop sends 100 MB bodies to /api/user/login, with Content-Length and chunked,
 *    - a loop guesses the password of a second account;
 *    the server's memory (RSS from /proc) is sampled throughout;
 *    and then, each alone for ATTACK_EACH_SECONDS with its own rows, attackers of body shape and answer size:
 *    - `nested`: two loops PUT /api/playlist 8 MiB of nested arrays (`[[[[…]]]]`), refused 902003,
 *    - `unknownkeys`: two loops PUT /api/playlist a form of 600,000 unknown keys (6.7 MB), refused 902003,
 *    - `share`: 16 anonymous readers GET the largest share allowed (≈ 4 MB answer) without compression
 *      (refused with 902001 once their address has read 64 MiB in the minute),
 *    - `makeshare`: two loops of one signed-in user create the largest share allowed (refused with
 *      902001 once the user's 64 MiB of shares of the hour are made),
 *    - `owner`: a stranger guesses an account's password while its owner signs in every second from
 *      a known device (bench/lib/hostileAccounts.ts): the owner always gets in, the stranger never,
 *    - `register`: a registration flood from one IPv4 address and from fresh addresses of one IPv6
 *      /64: each group gets its hourly allowance and no more, a listener elsewhere still registers,
 *    - `transcode`: one share link of the demo's longest track (transcoded by ffmpeg): 20 requests
 *      torn down 5 ms, 100 ms and 1.5 s after they were sent, and 20 clients that stop reading,
 *      each followed by the ffmpeg processes left (target 0; a stalled reader is cut after
 *      LIMITS.transcodeStalledMs); then 24 listeners play the track again and again (waiting as a
 *      503's Retry-After says) during the three loads (bench/lib/hostileTranscodes.ts);
 * 3. afterwards: every accepted stat row is stored (GET /api/stat/self of each account), the demo account still
 *    signs in, the guessed account is locked (refused) rather than opened.
 *
 * Each phase's first row also gives what it cost where: the server's own event-loop delay (the
 * server runs with REPORT_EVENT_LOOP=1) and the CPU seconds of the server and of this process. The
 * attackers are written as an attacker's tool would be (plain sockets, bodies made once), so on a
 * 2-core machine they do not take the cores from the server they attack.
 *
 * Target: /api/info p99 under 100 ms during the attack, zero errors, nothing lost. Speed is
 * reported, never asserted; a wrong answer (an error or 5xx under load, a lost row, an attack
 * that is not refused) fails the module.
 *
 * `HOSTILE_SECONDS` (default 20), `HOSTILE_EACH_SECONDS` (default 10) and `HOSTILE_BASE_SECONDS`
 * (default 5) set the phase lengths; `HOSTILE_ATTACKS` (default all:
 * stat,overlimit,huge,guess,nested,unknownkeys,share,makeshare,owner,register,transcode) picks attackers, to see what each costs.
 */
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LIMITS } from '../server/api/limits';
import { LOOP_REPORT_LINE } from '../server/loopReport';
import { sha256Hex } from '../server/auth';
import { DEMO_ALBUMS } from '../server/demo/catalog';
import { spawnServer, type TestServer } from '../harness/serverProcess';
import {
  bodyLoop,
  largestShareBody,
  makeShareLoop,
  nestedArrays,
  newBodyLog,
  newMakeShareLog,
  newShareLog,
  readShareLoop,
  unknownKeys,
} from './lib/hostileBodies';
import {
  bystander,
  call,
  knownDevice,
  newOwnerLog,
  newRegisterLog,
  ownerLoop,
  registerAccount,
  registerFlood,
  strangerLoop,
  type Answer,
} from './lib/hostileAccounts';
import {
  abortedRequests,
  ffmpegLeftAfter,
  listenerLoop,
  longestDemoTrack,
  newListenerLog,
  stalledReaders,
  type Statuses,
} from './lib/hostileTranscodes';
import { round } from './lib/stats';
import { formatTable } from './lib/table';
import type { BenchModule, Cell } from './lib/types';

const ATTACK_SECONDS = Number(process.env.HOSTILE_SECONDS ?? 20);
const BASE_SECONDS = Number(process.env.HOSTILE_BASE_SECONDS ?? 5);
const EACH_SECONDS = Number(process.env.HOSTILE_EACH_SECONDS ?? 10);
const ATTACKS = new Set(
  (
    process.env.HOSTILE_ATTACKS ??
    'stat,overlimit,huge,guess,nested,unknownkeys,share,makeshare,owner,register,transcode'
  ).split(','),
);
/** Attackers that run together in one phase (the first ones); the others get a phase each. */
const TOGETHER = ['stat', 'overlimit', 'huge', 'guess'].filter((a) => ATTACKS.has(a));
const ALONE = (['nested', 'unknownkeys', 'share', 'makeshare', 'owner', 'register', 'transcode'] as const).filter((a) =>
  ATTACKS.has(a),
);
/** requests torn down this many ms after they were sent, 20 each */
const ABORT_AFTER_MS = [5, 100, 1500] as const;
const ABORTED_REQUESTS = 20;
const STALLED_READERS = 20;
const SHARE_LISTENERS = 24;
const NESTED_BYTES = 8 * 1024 * 1024;
const UNKNOWN_KEYS = 600_000;
const SHARE_READERS = 16;
const CONNECTIONS = 50;
/** How the 50 connections of the attack phase are shared. */
const ATTACK_CONNECTIONS = { info: 20, meta: 20, audio: 10 } as const;
const INFO_P99_TARGET_MS = 100;
const RANGE_BYTES = 64 * 1024;
const HUGE_BODY_BYTES = 100 * 1000 * 1000;
const STAT_ENTRIES = 100;
const STAT_TIMES = 10;
const STAT_ACCOUNTS = 10;
const BUDGET_REFUSAL = /^too many plays reported/;
const VICTIM = { email: 'victim@anniv.local', password: 'right-password-1', nickname: 'victim' };
/**
 * The attacker's address. The server trusts one proxy (TRUST_PROXY=1) so the attacker and the
 * listeners, all on loopback here, count as different addresses, as they would on the internet:
 * the per-address guessing limit locks the attacker's address, not everyone's.
 */
const ATTACKER = '203.0.113.66';

type Load = 'info' | 'meta' | 'audio';

interface Target {
  url: string;
  headers: Record<string, string>;
}

interface Session {
  cookie: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One call of the API as `session` from `from` (bench/lib/hostileAccounts.ts `call`). */
const api = (
  server: TestServer,
  path: string,
  init: { method?: string; body?: unknown; session?: Session; from?: string } = {},
): Promise<Answer> => call(server.baseUrl, path, { ...init, cookie: init.session?.cookie });

async function signIn(server: TestServer, email: string, password: string): Promise<Session> {
  const answer = await api(server, '/api/user/login', {
    method: 'POST',
    body: { email, password: sha256Hex(password) },
  });
  if (answer.status !== 0) throw new Error(`sign-in of ${email} refused: ${answer.status} ${answer.message}`);
  return { cookie: answer.cookies.map((c) => c.split(';')[0]).join('; ') };
}

async function targets(server: TestServer, session: Session): Promise<Record<Load, Target>> {
  const credentials = (await api(server, '/api/credential', { session })).data as { url: string; token: string }[];
  const credential = credentials[0];
  if (!credential) throw new Error('the demo account has no credential');
  const album = DEMO_ALBUMS[0]!.album_id;
  const audioUrl = `${credential.url.replace(/\/$/, '')}/${album}/1/1`;
  const head = await fetch(audioUrl, { method: 'HEAD', headers: { authorization: credential.token } });
  const size = Number(head.headers.get('content-length'));
  if (!head.ok || !(size > RANGE_BYTES)) throw new Error(`audio HEAD ${audioUrl}: ${head.status}, ${size} bytes`);
  const start = Math.floor((size - RANGE_BYTES) / 2);
  return {
    info: { url: `${server.baseUrl}/api/info`, headers: {} },
    meta: { url: `${server.baseUrl}/api/meta/album?id=${album}`, headers: { cookie: session.cookie } },
    audio: {
      url: audioUrl,
      headers: { authorization: credential.token, range: `bytes=${start}-${start + RANGE_BYTES - 1}` },
    },
  };
}

function load(target: Target, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url: target.url, headers: target.headers, connections, duration: seconds, timeout: 10 });
}

/**
 * What the phase cost where: the server's own event-loop delay (its once-a-second reports, worst
 * interval) and the CPU seconds of the server and of this process (autocannon and the attackers).
 * On a 2-core machine the three compete for the cores, so a slow /api/info with a calm server loop
 * is the machine's load, not a stalled server.
 */
interface PhaseCost {
  loopP99Ms: number;
  loopMaxMs: number;
  serverCpuS: number;
  benchCpuS: number;
}

function loadRow(phase: string, name: Load, result: autocannon.Result, cost: PhaseCost): Record<string, Cell> {
  const bad = result.errors + result.non2xx;
  const first = name === 'info';
  return {
    phase,
    load: name,
    connections: result.connections,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'errors+non2xx': bad,
    'server loop p99/max ms': first ? `${round(cost.loopP99Ms)} / ${round(cost.loopMaxMs)}` : '',
    'cpu s server/bench': first ? `${round(cost.serverCpuS)} / ${round(cost.benchCpuS)}` : '',
    target: name === 'info' && phase !== 'baseline' ? `p99 < ${INFO_P99_TARGET_MS} ms, 0 errors` : '0 errors',
    met:
      (name !== 'info' || phase === 'baseline' || result.latency.p99 < INFO_P99_TARGET_MS) && bad === 0 ? 'yes' : 'NO',
  };
}

/** A row of what was left after an attack on the transcodes (the load columns empty). */
function leftRow(phase: string, left: number, statuses: Statuses): Record<string, Cell> {
  const answers = Object.entries(statuses)
    .map(([status, n]) => `${n}×${status === '0' ? 'none' : status}`)
    .join(' ');
  return {
    phase,
    load: `ffmpeg left: ${left}`,
    connections: '',
    requests: answers,
    'req/s': '',
    'p50 ms': '',
    'p99 ms': '',
    'max ms': '',
    'errors+non2xx': '',
    'server loop p99/max ms': '',
    'cpu s server/bench': '',
    target: '0 ffmpeg left',
    met: left === 0 ? 'yes' : 'NO',
  };
}

/** Resident memory of a process in MB (Linux /proc); null where there is no /proc. */
async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where there is none. */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** The server's loop reports printed since `from` (an offset in its output): worst p99 and max. */
function loopDelaySince(output: string, from: number): { p99: number; max: number } {
  let p99 = 0;
  let max = 0;
  for (const match of output.slice(from).matchAll(LOOP_REPORT_LINE)) {
    p99 = Math.max(p99, Number(match[1]));
    max = Math.max(max, Number(match[2]));
  }
  return { p99, max };
}

function statReport(entries: number, times: number, nowSeconds: number): unknown[] {
  const album = DEMO_ALBUMS[0]!.album_id;
  return Array.from({ length: entries }, (_, i) => ({
    track: { album_id: album, disc_id: 1, track_id: (i % 3) + 1 },
    at: Array.from({ length: times }, (_, j) => nowSeconds - 60 - ((i * times + j) % 86_400)),
  }));
}

/**
 * Sends a 100 MB body to sign-in without waiting for the server, as a client that does not care.
 * Resolves with the answer's HTTP status (0: the connection closed first), when it came and how
 * much the client had written by then.
 */
function hugeBody(server: TestServer, chunked: boolean): Promise<{ status: number; ms: number; sentMb: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const url = new URL('/api/user/login', server.baseUrl);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ATTACKER };
    if (!chunked) headers['content-length'] = String(HUGE_BODY_BYTES);
    const req = httpRequest(url, { method: 'POST', headers });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    const write = (): void => {
      while (!answered && sent < HUGE_BODY_BYTES) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end();
    };
    req.on('response', (response) => {
      answered = true;
      const status = response.statusCode ?? 0;
      const ms = performance.now() - started;
      response.resume();
      response.on('end', () => {
        req.destroy();
        resolve({ status, ms, sentMb: sent / 1e6 });
      });
    });
    // Writing on after the answer may end in EPIPE / ECONNRESET: that is the server refusing to
    // read. A close before any answer is reported as status 0.
    req.on('error', () => {
      if (!answered) resolve({ status: 0, ms: performance.now() - started, sentMb: sent / 1e6 });
    });
    write();
  });
}

interface AttackLog {
  statAccepted: number;
  statOverBudget: number;
  statOtherAnswers: string[];
  overLimitRefused: number;
  overLimitAccepted: number;
  /** refused by closing the connection while the client was still sending */
  overLimitClosed: number;
  /** requests of the stat and guessing loops that failed on the network */
  networkErrors: string[];
  hugeBodies: { status: number; ms: number; sentMb: number; chunked: boolean }[];
  guesses: number;
  guessRefusedLocked: number;
  guessOpened: number;
  rssSamples: number[];
}

async function attack(
  server: TestServer,
  session: Session,
  statSessions: Session[],
  until: () => boolean,
  log: AttackLog,
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const track = { album_id: DEMO_ALBUMS[0]!.album_id, disc_id: 1, track_id: 1 };
  // Bodies made once: this process also measures latency, it must not stall on JSON.stringify.
  const worstAccepted = JSON.stringify(statReport(STAT_ENTRIES, STAT_TIMES, now));
  const tooManyTimes = JSON.stringify([{ track, at: Array.from({ length: 1_000_000 }, () => now - 60) }]);
  const manyTimesUnderBodyLimit = JSON.stringify([{ track, at: Array.from({ length: 90_000 }, () => now - 60) }]);

  let turn = 0;
  const statLoop = async (): Promise<void> => {
    while (until()) {
      const account = statSessions[turn++ % statSessions.length]!;
      const answer = await api(server, '/api/stat', { method: 'POST', body: worstAccepted, session: account }).catch(
        (error: unknown) => {
          log.networkErrors.push(`stat: ${String(error)}`);
          return null;
        },
      );
      if (answer === null) continue;
      if (answer.status === 0) log.statAccepted += 1;
      else if (answer.status === 901000 && BUDGET_REFUSAL.test(answer.message)) log.statOverBudget += 1;
      else log.statOtherAnswers.push(`${answer.http}/${answer.status}`);
    }
  };
  const overLimitLoop = async (): Promise<void> => {
    for (let i = 0; until(); i++) {
      const body = i % 2 === 0 ? tooManyTimes : manyTimesUnderBodyLimit;
      // A body over the size limit is answered 413 before it is read, and the connection is then
      // closed: a client still writing may see the close instead of the answer. Both are refusals.
      const answer = await api(server, '/api/stat', { method: 'POST', body, session }).catch(() => null);
      if (answer?.status === 0) log.overLimitAccepted += 1;
      else log.overLimitRefused += 1;
      if (answer === null) log.overLimitClosed += 1;
      await sleep(200);
    }
  };
  const hugeLoop = async (): Promise<void> => {
    for (let i = 0; until(); i++) {
      const chunked = i % 2 === 1;
      log.hugeBodies.push({ ...(await hugeBody(server, chunked)), chunked });
      await sleep(500);
    }
  };
  const guessLoop = async (): Promise<void> => {
    for (let i = 0; until(); i++) {
      const answer = await api(server, '/api/user/login', {
        method: 'POST',
        body: { email: VICTIM.email, password: sha256Hex(`guess-${i}`) },
        from: ATTACKER,
      }).catch((error: unknown) => {
        log.networkErrors.push(`login: ${String(error)}`);
        return null;
      });
      if (answer === null) continue;
      log.guesses += 1;
      if (answer.status === 0) log.guessOpened += 1;
      else if (answer.message.startsWith('too many failed password attempts')) log.guessRefusedLocked += 1;
    }
  };
  const memoryLoop = async (): Promise<void> => {
    while (until()) {
      const mb = await rssMb(server.pid);
      if (mb !== null) log.rssSamples.push(mb);
      await sleep(250);
    }
  };
  await Promise.all([
    ...(ATTACKS.has('stat') ? [statLoop(), statLoop()] : []),
    ...(ATTACKS.has('overlimit') ? [overLimitLoop()] : []),
    ...(ATTACKS.has('huge') ? [hugeLoop()] : []),
    ...(ATTACKS.has('guess') ? [guessLoop()] : []),
    memoryLoop(),
  ]);
}

/** The URL of the demo's longest track through a share link of the demo account (what the shared page plays). */
async function sharedTrackUrl(server: TestServer, session: Session): Promise<string> {
  const { album, disc, track } = longestDemoTrack();
  const credentialId = ((await api(server, '/api/credential', { session })).data as { id: string }[])[0]!.id;
  const body = {
    info: {
      name: 'one track',
      description: '',
      cover: { album_id: album, disc_id: disc },
      songs: [{ album_id: album, disc_id: disc, tracks: [track] }],
    },
    albums: { [album]: credentialId },
  };
  const created = await api(server, '/api/share', { method: 'POST', body, session });
  if (created.status !== 0) throw new Error(`create a share: ${created.status} ${created.message}`);
  const shared = await api(server, `/api/share?id=${String(created.data)}`);
  const token = (shared.data as { tokens: { server: string; token: string }[] }).tokens[0]!;
  return `${token.server.replace(/\/$/, '')}/${album}/${disc}/${track}?auth=${encodeURIComponent(token.token)}&quality=low`;
}

async function storedPlays(server: TestServer, sessions: Session[]): Promise<number> {
  let sum = 0;
  for (const session of sessions) sum += await storedPlaysOf(server, session);
  return sum;
}

async function storedPlaysOf(server: TestServer, session: Session): Promise<number> {
  const from = Math.floor(Date.now() / 1000) - 2 * 86_400;
  const answer = await api(server, `/api/stat/self?from=${from}`, { session });
  if (answer.status !== 0) throw new Error(`GET /api/stat/self: ${answer.status}`);
  return (answer.data as { count: number }[]).reduce((sum, row) => sum + row.count, 0);
}

export const hostileBench: BenchModule = {
  name: 'hostile',
  title: `Server under attack on loopback: load at ${CONNECTIONS} connections with worst-case stats, 100 MB bodies, password guessing, hostile JSON shapes and the largest share`,
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'anniv-bench-hostile-'));
    const server = await spawnServer({
      dataDir,
      removeDataDir: true,
      env: { TRUST_PROXY: '1', REPORT_EVENT_LOOP: '1' },
    });
    try {
      await registerAccount(server.baseUrl, VICTIM, '198.51.100.100');
      const session = await signIn(server, server.demo.email, server.demo.password);
      const statSessions: Session[] = [];
      for (let i = 0; i < STAT_ACCOUNTS; i++) {
        const account = { email: `listener${i}@anniv.local`, password: `listener-${i}`, nickname: `l${i}` };
        // each from an address of its own: one address registers at most 10 accounts an hour
        await registerAccount(server.baseUrl, account, `198.51.100.${i + 1}`);
        statSessions.push(await signIn(server, account.email, account.password));
      }
      const to = await targets(server, session);
      const playsBefore = await storedPlays(server, statSessions);
      const rssAtStart = await rssMb(server.pid);

      const rows: Record<string, Cell>[] = [];
      const results: Record<string, autocannon.Result> = {};
      /** Runs `work` and measures what it cost the server and this process. */
      const costOf = async <T>(work: () => Promise<T>): Promise<[T, PhaseCost]> => {
        const logFrom = server.logs().length;
        const serverCpu = await cpuSeconds(server.pid);
        const benchCpu = process.cpuUsage();
        const value = await work();
        const benchUsed = process.cpuUsage(benchCpu);
        // the report of the last second arrives just after the phase
        await sleep(1100);
        const loop = loopDelaySince(server.logs(), logFrom);
        return [
          value,
          {
            loopP99Ms: loop.p99,
            loopMaxMs: loop.max,
            serverCpuS: (await cpuSeconds(server.pid)) - serverCpu,
            benchCpuS: (benchUsed.user + benchUsed.system) / 1e6,
          },
        ];
      };
      for (const name of ['info', 'meta', 'audio'] as const) {
        const [result, cost] = await costOf(() => load(to[name], CONNECTIONS, BASE_SECONDS));
        results[`baseline ${name}`] = result;
        rows.push(loadRow('baseline', name, result, cost));
      }

      const log: AttackLog = {
        statAccepted: 0,
        statOverBudget: 0,
        statOtherAnswers: [],
        overLimitRefused: 0,
        overLimitAccepted: 0,
        overLimitClosed: 0,
        networkErrors: [],
        hugeBodies: [],
        guesses: 0,
        guessRefusedLocked: 0,
        guessOpened: 0,
        rssSamples: [],
      };
      /** The three loads (50 connections in all) for `seconds` while `attackers` run until told to stop. */
      const phase = async (
        name: string,
        seconds: number,
        attackers: (until: () => boolean) => Promise<unknown>,
      ): Promise<void> => {
        const [loads, cost] = await costOf(async () => {
          let running = true;
          const attacking = attackers(() => running);
          const done = await Promise.all(
            (['info', 'meta', 'audio'] as const).map(
              async (l) => [l, await load(to[l], ATTACK_CONNECTIONS[l], seconds)] as const,
            ),
          );
          running = false;
          await attacking;
          return done;
        });
        for (const [l, result] of loads) {
          results[`${name} ${l}`] = result;
          rows.push(loadRow(name, l, result, cost));
        }
      };
      if (TOGETHER.length > 0)
        await phase(`attack: ${TOGETHER.join('+')}`, ATTACK_SECONDS, (until) =>
          attack(server, session, statSessions, until, log),
        );
      // right after the guessing, while its lock holds (the phases below outlast a first lock)
      const victimRight = await api(server, '/api/user/login', {
        method: 'POST',
        body: { email: VICTIM.email, password: sha256Hex(VICTIM.password) },
        from: ATTACKER,
      });

      const ownerLog = newOwnerLog();
      const registerLog = newRegisterLog();
      const nestedLog = newBodyLog();
      const keysLog = newBodyLog();
      const shareLog = newShareLog();
      const makeShareLog = newMakeShareLog();
      let largestShareBytes = 0;
      const listenerLog = newListenerLog();
      const transcodesLeft: { phase: string; left: number }[] = [];
      for (const name of ALONE) {
        if (name === 'nested') {
          const body = nestedArrays(NESTED_BYTES);
          await phase('attack: nested', EACH_SECONDS, (until) =>
            Promise.all(
              [1, 2].map(() =>
                bodyLoop(server.baseUrl, 'PUT', '/api/playlist', body, session.cookie, until, nestedLog),
              ),
            ),
          );
        } else if (name === 'unknownkeys') {
          const body = unknownKeys(UNKNOWN_KEYS);
          await phase('attack: unknownkeys', EACH_SECONDS, (until) =>
            Promise.all(
              [1, 2].map(() => bodyLoop(server.baseUrl, 'PUT', '/api/playlist', body, session.cookie, until, keysLog)),
            ),
          );
        } else if (name === 'makeshare') {
          const account = { email: 'maker@anniv.local', password: 'maker-password-1', nickname: 'maker' };
          await registerAccount(server.baseUrl, account, '198.51.100.201');
          const maker = await signIn(server, account.email, account.password);
          const credentialId = ((await api(server, '/api/credential', { session: maker })).data as { id: string }[])[0]!
            .id;
          const body = JSON.stringify(largestShareBody(credentialId));
          await phase('attack: makeshare', EACH_SECONDS, (until) =>
            Promise.all([1, 2].map(() => makeShareLoop(server.baseUrl, body, maker.cookie, until, makeShareLog))),
          );
        } else if (name === 'owner') {
          const owner = { email: 'owner@anniv.local', password: 'owner-password-1', nickname: 'owner' };
          await registerAccount(server.baseUrl, owner, '198.51.100.200');
          const device = await knownDevice(server.baseUrl, owner, '198.51.100.200');
          await phase('attack: owner', EACH_SECONDS, (until) =>
            Promise.all([
              strangerLoop(server.baseUrl, owner, until, ownerLog),
              ownerLoop(server.baseUrl, owner, device, until, ownerLog),
            ]),
          );
        } else if (name === 'register') {
          await phase('attack: register', EACH_SECONDS, (until) =>
            Promise.all([
              registerFlood(server.baseUrl, 'IPv4 203.0.113.90', () => '203.0.113.90', until, registerLog),
              registerFlood(
                server.baseUrl,
                'IPv6 2001:db8:1:2::/64',
                (i) => `2001:db8:1:2::${(i + 1).toString(16)}`,
                until,
                registerLog,
              ),
              bystander(server.baseUrl, registerLog),
            ]),
          );
        } else if (name === 'transcode') {
          const url = await sharedTrackUrl(server, session);
          // what the server runs anyway before the attack (nothing, unless something else went wrong)
          const before = await ffmpegLeftAfter(server.pid, 0);
          for (const ms of ABORT_AFTER_MS) {
            const statuses = await abortedRequests(url, ABORTED_REQUESTS, ms);
            const left = await ffmpegLeftAfter(server.pid, 15_000);
            const where = `transcode: ${ABORTED_REQUESTS} gone after ${ms} ms`;
            transcodesLeft.push({ phase: where, left });
            rows.push(leftRow(where, left, statuses));
          }
          const stalled = await stalledReaders(url, STALLED_READERS);
          const left = await ffmpegLeftAfter(server.pid, LIMITS.transcodeStalledMs + 30_000);
          stalled.end();
          transcodesLeft.push({ phase: `transcode: ${STALLED_READERS} stopped reading`, left });
          rows.push(leftRow(`transcode: ${STALLED_READERS} stopped reading`, left, stalled.statuses));
          if (before > 0) transcodesLeft.push({ phase: 'transcode: before the attack', left: before });
          await phase(`attack: transcode (${SHARE_LISTENERS} listeners, one share)`, EACH_SECONDS, (until) =>
            Promise.all(Array.from({ length: SHARE_LISTENERS }, () => listenerLoop(url, until, listenerLog))),
          );
        } else {
          const credentialId = ((await api(server, '/api/credential', { session })).data as { id: string }[])[0]!.id;
          const created = await api(server, '/api/share', {
            method: 'POST',
            body: largestShareBody(credentialId),
            session,
          });
          if (created.status !== 0) throw new Error(`create the largest share: ${created.status} ${created.message}`);
          const shareId = created.data as string;
          largestShareBytes = (
            await (
              await fetch(`${server.baseUrl}/api/share?id=${shareId}`, { headers: { 'accept-encoding': 'identity' } })
            ).arrayBuffer()
          ).byteLength;
          await phase('attack: share', EACH_SECONDS, (until) =>
            Promise.all(
              Array.from({ length: SHARE_READERS }, () => readShareLoop(server.baseUrl, shareId, until, shareLog)),
            ),
          );
        }
      }

      const playsAfter = await storedPlays(server, statSessions);
      const expectedPlays = log.statAccepted * STAT_ENTRIES * STAT_TIMES;
      const storedNew = playsAfter - playsBefore;
      const demoSignsIn = await signIn(server, server.demo.email, server.demo.password).then(
        () => true,
        () => false,
      );
      const bodies413 = log.hugeBodies.filter((b) => b.status === 413).length;
      const bodiesClosed = log.hugeBodies.filter((b) => b.status === 0).length;
      const maxSent = Math.max(0, ...log.hugeBodies.map((b) => b.sentMb));
      const slowestRefusal = Math.max(0, ...log.hugeBodies.map((b) => b.ms));
      const peakRss = Math.max(0, ...log.rssSamples);

      const problems: string[] = [];
      for (const [name, result] of Object.entries(results)) {
        if (result.errors + result.non2xx > 0)
          problems.push(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      }
      if (log.statOtherAnswers.length > 0)
        problems.push(`valid stat reports refused: ${log.statOtherAnswers.slice(0, 5).join(', ')}`);
      if (log.networkErrors.length > 0) problems.push(`network errors: ${log.networkErrors.slice(0, 3).join('; ')}`);
      if (log.overLimitAccepted > 0) problems.push(`${log.overLimitAccepted} over-limit stat reports accepted`);
      if (storedNew !== expectedPlays) problems.push(`stored plays ${storedNew}, expected ${expectedPlays}`);
      if (bodies413 + bodiesClosed !== log.hugeBodies.length)
        problems.push(`100 MB bodies not refused with 413: ${log.hugeBodies.map((b) => b.status).join(', ')}`);
      if (log.guessOpened > 0) problems.push('a password guess signed in');
      if (nestedLog.other.length > 0)
        problems.push(`nested arrays not refused with 902003: ${nestedLog.other.slice(0, 3).join('; ')}`);
      if (keysLog.other.length > 0)
        problems.push(`unknown keys not refused with 902003: ${keysLog.other.slice(0, 3).join('; ')}`);
      if (makeShareLog.other.length > 0 || (ATTACKS.has('makeshare') && makeShareLog.limited === 0))
        problems.push(
          `share creation: ${makeShareLog.created} made, ${makeShareLog.limited} refused by the budget, others: ${makeShareLog.other.slice(0, 3).join('; ')}`,
        );
      if (shareLog.bad.length > 0) problems.push(`share reads failed: ${shareLog.bad.slice(0, 3).join('; ')}`);
      if (ATTACKS.has('owner')) {
        if (ownerLog.strangerOpened > 0) problems.push(`the stranger signed in ${ownerLog.strangerOpened} times`);
        if (ownerLog.ownerRefused.length > 0 || ownerLog.ownerSignIns === 0)
          problems.push(`the owner was refused on the known device: ${ownerLog.ownerRefused.slice(0, 3).join('; ')}`);
      }
      if (ATTACKS.has('register')) {
        const allowance = LIMITS.registrationsPerAddressPerHour;
        for (const [group, made] of Object.entries(registerLog.made))
          if (made !== allowance) problems.push(`${made} accounts registered from ${group}, expected ${allowance}`);
        if (Object.keys(registerLog.made).length !== 2)
          problems.push(`registrations by group: ${JSON.stringify(registerLog.made)}`);
        if (!registerLog.bystanderRegistered || registerLog.other.length > 0)
          problems.push(`registration answers: ${registerLog.other.slice(0, 3).join('; ')}`);
      }
      if (!demoSignsIn) problems.push('the demo account cannot sign in after the attack');
      for (const { phase: where, left } of transcodesLeft) if (left > 0) problems.push(`${where}: ${left} ffmpeg left`);
      if (ATTACKS.has('transcode') && (listenerLog.other.length > 0 || listenerLog.played === 0))
        problems.push(
          `share listeners: ${listenerLog.played} plays, other answers: ${listenerLog.other.slice(0, 3).join('; ')}`,
        );
      if (ATTACKS.has('guess') && victimRight.status === 0)
        problems.push('the guessed account opened with its right password while it should be locked');

      const notes = [
        `Attack (${ATTACK_SECONDS} s): ${log.statAccepted} worst-case stat reports accepted (${STAT_ENTRIES}×${STAT_TIMES} plays each, ` +
          `${STAT_ACCOUNTS} accounts), ${log.statOverBudget} refused once an account's hourly budget was spent; ` +
          `${storedNew} of ${expectedPlays} plays stored; ${log.overLimitRefused} over-limit reports refused ` +
          `(${log.overLimitClosed} by closing the connection while the client was still sending), ${log.overLimitAccepted} accepted.`,
        `100 MB bodies: ${bodies413} of ${log.hugeBodies.length} answered 413, ${bodiesClosed} closed before an answer, slowest answer ${round(slowestRefusal)} ms, ` +
          `at most ${round(maxSent)} MB written by the client before the answer.`,
        `Password guessing: ${log.guesses} guesses, ${log.guessRefusedLocked} refused by the lock, ${log.guessOpened} opened; ` +
          `afterwards the demo account signs in: ${demoSignsIn ? 'yes' : 'NO'}; the guessed account's right password is refused while locked: ${victimRight.status !== 0 ? 'yes' : 'NO'}.`,
        `Server memory (RSS): ${rssAtStart ?? '?'} MB at start, peak ${peakRss || '?'} MB during the attack.`,
        ...(ATTACKS.has('nested')
          ? [
              `Nested arrays (${EACH_SECONDS} s, 2 in flight, ${NESTED_BYTES / 1024 / 1024} MiB each): ${nestedLog.refused} of ${nestedLog.sent} refused with 902003 (${nestedLog.closed} by dropping the connection while the client was still sending), slowest answer ${round(nestedLog.slowestMs)} ms.`,
            ]
          : []),
        ...(ATTACKS.has('unknownkeys')
          ? [
              `${UNKNOWN_KEYS.toLocaleString('en')} unknown keys (${EACH_SECONDS} s, 2 in flight): ${keysLog.refused} of ${keysLog.sent} refused with 902003 (${keysLog.closed} by dropping the connection while the client was still sending), slowest answer ${round(keysLog.slowestMs)} ms.`,
            ]
          : []),
        ...(ATTACKS.has('share')
          ? [
              `Largest share (${round(largestShareBytes / 1e6)} MB answer; ${EACH_SECONDS} s, ${SHARE_READERS} anonymous readers without compression): ${shareLog.reads} reads, ` +
                `${round(shareLog.bytes / 1e6)} MB sent, ${shareLog.limited} refused by the address's budget of share bytes, slowest ${round(shareLog.slowestMs)} ms, ${shareLog.bad.length} failed.`,
            ]
          : []),
        ...(ATTACKS.has('makeshare')
          ? [
              `Creating the largest share (${EACH_SECONDS} s, 2 loops of one user): ${makeShareLog.created} made, then ${makeShareLog.limited} refused by the user's budget of share bytes, slowest answer ${round(makeShareLog.slowestMs)} ms.`,
            ]
          : []),
        ...(ATTACKS.has('owner')
          ? [
              `Owner and stranger (${EACH_SECONDS} s): ${ownerLog.guesses} guesses by the stranger, ${ownerLog.strangerOpened} opened, its right password refused ` +
                `${ownerLog.strangerRightRefused} times; the owner signed in from the known device ${ownerLog.ownerSignIns} times, refused ${ownerLog.ownerRefused.length}.`,
            ]
          : []),
        ...(ATTACKS.has('register')
          ? [
              `Registration flood (${EACH_SECONDS} s): made ${Object.entries(registerLog.made)
                .map(([g, n]) => `${n} from ${g}`)
                .join(', ')}, ` +
                `${registerLog.limited} refused by the limit; a listener elsewhere registered meanwhile: ${registerLog.bystanderRegistered ? 'yes' : 'NO'}.`,
            ]
          : []),
        ...(ATTACKS.has('transcode')
          ? [
              `Transcodes (the demo's longest track, ${longestDemoTrack().seconds} s, through one share link): ffmpeg left ` +
                `${transcodesLeft.map((t) => `${t.left} (${t.phase.replace('transcode: ', '')})`).join(', ')}; ` +
                `${SHARE_LISTENERS} listeners (${EACH_SECONDS} s) played it ${listenerLog.played} times, were told to wait (503) ${listenerLog.busy} times.`,
            ]
          : []),
        problems.length === 0 ? 'Nothing lost, no errors.' : `PROBLEMS: ${problems.join('; ')}`,
      ];
      if (problems.length > 0) throw new Error(`${formatTable(rows)}\n${notes.join('\n')}`);
      return {
        rows,
        notes,
        data: {
          attackSeconds: ATTACK_SECONDS,
          eachSeconds: EACH_SECONDS,
          nested: nestedLog,
          unknownKeys: keysLog,
          share: { ...shareLog, answerBytes: largestShareBytes },
          makeShare: makeShareLog,
          owner: ownerLog,
          register: registerLog,
          transcode: { left: transcodesLeft, listeners: listenerLog },
          baselineSeconds: BASE_SECONDS,
          log: { ...log, rssSamples: undefined, hugeBodies: log.hugeBodies },
          rssAtStart,
          peakRss,
          storedNew,
          expectedPlays,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
