/**
 * Attackers and listeners of the library's transcodes (bench/hostile.ts, `transcode`): requests that
 * go away 5 ms, 100 ms or 1.5 s after they are sent, clients that stop reading, and listeners of one
 * share link who play its track over and over (waiting as a 503's Retry-After says, as the app
 * does). What is left is counted as the live ffmpeg children of the server's process (/proc).
 */
import { readdir, readFile } from 'node:fs/promises';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { DEMO_ALBUMS } from '../../server/demo/catalog';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** the demo's longest track: ffmpeg is still at work when a client leaves, and it fills a socket's buffers */
export function longestDemoTrack(): { album: string; disc: number; track: number; seconds: number } {
  let best = { album: '', disc: 1, track: 1, seconds: 0 };
  for (const album of DEMO_ALBUMS) {
    for (const [d, disc] of album.discs.entries()) {
      for (const [t, track] of disc.tracks.entries()) {
        if (track.seconds > best.seconds)
          best = { album: album.album_id, disc: d + 1, track: t + 1, seconds: track.seconds };
      }
    }
  }
  return best;
}

/** live (not zombie) ffmpeg processes whose parent is `pid` */
async function ffmpegChildrenOf(pid: number): Promise<number> {
  let count = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const match = /^\d+ \((.*)\) (\S+) (\d+)/.exec(stat);
      if (match?.[1] === 'ffmpeg' && match[2] !== 'Z' && Number(match[3]) === pid) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

/** waits up to `timeoutMs` for no ffmpeg child of `pid` to be left; how many are left then */
export async function ffmpegLeftAfter(pid: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let left = await ffmpegChildrenOf(pid);
  while (left > 0 && Date.now() < deadline) {
    await sleep(200);
    left = await ffmpegChildrenOf(pid);
  }
  return left;
}

function ask(url: string): { req: ClientRequest; answered: Promise<IncomingMessage | null> } {
  const req = request(url, { agent: false });
  const answered = new Promise<IncomingMessage | null>((resolve) => {
    req.once('response', resolve);
    req.once('error', () => resolve(null));
  });
  req.end();
  return { req, answered };
}

export interface Statuses {
  /** answers by HTTP status; 0: none before the client left */
  [status: number]: number;
}

const counted = (statuses: Statuses, status: number): void => {
  statuses[status] = (statuses[status] ?? 0) + 1;
};

/** `count` requests at once, each torn down `ms` after it was sent */
export async function abortedRequests(url: string, count: number, ms: number): Promise<Statuses> {
  const statuses: Statuses = {};
  await Promise.all(
    Array.from({ length: count }, async () => {
      const { req, answered } = ask(url);
      let status = 0;
      void answered.then((res) => {
        status = res?.statusCode ?? 0;
      });
      await new Promise((resolve) => req.once('finish', resolve));
      await sleep(ms);
      req.destroy();
      counted(statuses, status);
    }),
  );
  return statuses;
}

/** `count` clients that take their answer's headers and never read its body; `end` tears them down */
export async function stalledReaders(url: string, count: number): Promise<{ statuses: Statuses; end: () => void }> {
  const statuses: Statuses = {};
  const requests = await Promise.all(
    Array.from({ length: count }, async () => {
      const { req, answered } = ask(url);
      const res = await answered;
      res?.pause();
      counted(statuses, res?.statusCode ?? 0);
      return req;
    }),
  );
  return {
    statuses,
    end: () => {
      for (const req of requests) req.destroy();
    },
  };
}

export interface ListenerLog {
  /** tracks received to their end */
  played: number;
  /** 503 answers (each followed by its Retry-After's wait) */
  busy: number;
  /** anything else: a status, or a failure on the way */
  other: string[];
}

export const newListenerLog = (): ListenerLog => ({ played: 0, busy: 0, other: [] });

/** a listener of a shared track: plays it to its end again and again until `until()` is false */
export async function listenerLoop(url: string, until: () => boolean, log: ListenerLog): Promise<void> {
  while (until()) {
    try {
      const res = await fetch(url);
      if (res.status === 503) {
        log.busy += 1;
        await res.body?.cancel();
        await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
      } else if (res.ok) {
        await res.arrayBuffer();
        log.played += 1;
      } else {
        log.other.push(String(res.status));
        await res.body?.cancel();
      }
    } catch (error) {
      log.other.push(String(error));
    }
  }
}
