import { describe, expect, it } from 'vitest';
import { artistDisplay, parseArtists } from '@/rules/artist';

describe('parseArtists', () => {
  it.each([
    ['Mio Aoki', [{ name: 'Mio Aoki', members: [] }]],
    [
      'A、B',
      [
        { name: 'A', members: [] },
        { name: 'B', members: [] },
      ],
    ],
    [
      ' A 、 B ',
      [
        { name: 'A', members: [] },
        { name: 'B', members: [] },
      ],
    ],
    ['A、、B', [{ name: 'A、B', members: [] }]],
    [
      'A、、、B',
      [
        { name: 'A、', members: [] },
        { name: 'B', members: [] },
      ],
    ],
    [
      'Minato Strings（Aya、Ken）、Mio Aoki',
      [
        {
          name: 'Minato Strings',
          members: [
            { name: 'Aya', members: [] },
            { name: 'Ken', members: [] },
          ],
        },
        { name: 'Mio Aoki', members: [] },
      ],
    ],
    [
      '港灯乐团（小林（吉他）、阿健）',
      [
        {
          name: '港灯乐团',
          members: [
            { name: '小林', members: [{ name: '吉他', members: [] }] },
            { name: '阿健', members: [] },
          ],
        },
      ],
    ],
    ['', []],
    ['、、', [{ name: '、', members: [] }]],
    ['、A、', [{ name: 'A', members: [] }]],
  ])('%j', (input, expected) => {
    expect(parseArtists(input)).toEqual(expected);
  });

  it.each([
    [
      'an unclosed parenthesis closes at the end',
      'A（B、C',
      [
        {
          name: 'A',
          members: [
            { name: 'B', members: [] },
            { name: 'C', members: [] },
          ],
        },
      ],
    ],
    ['a stray closing parenthesis is kept as text', 'A）B', [{ name: 'A）B', members: [] }]],
    ['members with nobody before them stay at their level', '（B）', [{ name: 'B', members: [] }]],
    ['half-width parentheses are plain text', 'A (B)', [{ name: 'A (B)', members: [] }]],
  ])('odd input: %s', (_, input, expected) => {
    expect(parseArtists(input)).toEqual(expected);
  });
});

describe('artistDisplay', () => {
  it.each([
    ['Mio Aoki', 'Mio Aoki'],
    ['A、B', 'A、B'],
    ['A、、B', 'A、B'],
    ['Minato Strings（Aya、Ken）、Mio Aoki', 'Minato Strings [Aya · Ken]、Mio Aoki'],
    ['港灯乐团（小林（吉他）、阿健）', '港灯乐团 [小林 [吉他] · 阿健]'],
  ])('%s → %s', (input, expected) => {
    expect(artistDisplay(input)).toBe(expected);
  });
});
