/*
 * Tag registry of an anni metadata repo (docs/protocol.md#files-on-disk): tags from tag/*.toml, children created
 * by `includes`, parents linked by `included-by` (both honoured, like the Rust reader), and
 * resolution of the tag strings used in albums and queries.
 */

// one list with the client's (src/shared is plain vocabulary, no framework)
import { TAG_TYPES } from '../../src/shared/tagTypes.js';

export interface TagInfo {
  name: string;
  type: string;
  names: Record<string, string> | null;
}

interface TagRef {
  /** null for a bare name. */
  type: string | null;
  name: string;
}

function parseTagRef(text: string): TagRef {
  const colon = text.indexOf(':');
  if (colon > 0) {
    const type = text.slice(0, colon);
    if ((TAG_TYPES as readonly string[]).includes(type)) return { type, name: text.slice(colon + 1) };
  }
  return { type: null, name: text };
}

const tagKey = (type: string, name: string): string => `${type}:${name}`;

export class TagRegistry {
  private readonly tags = new Map<string, TagInfo>();
  private readonly children = new Map<string, string[]>();

  /** Adds (or completes) a tag; returns its key. */
  define(type: string, name: string, names: Record<string, string> | null = null): string {
    const key = tagKey(type, name);
    const existing = this.tags.get(key);
    if (!existing) this.tags.set(key, { name, type, names });
    else if (names && !existing.names) existing.names = names;
    return key;
  }

  link(parent: string, child: string): void {
    const list = this.children.get(parent) ?? [];
    if (!list.includes(child)) list.push(child);
    this.children.set(parent, list);
  }

  /** Reference as written in an includes / included-by list: typed, or a bare name of type unknown. */
  keyOfRelation(text: string): string {
    const ref = parseTagRef(text);
    if (ref.type) return this.define(ref.type, ref.name);
    return this.byBareName(ref.name) ?? this.define('unknown', ref.name);
  }

  private byBareName(name: string): string | null {
    let found: string | null = null;
    for (const [key, tag] of this.tags) {
      if (tag.name !== name) continue;
      if (found) return null; // ambiguous
      found = key;
    }
    return found;
  }

  /** Canonical `type:name` of a tag written in an album file. */
  canonical(text: string): string {
    const ref = parseTagRef(text);
    if (ref.type) return tagKey(ref.type, ref.name);
    return this.byBareName(ref.name) ?? tagKey('unknown', ref.name);
  }

  /** Key of an existing tag for a query (`type:name` or an unambiguous bare name); null if none. */
  find(text: string): string | null {
    const ref = parseTagRef(text);
    if (ref.type) {
      const key = tagKey(ref.type, ref.name);
      return this.tags.has(key) ? key : null;
    }
    return this.byBareName(ref.name);
  }

  list(): TagInfo[] {
    return [...this.tags.values()].map((t) => ({ name: t.name, type: t.type, names: t.names }));
  }

  /** parent key → child keys, only for tags that have children. */
  graph(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [parent, kids] of this.children) if (kids.length) out[parent] = [...kids];
    return out;
  }

  /** The tag and all its descendants (cycle-safe). */
  withDescendants(key: string): Set<string> {
    const seen = new Set<string>([key]);
    const queue = [key];
    while (queue.length) {
      for (const child of this.children.get(queue.shift()!) ?? []) {
        if (!seen.has(child)) {
          seen.add(child);
          queue.push(child);
        }
      }
    }
    return seen;
  }
}
