import { describe, expect, test } from 'vitest';
import { childrenOf, parentsOf, rootTags, tagLabel, tagPath } from '@/rules/tags';
import type { Tag } from '@/shared/types';

const tag = (type: string, name: string): Tag => ({ id: `${type}:${name}`, name, type });
const TAGS = [tag('group', 'Harbor'), tag('artist', 'Mio Aoki'), tag('artist', 'Ren'), tag('category', 'Demo')];
const GRAPH = { 'group:Harbor': ['artist:Mio Aoki', 'artist:Ren'], 'category:Demo': ['artist:Ren'] };

describe('tag helpers', () => {
  test('root tags are those never listed as a child, in the given order', () => {
    expect(rootTags(TAGS, GRAPH).map((t) => t.id)).toEqual(['group:Harbor', 'category:Demo']);
  });

  test('parents and children', () => {
    expect(parentsOf('artist:Ren', GRAPH)).toEqual(['group:Harbor', 'category:Demo']);
    expect(parentsOf('group:Harbor', GRAPH)).toEqual([]);
    expect(childrenOf('group:Harbor', GRAPH)).toEqual(['artist:Mio Aoki', 'artist:Ren']);
    expect(childrenOf('artist:Ren', GRAPH)).toEqual([]);
    expect(childrenOf('toString', GRAPH)).toEqual([]);
  });

  test.each([
    ['artist:Mio Aoki', 'Mio Aoki'],
    ['organization:A:B', 'A:B'],
    ['unknown:x', 'x'],
    ['weird:Name', 'weird:Name'],
    ['plain', 'plain'],
  ])('tagLabel(%s) = %s', (id, label) => {
    expect(tagLabel(id)).toBe(label);
  });

  test('tag path is URI-encoded', () => {
    expect(tagPath('artist:Mio Aoki/2')).toBe('/tag/artist%3AMio%20Aoki%2F2');
  });
});
