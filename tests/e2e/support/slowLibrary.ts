/**
 * A library whose answers for one track the test controls, for downloads cut off midway: the page's
 * requests for that track are sent here (`page.route` … `route.continue({ url })`) and passed on to
 * the real library; its first whole answer stops halfway and never goes on (as a slow line does
 * while the tab is reloaded), and an answer to a range waits, headers sent, until the test lets it
 * go. Every request for the track is logged with its Range header.
 *
 *   const slow = await slowLibrary(server.libraryUrl, `/${album}/1/1`);
 *   await page.route((url) => slow.serves(url), (route) => route.continue({ url: slow.urlFor(route.request().url()) }));
 *   ... slow.requests, slow.releaseRest(), slow.file
 *   await slow.close();
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** request headers passed on to the library (CORS preflights included; the token, which the app's own requests send in Authorization) */
const PASSED = [
  'authorization',
  'range',
  'if-range',
  'origin',
  'access-control-request-method',
  'access-control-request-headers',
];
/** answer headers of the connection itself, not of the body */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export interface SlowLibrary {
  /** whether a page's request is one for the track (its audio, not a cover) */
  serves(url: URL): boolean;
  /** where a request for the track goes instead */
  urlFor(url: string): string;
  /** the method and Range header of every request for the track, in order */
  readonly requests: { method: string; range: string | null }[];
  /** the track's whole file, as the library sent it first */
  readonly file: Buffer | null;
  /** answers to ranges send their bodies from now on */
  releaseRest(): void;
  close(): Promise<void>;
}

export async function slowLibrary(libraryUrl: string, trackPath: string): Promise<SlowLibrary> {
  const requests: { method: string; range: string | null }[] = [];
  let file: Buffer | null = null;
  let stalled = false;
  let releaseRest!: () => void;
  const restReleased = new Promise<void>((resolve) => (releaseRest = resolve));
  const open = new Set<Socket>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', libraryUrl);
    const range = typeof req.headers.range === 'string' ? req.headers.range : null;
    requests.push({ method: req.method ?? 'GET', range });
    void (async () => {
      const answer = await fetch(url, { method: req.method, headers: passed(req.headers) });
      const body = Buffer.from(await answer.arrayBuffer());
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP.has(name)) headers[name] = value;
      });
      res.writeHead(answer.status, headers);
      res.flushHeaders();
      if (req.method === 'GET' && answer.status === 200 && !stalled) {
        // the first whole answer: half of it, then nothing more
        stalled = true;
        file = body;
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        return;
      }
      if (req.method === 'GET' && answer.status === 206) await restReleased;
      res.end(body);
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    serves: (url) => url.href.startsWith(`${libraryUrl}${trackPath}?`),
    urlFor: (url) => {
      const parsed = new URL(url);
      return `${origin}${parsed.pathname}${parsed.search}`;
    },
    requests,
    get file() {
      return file;
    },
    releaseRest,
    close: () =>
      new Promise<void>((resolve) => {
        releaseRest();
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function passed(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
