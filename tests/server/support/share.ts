import { SignJWT } from 'jose';
import type { AnnivServer } from '../../../server/index.js';
import type { Client, Envelope } from './fixture.js';

/* Helpers for the share tests (docs/protocol.md#shares). */

export interface ShareSong {
  album_id: string;
  disc_id: number;
  tracks: number[];
}

export interface Exported {
  name: string;
  description: string;
  cover: { album_id: string; disc_id: number };
  songs: ShareSong[];
  tokens: { server: string; token: string }[];
  metadata: Record<string, Record<string, unknown>>;
}

export interface Credential {
  id: string;
  controlled: boolean;
  name: string;
  url: string;
  token: string;
  priority: number;
}

export const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A POST /api/share body; `albums` maps every album of `songs` to `credentialId` unless given. */
export function shareBody(
  songs: ShareSong[],
  credentialId: string,
  extra: { info?: Record<string, unknown>; albums?: unknown; metadata?: unknown } = {},
): Record<string, unknown> {
  const albums =
    extra.albums !== undefined ? extra.albums : Object.fromEntries(songs.map((s) => [s.album_id, credentialId]));
  const body: Record<string, unknown> = {
    info: {
      name: 'For you',
      description: 'a few songs',
      cover: { album_id: songs[0]?.album_id ?? '', disc_id: 1 },
      songs,
      ...extra.info,
    },
    albums,
  };
  if (extra.metadata !== undefined) body.metadata = extra.metadata;
  return body;
}

export async function createShare(client: Client, body: Record<string, unknown>): Promise<string> {
  const res = await client.post<string>('/api/share', body);
  if (res.status !== 0) throw new Error(`create share failed: ${res.status} ${res.message}`);
  return res.data;
}

export const getShare = (client: Client, id: string): Promise<Envelope<Exported>> =>
  client.get<Exported>(`/api/share?id=${encodeURIComponent(id)}`);

async function credentials(client: Client): Promise<Credential[]> {
  return (await client.get<Credential[]>('/api/credential')).data;
}

export async function controlledCredential(client: Client): Promise<Credential> {
  return (await credentials(client)).find((c) => c.controlled)!;
}

/** A user token as annil's /admin/sign writes it, with a `share` object of our choosing. */
export function userToken(hmacKey: string, share?: Record<string, unknown>): Promise<string> {
  const payload: Record<string, unknown> = { type: 'user', user_id: 'someone' };
  if (share) payload.share = share;
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().sign(bytes(hmacKey));
}

export async function addCredential(
  client: Client,
  name: string,
  url: string,
  token: string,
  priority = 0,
): Promise<string> {
  const res = await client.post<Credential>('/api/credential', { name, url, token, priority });
  if (res.status !== 0) throw new Error(`add credential failed: ${res.status} ${res.message}`);
  return res.data.id;
}

export const payloadOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
export const headerOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;

export const shareRows = (server: AnnivServer, table: 'shares' | 'share_grants'): number =>
  (server.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

/** an ADTS (AAC) frame starts with the 12-bit sync word 0xFFF */
export const isAdts = (bytes: Uint8Array): boolean => bytes[0] === 0xff && (bytes[1]! & 0xf0) === 0xf0;

/** The first bytes of an answer's body; the rest is not waited for (a transcode stops). */
export async function firstBytes(res: Response): Promise<Uint8Array> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value ?? new Uint8Array();
}
