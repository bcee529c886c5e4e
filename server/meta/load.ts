import fs from 'node:fs';
import path from 'node:path';
import { parse, TomlDate } from 'smol-toml';
import { TagRegistry } from './tags.js';
import { loadLyrics, type TrackLyrics } from './lyrics.js';
import type { AlbumDetails, Artists, DiscDetails, TrackDetails } from './types.js';
import { buildMetaIndex, type MetaIndex } from './searchIndex.js';

/*
 * Reads an anni metadata repository (docs/protocol.md#files-on-disk) into memory: albums resolved to the
 * AlbumDetails wire shape the way anniv-go pre-inherits them, and the tag registry.
 */

export interface MetaRepo {
  albums: Map<string, AlbumDetails>;
  tags: TagRegistry;
  /** lyricKey(album, disc, track) → the track's lyrics (meta/lyrics.ts) */
  lyrics: Map<string, TrackLyrics>;
  /**
   * Search and tag indexes (meta/searchIndex.ts), built once by loadMetaRepo so queries need no
   * full scan. Optional so a repo put together by hand still type-checks: queries build it then.
   */
  index?: MetaIndex;
}

type Table = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isTable = (v: unknown): v is Table =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

function reqString(t: Table, key: string, where: string): string {
  const v = t[key];
  if (typeof v !== 'string') throw new Error(`${where}: "${key}" must be a string`);
  return v;
}

function optString(t: Table, key: string, where: string): string | undefined {
  const v = t[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new Error(`${where}: "${key}" must be a string`);
  return v;
}

function optArtists(t: Table, where: string): Artists | undefined {
  const v = t.artists;
  if (v === undefined) return undefined;
  if (!isTable(v)) throw new Error(`${where}: "artists" must be a table`);
  const out: Artists = {};
  for (const [role, who] of Object.entries(v)) {
    if (typeof who !== 'string') throw new Error(`${where}: artists.${role} must be a string`);
    out[role] = who;
  }
  return out;
}

function optTags(t: Table, where: string): string[] {
  const v = t.tags;
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new Error(`${where}: "tags" must be a string array`);
  return v as string[];
}

/** TOML local date → YYYY-MM-DD; partial date strings stay as written. */
function dateText(v: unknown, where: string): string {
  if (typeof v === 'string') return v;
  if (v instanceof TomlDate) return v.isDate() ? v.toISOString() : v.toISOString().slice(0, 10);
  throw new Error(`${where}: "date" must be a date or a string`);
}

const union = (...lists: string[][]): string[] => [...new Set(lists.flat())];

function resolveAlbum(doc: Table, tags: TagRegistry, where: string): AlbumDetails {
  const a = doc.album;
  if (!isTable(a)) throw new Error(`${where}: missing [album]`);
  const albumId = reqString(a, 'album_id', where).toLowerCase();
  if (!UUID.test(albumId)) throw new Error(`${where}: album_id is not a UUID`);
  const albumArtist = reqString(a, 'artist', where);
  const albumType = reqString(a, 'type', where);
  const albumArtists = optArtists(a, where);
  const canon = (list: string[]): string[] => list.map((t) => tags.canonical(t));
  const albumTags = canon(optTags(a, where));
  const discsRaw = doc.discs;
  if (!Array.isArray(discsRaw) || discsRaw.length === 0) throw new Error(`${where}: needs [[discs]]`);

  const discs: DiscDetails[] = [];
  const allTags: string[][] = [albumTags];
  discsRaw.forEach((d, di) => {
    const dw = `${where} disc ${di + 1}`;
    if (!isTable(d)) throw new Error(`${dw}: not a table`);
    const discArtist = optString(d, 'artist', dw) ?? albumArtist;
    const discType = optString(d, 'type', dw) ?? albumType;
    const discArtists = optArtists(d, dw) ?? albumArtists;
    const discOwnTags = canon(optTags(d, dw));
    const tracksRaw = d.tracks;
    if (!Array.isArray(tracksRaw) || tracksRaw.length === 0) throw new Error(`${dw}: needs [[discs.tracks]]`);
    const trackOwnTags: string[][] = [];
    const tracks: TrackDetails[] = tracksRaw.map((t, ti) => {
      const tw = `${dw} track ${ti + 1}`;
      if (!isTable(t)) throw new Error(`${tw}: not a table`);
      const own = canon(optTags(t, tw));
      trackOwnTags.push(own);
      const track: TrackDetails = {
        title: reqString(t, 'title', tw),
        artist: optString(t, 'artist', tw) ?? discArtist,
        type: optString(t, 'type', tw) ?? discType,
      };
      const artists = optArtists(t, tw) ?? discArtists;
      if (artists) track.artists = artists;
      const trackTags = union(own, discOwnTags);
      if (trackTags.length) track.tags = trackTags;
      return track;
    });
    const disc = {} as DiscDetails; // filled in wire key order
    const title = optString(d, 'title', dw);
    if (title !== undefined && title !== '') disc.title = title;
    Object.assign(disc, { artist: discArtist, catalog: reqString(d, 'catalog', dw), type: discType });
    if (discArtists) disc.artists = discArtists;
    const discTags = union(discOwnTags, ...trackOwnTags);
    if (discTags.length) disc.tags = discTags;
    disc.tracks = tracks;
    discs.push(disc);
    allTags.push(discTags);
  });

  const album = { album_id: albumId, title: reqString(a, 'title', where) } as AlbumDetails; // filled in wire key order
  const edition = optString(a, 'edition', where);
  if (edition) album.edition = edition;
  album.catalog = reqString(a, 'catalog', where);
  album.artist = albumArtist;
  album.date = dateText(a.date, where);
  album.type = albumType;
  if (albumArtists) album.artists = albumArtists;
  album.tags = union(...allTags);
  album.discs = discs;
  return album;
}

function loadTags(dir: string, tags: TagRegistry, warn: (msg: string) => void): void {
  if (!fs.existsSync(dir)) return;
  const docs: { file: string; list: Table[] }[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .sort()) {
    try {
      const doc = parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Table;
      const list = Array.isArray(doc.tag) ? (doc.tag.filter(isTable) as Table[]) : [];
      docs.push({ file, list });
    } catch (e) {
      warn(`tag/${file}: ${(e as Error).message}`);
    }
  }
  // Pass 1: definitions; pass 2: relations (so bare names and parents resolve regardless of order).
  for (const { file, list } of docs) {
    for (const t of list) {
      if (typeof t.name !== 'string' || typeof t.type !== 'string') {
        warn(`tag/${file}: a tag needs "name" and "type"`);
        continue;
      }
      const names = isTable(t.names)
        ? (Object.fromEntries(Object.entries(t.names).filter(([, v]) => typeof v === 'string')) as Record<
            string,
            string
          >)
        : null;
      tags.define(t.type, t.name, names);
    }
  }
  for (const { list } of docs) {
    for (const t of list) {
      if (typeof t.name !== 'string' || typeof t.type !== 'string') continue;
      const self = `${t.type}:${t.name}`;
      for (const child of Array.isArray(t.includes) ? t.includes : []) {
        if (typeof child === 'string') tags.link(self, tags.keyOfRelation(child));
      }
      for (const parent of Array.isArray(t['included-by']) ? t['included-by'] : []) {
        if (typeof parent === 'string') tags.link(tags.keyOfRelation(parent), self);
      }
    }
  }
}

export function loadMetaRepo(
  metaDir: string,
  warn: (msg: string) => void = (m) => console.warn(`[meta] ${m}`),
): MetaRepo {
  const tags = new TagRegistry();
  const albums = new Map<string, AlbumDetails>();
  loadTags(path.join(metaDir, 'tag'), tags, warn);
  const albumDir = path.join(metaDir, 'album');
  if (fs.existsSync(albumDir)) {
    for (const file of fs
      .readdirSync(albumDir)
      .filter((f) => f.endsWith('.toml'))
      .sort()) {
      try {
        const doc = parse(fs.readFileSync(path.join(albumDir, file), 'utf8')) as Table;
        const album = resolveAlbum(doc, tags, `album/${file}`);
        if (albums.has(album.album_id)) warn(`album/${file}: duplicate album_id ${album.album_id}`);
        albums.set(album.album_id, album);
      } catch (e) {
        warn(`album/${file}: ${(e as Error).message}`);
      }
    }
  }
  return { albums, tags, lyrics: loadLyrics(metaDir, warn), index: buildMetaIndex(albums) };
}
