/**
 * A library (annil) on loopback that lists the given album ids, for the big-library e2e test and the
 * sync bench's album list: /info, /albums and, when given, one cover for every album, with CORS, as
 * a library on another origin answers. `served` resolves once the album list has been sent: a
 * sync then writes it. No vitest imports: the bench uses it too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AlbumListLibrary {
  url: string;
  /** resolves once /albums has been answered in full */
  served: Promise<void>;
  /** lists `ids` from now on, with a later last_update (the library changed) */
  relist(ids: readonly string[]): void;
  close(): Promise<void>;
}

export async function serveAlbumList(
  ids: readonly string[],
  { cover }: { cover?: Uint8Array } = {},
): Promise<AlbumListLibrary> {
  let albums = JSON.stringify(ids);
  let lastUpdate = 1_716_000_000;
  let sent = () => {};
  const served = new Promise<void>((resolve) => (sent = resolve));
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const send = (type: string, body: string | Uint8Array) =>
      res.writeHead(200, { ...cors, 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (path === '/info')
      return send(
        'application/json',
        JSON.stringify({ version: 'album list', protocol_version: '1', last_update: lastUpdate }),
      );
    if (path === '/albums') {
      res.on('finish', sent);
      return send('application/json', albums);
    }
    if (cover && path.endsWith('/cover')) return send('image/jpeg', cover);
    res.writeHead(404, cors).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    relist(next) {
      albums = JSON.stringify(next);
      lastUpdate += 1;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
