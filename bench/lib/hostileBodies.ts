/**
 * Attackers of `npm run bench -- hostile` that cost the server by what a body or an answer makes
 * it build: 8 MiB of nested arrays and 600,000 unknown keys sent to PUT /api/playlist (each from two
 * loops, so two are in flight), and anonymous readers of the largest share allowed. Each loop counts
 * how its requests were answered; the hostile module turns wrong answers into problems.
 */
import { request as httpRequest } from 'node:http';

export interface BodyAttackLog {
  sent: number;
  /** refused with 902003 as expected */
  refused: number;
  /** refused by closing the connection while the client was still sending (a refusal too) */
  closed: number;
  /** any other answer (`http/status message`), a few kept */
  other: string[];
  slowestMs: number;
}

export interface ShareReadLog {
  reads: number;
  /** refused by the per-address budget of share bytes (902001), as they should be once it is spent */
  limited: number;
  /** answers that were not HTTP 200 with status 0 */
  bad: string[];
  bytes: number;
  slowestMs: number;
}

export interface MakeShareLog {
  created: number;
  /** refused by the user's hourly budget of share bytes (902001), as they should be once it is spent */
  limited: number;
  other: string[];
  slowestMs: number;
}

export const newMakeShareLog = (): MakeShareLog => ({ created: 0, limited: 0, other: [], slowestMs: 0 });

export const newBodyLog = (): BodyAttackLog => ({ sent: 0, refused: 0, closed: 0, other: [], slowestMs: 0 });
export const newShareLog = (): ShareReadLog => ({ reads: 0, limited: 0, bad: [], bytes: 0, slowestMs: 0 });

/** `[[[[…]]]]`, `bytes` long (even). */
export function nestedArrays(bytes: number): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(bytes);
  body.fill(0x5b, 0, bytes / 2); // [
  body.fill(0x5d, bytes / 2); // ]
  return body;
}

/** A playlist form with `count` unknown keys besides its name (600,000 → ≈ 6.7 MB). */
export function unknownKeys(count: number): Uint8Array<ArrayBuffer> {
  const parts = ['{"name":"n"'];
  for (let i = 0; i < count; i++) parts.push(`,"k${i}":1`);
  parts.push('}');
  return new TextEncoder().encode(parts.join(''));
}

/**
 * A share's client metadata that makes its answer about 4 MB: one album unknown to the library with
 * 8 discs of 255 tracks, title and artist of 1,000 characters each (the shape of the size tests).
 */
export function largestShareBody(credentialId: string): unknown {
  const album = '00000000-0000-4000-8000-0000000000bb';
  const track = { title: 't'.repeat(1000), artist: 'a'.repeat(1000), type: 'normal' };
  const discs = Array.from({ length: 8 }, () => ({ catalog: 'X', tracks: Array.from({ length: 255 }, () => track) }));
  return {
    info: {
      name: 'largest',
      description: '',
      cover: { album_id: album, disc_id: 1 },
      songs: [{ album_id: album, disc_id: 1, tracks: [1] }],
    },
    albums: { [album]: credentialId },
    metadata: {
      [album]: { album_id: album, title: 'Big', catalog: 'X', artist: 'A', date: '2024-01-01', type: 'normal', discs },
    },
  };
}

/**
 * Sends `body` as the signed-in `cookie` until `until()` is false; expects 902003 every time.
 * Written as an attacker's own tool would: the body is handed to the socket once, and the request
 * is torn down as soon as the answer comes, so the attacker spends its CPU on sending, not on a
 * fetch library's copies of 8 MiB (which, on the bench's 2 cores, took more CPU than the server).
 */
export function bodyLoop(
  baseUrl: string,
  method: string,
  path: string,
  body: Uint8Array<ArrayBuffer>,
  cookie: string,
  until: () => boolean,
  log: BodyAttackLog,
): Promise<void> {
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      let settled = false;
      const settle = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        outcome();
        log.sent += 1;
        log.slowestMs = Math.max(log.slowestMs, performance.now() - started);
        resolve();
      };
      const req = httpRequest(new URL(path, baseUrl), {
        method,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(body.byteLength), cookie },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          settle(() => {
            req.destroy();
            let envelope: { status?: number; message?: string } = {};
            try {
              envelope = JSON.parse(text) as typeof envelope;
            } catch {
              // not an envelope: counted below as another answer
            }
            if (res.statusCode === 200 && envelope.status === 902003) log.refused += 1;
            else if (log.other.length < 5)
              log.other.push(`${res.statusCode}/${envelope.status} ${envelope.message ?? text.slice(0, 80)}`);
            else log.other.push('…');
          }),
        );
        res.on('error', () => settle(() => (log.closed += 1)));
      });
      // the server answered and dropped the connection before this client had sent it all
      req.on('error', () => settle(() => (log.closed += 1)));
      req.end(body);
    });
  return (async () => {
    while (until()) await once();
  })();
}

/**
 * Reads the share as a browser without compression would (the whole JSON each time), checking the
 * envelope's first bytes only: parsing megabytes here would slow the process that measures.
 */
export function readShareLoop(
  baseUrl: string,
  shareId: string,
  until: () => boolean,
  log: ShareReadLog,
): Promise<void> {
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = httpRequest(new URL(`/api/share?id=${shareId}`, baseUrl), (res) => {
        let head = '';
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (head.length < 16) head += chunk.subarray(0, 16).toString();
          bytes += chunk.length;
        });
        res.on('end', () => {
          log.reads += 1;
          log.bytes += bytes;
          log.slowestMs = Math.max(log.slowestMs, performance.now() - started);
          if (res.statusCode === 200 && head.startsWith('{"status":902001')) log.limited += 1;
          else if (res.statusCode !== 200 || !head.startsWith('{"status":0,'))
            log.bad.push(`${res.statusCode} ${head}`);
          resolve();
        });
      });
      req.on('error', (error) => {
        log.bad.push(`network: ${String(error)}`);
        resolve();
      });
      req.end();
    });
  return (async () => {
    while (until()) await once();
  })();
}

/** Creates the share `body` as the signed-in `cookie` until `until()` is false. */
export async function makeShareLoop(
  baseUrl: string,
  body: string,
  cookie: string,
  until: () => boolean,
  log: MakeShareLog,
): Promise<void> {
  while (until()) {
    const started = performance.now();
    let res: Response;
    let envelope: { status?: number; message?: string };
    try {
      res = await fetch(`${baseUrl}/api/share`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
      envelope = (await res.json()) as { status?: number; message?: string };
    } catch (error) {
      // a refusal must come as an answer the client can read, not a closed connection
      if (log.other.length < 5) log.other.push(`network: ${String(error)}`);
      continue;
    }
    if (envelope.status === 0) log.created += 1;
    else if (envelope.status === 902001 && envelope.message?.startsWith('too many shares created')) log.limited += 1;
    else if (log.other.length < 5) log.other.push(`${res.status}/${envelope.status} ${envelope.message ?? ''}`);
    log.slowestMs = Math.max(log.slowestMs, performance.now() - started);
  }
}
