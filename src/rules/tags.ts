// Tag helpers over the tag graph (docs/protocol.md#metadata): the graph maps a `type:name` tag to its
// children; parents are found by inverting it. Tags are compared in `type:name` form everywhere.
import type { Tag } from '@/shared/types';
import { TAG_TYPES as TAG_TYPE_LIST } from '@/shared/tagTypes';

/** parent tag id → child tag ids; only tags with children appear as keys */
export type TagGraph = Record<string, string[]>;

/** the tag types of the metadata repository (docs/protocol.md#files-on-disk) */
const TAG_TYPES: ReadonlySet<string> = new Set(TAG_TYPE_LIST);

export function tagId(type: string, name: string): string {
  return `${type}:${name}`;
}

/** tags that are nobody's child (docs/behaviour.md#tags: the tag list shows only these), in the given order */
export function rootTags(tags: readonly Tag[], graph: TagGraph): Tag[] {
  const children = new Set(Object.values(graph).flat());
  return tags.filter((tag) => !children.has(tag.id));
}

/** every tag that lists `tagId` as a child (a tag may have several parents, docs/protocol.md#metadata) */
export function parentsOf(id: string, graph: TagGraph): string[] {
  return Object.entries(graph)
    .filter(([, children]) => children.includes(id))
    .map(([parent]) => parent);
}

export function childrenOf(id: string, graph: TagGraph): string[] {
  return Object.hasOwn(graph, id) ? [...(graph[id] ?? [])] : [];
}

/** the name shown for a tag: `artist:Mio Aoki` → `Mio Aoki`; a string without a known type as is */
export function tagLabel(id: string): string {
  const colon = id.indexOf(':');
  if (colon < 0) return id;
  return TAG_TYPES.has(id.slice(0, colon)) ? id.slice(colon + 1) : id;
}

/** the route of a tag page: the tag is URI-encoded (docs/behaviour.md#routes-and-the-guard) */
export function tagPath(id: string): string {
  return `/tag/${encodeURIComponent(id)}`;
}
