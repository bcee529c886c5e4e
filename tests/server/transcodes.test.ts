import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoPaths } from '../../server/demo/generate.js';
import type { AnnivServer } from '../../server/index.js';
import { signShareToken, signUserToken } from '../../server/library/keys.js';
import { scanLibrary } from '../../server/library/scan.js';
import { makeDataDir, makeServer, removeDir, tempDir } from './support/fixture.js';

/*
 * The library's transcodes (server/library/transcode.ts) over real sockets: ffmpeg never outlives
 * its listener, whenever the listener goes away (while the token is checked, while ffmpeg runs,
 * after it ended, or by no longer reading), and the transcodes at once are capped in all, per token
 * and per client address (503 with Retry-After past a cap). Live processes are counted twice: by
 * the transcoder's own count and by the ffmpeg children of this process in /proc.
 */

/** its disc 1 track 1 is replaced by a twenty-minute file: ffmpeg is still at work when it is left */
const LONG = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02';
/** a demo track of a few seconds: ffmpeg is done with it at once */
const SHORT = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const LONG_SECONDS = 20 * 60;
const STALLED_MS = 1000;

let dir: string;
/** caps out of the way (every request transcodes), and no wait for stalled readers that could hide a leak */
let open: AnnivServer;
let openUrl: string;
/** the same, and a stalled reader is cut after STALLED_MS */
let stalling: AnnivServer;
let stallingUrl: string;

beforeAll(async () => {
  dir = await makeDataDir('full');
  const file = path.join(scanLibrary(demoPaths(dir).libraryDir).albums.get(LONG)!, '1', '1.flac');
  const made = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${LONG_SECONDS}`,
    '-ac',
    '2',
    file,
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  const noCaps = { atOnce: 100, perToken: 100, perAddress: 100 };
  open = await makeServer(dir, { ANNIV_STRICT: '1' }, { transcodes: { ...noCaps, stalledMs: 3600_000 } });
  openUrl = (await open.start()).libraryUrl;
  stalling = await makeServer(dir, { ANNIV_STRICT: '1' }, { transcodes: { ...noCaps, stalledMs: STALLED_MS } });
  stallingUrl = (await stalling.start()).libraryUrl;
}, 120_000);
afterAll(async () => {
  await open?.close();
  await stalling?.close();
  removeDir(dir);
});

/** ids of the live ffmpeg children of this process (Linux: /proc; a zombie is not live) */
function ffmpegChildren(): number[] {
  const pids: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [, name, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat)!;
      const [state, ppid] = rest!.split(' ');
      if (name === 'ffmpeg' && Number(ppid) === process.pid && state !== 'Z') pids.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** waits (up to 15 s, for a loaded machine) until no ffmpeg is left; what is left then */
async function leftAfterSettling(server: AnnivServer): Promise<{ transcoder: number; processes: number }> {
  // A loaded machine slows ffmpeg down: a stalled reader is only seen once ffmpeg has filled the
  // loopback socket's buffers (megabytes), which took over a minute with the browser files and
  // three vitest workers beside it. It returns as soon as the transcode has settled.
  const deadline = Date.now() + 150_000;
  while ((server.transcoder.running > 0 || ffmpegChildren().length > 0) && Date.now() < deadline) await sleep(100);
  return { transcoder: server.transcoder.running, processes: ffmpegChildren().length };
}

interface Options {
  token: string;
  album?: string;
  quality?: string;
  /** the client's own address (any 127.x.y.z reaches a library on 127.0.0.1) */
  from?: string;
  method?: string;
}

/** a GET of a transcoded track as a plain socket client; the request itself to end it early */
function ask(base: string, { token, album = LONG, quality = 'low', from, method = 'GET' }: Options) {
  const url = new URL(`${base}/${album}/1/1?auth=${encodeURIComponent(token)}&quality=${quality}`);
  const req = request(url, { method, localAddress: from, agent: false });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  req.end();
  return { req, answered };
}

/** status and Retry-After of a request whose body is left (and the request ended) */
async function statusOf(
  base: string,
  options: Options,
): Promise<{ status: number; retryAfter: string | undefined; exposed: string | undefined }> {
  const { req, answered } = ask(base, options);
  const res = await answered;
  req.destroy();
  return {
    status: res.statusCode ?? 0,
    retryAfter: res.headers['retry-after'] as string | undefined,
    exposed: res.headers['access-control-expose-headers'] as string | undefined,
  };
}

describe('an aborted transcode ends at once, at any stage', () => {
  test.each([5, 100, 1500])(
    '20 requests whose connection closes after %i ms leave no ffmpeg',
    async (ms) => {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          // a token of its own: each is checked afresh, not remembered
          const token = await signUserToken(open.keys, `abort-${ms}-${i}@example.com`);
          // every fifth one a short track: ffmpeg has ended when the client leaves, its output unread
          const { req, answered } = ask(openUrl, { token, album: i % 5 === 0 && ms > 5 ? SHORT : LONG });
          answered.catch(() => {});
          // counted from when the request is sent: at 5 ms the library is still at the token or the file
          await new Promise((resolve) => req.once('finish', resolve));
          await sleep(ms);
          req.destroy();
        }),
      );
      expect(await leftAfterSettling(open)).toEqual({ transcoder: 0, processes: 0 });
    },
    60_000,
  );

  /**
   * Clients that get their answer and then read nothing, until no ffmpeg is left; then they read
   * on: has each answer been cut short (the server closed the connection)?
   */
  async function stalledClients(
    count: number,
    options: Omit<Options, 'token'>,
  ): Promise<{ left: { transcoder: number; processes: number }; cut: boolean[] }> {
    const token = await signShareToken(stalling.keys, { [LONG]: { '1': [1] } });
    const answers = await Promise.all(
      Array.from({ length: count }, async () => {
        const res = await ask(stallingUrl, { token, ...options }).answered;
        expect(res.statusCode).toBe(200);
        // never read: the socket's buffers fill and ffmpeg waits on its pipe
        res.pause();
        return res;
      }),
    );
    const left = await leftAfterSettling(stalling);
    const cut = await Promise.all(
      answers.map(
        (res) =>
          new Promise<boolean>((resolve) => {
            res.once('close', () => resolve(!res.complete));
            res.resume();
          }),
      ),
    );
    return { left, cut };
  }

  test('20 clients that stop reading: ffmpeg is killed and their connections closed', async () => {
    // A stand-in for ffmpeg that writes as fast as it is read: the real one takes a core-minute to
    // fill twenty sockets' buffers on loopback (megabytes each) before a reader is behind at all.
    const bin = tempDir('anniv-fast-ffmpeg-');
    fs.writeFileSync(
      path.join(bin, 'ffmpeg'),
      `#!/bin/sh\n[ "$1" = -version ] && exit 0\nchunk=$(head -c 65536 /dev/zero | tr '\\0' x)\nwhile :; do printf '%s' "$chunk"; done\n`,
      { mode: 0o755 },
    );
    const saved = process.env.PATH;
    process.env.PATH = `${bin}:${saved}`;
    try {
      expect(await stalledClients(20, {})).toEqual({
        left: { transcoder: 0, processes: 0 },
        cut: Array.from({ length: 20 }, () => true),
      });
    } finally {
      process.env.PATH = saved;
      removeDir(bin);
    }
  }, 90_000);

  test('a client that stops reading the real ffmpeg: killed too', async () => {
    expect(await stalledClients(1, { quality: 'high' })).toEqual({
      left: { transcoder: 0, processes: 0 },
      cut: [true],
    });
  }, 200_000);

  test('a client that reads on gets the whole track; ffmpeg ends with it', async () => {
    const token = await signUserToken(open.keys, 'reader@example.com');
    const { answered } = ask(openUrl, { token, album: SHORT });
    const res = await answered;
    let bytes = 0;
    for await (const chunk of res) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(1000);
    expect(await leftAfterSettling(open)).toEqual({ transcoder: 0, processes: 0 });
  }, 30_000);
});

describe('transcodes are bounded', () => {
  let capped: AnnivServer;
  let cappedUrl: string;
  beforeAll(async () => {
    capped = await makeServer(
      dir,
      { ANNIV_STRICT: '1' },
      { transcodes: { atOnce: 3, perToken: 2, perAddress: 2, stalledMs: 60_000 } },
    );
    cappedUrl = (await capped.start()).libraryUrl;
  }, 60_000);
  afterAll(async () => {
    await capped?.close();
  });

  const held: { destroy(): void }[] = [];
  /** a transcode held open by a client that reads nothing yet */
  async function hold(options: Options) {
    const { req, answered } = ask(cappedUrl, options);
    held.push(req);
    const res = await answered;
    expect(res.statusCode).toBe(200);
    res.pause();
    return req;
  }

  test('per token, per address and in all: 503 with Retry-After; a slot is freed when a transcode is aborted or ends', async () => {
    const [one, two, three] = await Promise.all(
      ['one', 'two', 'three'].map((name) => signUserToken(capped.keys, `${name}@example.com`)),
    );
    const first = await hold({ token: one!, from: '127.0.0.1' });
    await hold({ token: one!, from: '127.0.0.2' });
    expect(capped.transcoder.running).toBe(2);

    // a third for one token, from another address
    const perToken = await statusOf(cappedUrl, { token: one!, from: '127.0.0.3' });
    expect(perToken).toEqual({ status: 503, retryAfter: '2', exposed: 'Retry-After' });
    // the HEAD probe and lossless are no transcode: never refused
    expect((await statusOf(cappedUrl, { token: one!, method: 'HEAD' })).status).toBe(200);
    expect((await statusOf(cappedUrl, { token: one!, quality: 'lossless' })).status).toBe(200);

    await hold({ token: two!, from: '127.0.0.1' });
    // 127.0.0.1 holds two now, whatever the token
    expect((await statusOf(cappedUrl, { token: three!, from: '127.0.0.1' })).status).toBe(503);
    // three in all
    expect((await statusOf(cappedUrl, { token: three!, from: '127.0.0.4' })).status).toBe(503);
    expect(capped.transcoder.running).toBe(3);

    // the first listener goes away: its place is free for another
    first.destroy();
    const deadline = Date.now() + 10_000;
    let again = await statusOf(cappedUrl, { token: three!, from: '127.0.0.4' });
    while (again.status === 503 && Date.now() < deadline) {
      await sleep(100);
      again = await statusOf(cappedUrl, { token: three!, from: '127.0.0.4' });
    }
    expect(again.status).toBe(200);
    for (const req of held) req.destroy();
  }, 60_000);

  test('a transcode that ends gives its place back', async () => {
    expect(await leftAfterSettling(capped)).toEqual({ transcoder: 0, processes: 0 });
    const token = await signShareToken(capped.keys, { [SHORT]: { '1': [1] } });
    // one token may run two at once: four in a row, each read to its end, all play
    for (let i = 0; i < 4; i++) {
      const { answered } = ask(cappedUrl, { token, album: SHORT });
      const res = await answered;
      expect(res.statusCode).toBe(200);
      for await (const chunk of res) expect((chunk as Buffer).length).toBeGreaterThan(0);
    }
    expect(await leftAfterSettling(capped)).toEqual({ transcoder: 0, processes: 0 });
  }, 60_000);
});
