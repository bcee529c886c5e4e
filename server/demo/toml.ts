import type { Artists } from '../meta/types.js';
import type { DemoAlbum, DemoTag } from './catalog.js';

/* Writes anni-style TOML (the layout the anni formatter produces) for demo albums and tags. */

/** TOML basic string (JSON escapes are a subset TOML accepts). */
const q = (s: string): string => JSON.stringify(s);
const key = (k: string): string => (/^[A-Za-z0-9_-]+$/.test(k) ? k : q(k));
const inlineTable = (t: Artists): string =>
  `{ ${Object.entries(t)
    .map(([k, v]) => `${key(k)} = ${q(v)}`)
    .join(', ')} }`;
const list = (items: readonly string[]): string => `[${items.map(q).join(', ')}]`;
const date = (d: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : q(d));

export function albumToml(a: DemoAlbum): string {
  const out: string[] = ['[album]', `album_id = ${q(a.album_id)}`, `title = ${q(a.title)}`];
  if (a.edition) out.push(`edition = ${q(a.edition)}`);
  out.push(`artist = ${q(a.artist)}`, `date = ${date(a.date)}`, `type = ${q(a.type)}`, `catalog = ${q(a.catalog)}`);
  if (a.tags?.length) out.push(`tags = ${list(a.tags)}`);
  if (a.artists) {
    out.push('', '[album.artists]');
    for (const [role, who] of Object.entries(a.artists)) out.push(`${key(role)} = ${q(who)}`);
  }
  for (const d of a.discs) {
    out.push('', '[[discs]]');
    if (d.title !== undefined) out.push(`title = ${q(d.title)}`);
    out.push(`catalog = ${q(d.catalog)}`);
    if (d.artist !== undefined) out.push(`artist = ${q(d.artist)}`);
    if (d.type !== undefined) out.push(`type = ${q(d.type)}`);
    if (d.artists) out.push(`artists = ${inlineTable(d.artists)}`);
    if (d.tags?.length) out.push(`tags = ${list(d.tags)}`);
    for (const t of d.tracks) {
      out.push('', '[[discs.tracks]]', `title = ${q(t.title)}`);
      if (t.artist !== undefined) out.push(`artist = ${q(t.artist)}`);
      if (t.type !== undefined) out.push(`type = ${q(t.type)}`);
      if (t.artists) out.push(`artists = ${inlineTable(t.artists)}`);
      if (t.tags?.length) out.push(`tags = ${list(t.tags)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

export function tagsToml(tags: readonly DemoTag[]): string {
  const out: string[] = [];
  for (const t of tags) {
    if (out.length) out.push('');
    out.push('[[tag]]', `name = ${q(t.name)}`, `type = ${q(t.type)}`);
    if (t.names) out.push(`names = ${inlineTable(t.names)}`);
    if (t.includes?.length) out.push(`includes = ${list(t.includes)}`);
    if (t['included-by']?.length) out.push(`included-by = ${list(t['included-by'])}`);
  }
  return `${out.join('\n')}\n`;
}

export function repoToml(name: string): string {
  return `[repo]\nname = ${q(name)}\nedition = "1.0+alpha.1.5.1"\n`;
}
