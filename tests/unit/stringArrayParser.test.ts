// The album list read piece by piece: whatever the pieces' boundaries, the same strings as
// JSON.parse, and the same refusals.
import { describe, expect, test } from 'vitest';
import { StringArrayParser } from '@/rules/stringArrayParser';

function parseInPieces(text: string, cuts: readonly number[]): string[] {
  const parser = new StringArrayParser();
  const values: string[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    values.push(...parser.push(text.slice(from, cut)));
    from = cut;
  }
  parser.end();
  return values;
}

/** JSON.parse throws, or what it gives is not an array of strings */
function refusedByJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return !Array.isArray(value) || value.some((item) => typeof item !== 'string');
  } catch {
    return true;
  }
}

const LISTS: string[][] = [
  [],
  ['3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'],
  ['a', 'b', 'c'],
  ['with "quotes"', 'back\\slash\\', 'tab\tand\nnewline', '汉字', 'emoji 🎵', '', 'ends with \\"'],
  ['\\\\', '"', '\\"\\'],
];

describe('a JSON array of strings read in pieces', () => {
  test.each(LISTS.map((list) => [list]))('every cut of %j gives what JSON.parse gives', (list) => {
    for (const text of [JSON.stringify(list), JSON.stringify(list, null, 2), ` \r\n${JSON.stringify(list)}\n `]) {
      for (let cut = 0; cut <= text.length; cut++) expect(parseInPieces(text, [cut])).toEqual(list);
      // one character a piece
      expect(
        parseInPieces(
          text,
          Array.from({ length: text.length }, (_, i) => i),
        ),
      ).toEqual(list);
    }
  });

  test('escapes JSON allows (\\u, \\/) read as JSON.parse reads them', () => {
    const text = '["\\u6c49\\u5b57", "a\\/b", "\\ud83c\\udfb5"]';
    for (let cut = 0; cut <= text.length; cut++) expect(parseInPieces(text, [cut])).toEqual(JSON.parse(text));
  });

  test.each([
    ['{"albums": []}'],
    ['["a1", 2]'],
    ['["a1", null]'],
    ['"text"'],
    ['<!doctype html><p>hi</p>'],
    ['["a1", "a2"'],
    ['["a1" "a2"]'],
    ['["a1",]'],
    ['[,"a1"]'],
    ['["a1"] x'],
    ['["a\u0001b"]'],
    ['["a\\qb"]'],
    [''],
  ])('%j is refused, as JSON.parse refuses it', (text) => {
    expect(refusedByJson(text)).toBe(true);
    for (let cut = 0; cut <= text.length; cut++) expect(() => parseInPieces(text, [cut])).toThrow(SyntaxError);
  });
});
