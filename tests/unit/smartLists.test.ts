// 智能歌单 rules: the shape check of a kept or imported list, the ready-made lists, the file format,
// the facts blocks and the evaluation of every rule, order and limit over a small library written
// out by hand (what each rule should find is said beside it, not computed the same way).
import { describe, expect, test } from 'vitest';
import { factsBlock, readFactsBlock, trackTable, type FactsBlock } from '@/rules/albumFacts';
import { evaluateSmartList, prepareListenerData, type ListenerData } from '@/rules/smartEval';
import {
  parseSmartList,
  parseSmartListDraft,
  presetDrafts,
  readSmartListsFile,
  smartListsFile,
  type SmartList,
  type SmartListDraft,
  type SmartRule,
} from '@/rules/smartLists';
import { SMART_LIST_TRACKS_MAX } from '@/shared/constants';
import type { AlbumInfo } from '@/shared/types';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const GONE = '00000000-0000-4000-8000-00000000000d';

const album = (albumId: string, fields: Partial<AlbumInfo>): AlbumInfo => ({
  albumId,
  title: 'Album',
  catalog: 'CAT',
  artist: 'Artist',
  date: '2020-01-01',
  type: 'normal',
  tags: [],
  discs: [],
  ...fields,
});

// A: 港灯夜曲, Mio Aoki, 2023-04-12, two discs; disc 2 tagged live; track 1 of disc 1 by a guest
// B: Spring Echo, The Lanterns, 2019 (year only), album-level tag category:Demo
// C: 雨巷, 小林, 2021-06, one track tagged genre:Jazz (a child of genre:Music)
// GONE: in the facts but in no library any more
const ALBUMS: AlbumInfo[] = [
  album(A, {
    title: '港灯夜曲',
    artist: 'Mio Aoki',
    date: '2023-04-12',
    tags: ['artist:Mio Aoki', 'event:Live'],
    discs: [
      {
        catalog: 'A-1',
        tracks: [
          { title: 'Harbour Lights', artist: 'Mio Aoki & Guest' },
          { title: '夜航', artist: 'Mio Aoki' },
        ],
      },
      { catalog: 'A-2', tags: ['event:Live'], tracks: [{ title: 'Harbour Lights (Live)', tags: ['event:Live'] }] },
    ],
  }),
  album(B, {
    title: 'Spring Echo',
    artist: 'The Lanterns',
    date: '2019',
    tags: ['category:Demo'],
    discs: [{ catalog: 'B-1', tracks: [{ title: 'echo' }, { title: 'Spring' }] }],
  }),
  album(C, {
    title: '雨巷',
    artist: '小林',
    date: '2021-06',
    tags: ['genre:Jazz'],
    discs: [{ catalog: 'C-1', tracks: [{ title: '雨巷', tags: ['genre:Jazz'] }, { title: '油纸伞' }] }],
  }),
  album(GONE, { title: 'Gone', discs: [{ catalog: 'D', tracks: [{ title: 'gone' }] }] }),
];

const key = (albumId: string, disc: number, track: number) => `${albumId}-${disc}-${track}`;
const NOW = 1_800_000_000;
const DAY = 86_400;

const DATA: ListenerData = {
  now: NOW,
  available: new Map([
    [A, NOW - 100 * DAY],
    [B, NOW - 5 * DAY],
    [C, NOW - 40 * DAY],
  ]),
  likedTracks: [key(A, 1, 2), key(C, 1, 1), key(GONE, 1, 1)],
  likedAlbums: [B],
  plays: [
    [key(A, 1, 1), 12],
    [key(A, 1, 2), 3],
    [key(B, 1, 1), 3],
    [key(C, 1, 1), 1],
  ],
  playedWithin: new Map([
    [7, [key(B, 1, 1)]],
    [90, [key(B, 1, 1), key(A, 1, 2)]],
  ]),
  lastPlayedAt: [[key(B, 1, 1), NOW - 2 * DAY]],
  playlists: new Map([
    ['7', [key(C, 1, 2)]],
    ['8', [key(A, 2, 1), key(C, 1, 2)]],
  ]),
  tagGraph: { 'genre:Music': ['genre:Jazz'] },
};

const table = trackTable([factsBlock(ALBUMS, 0)]);
const prepared = prepareListenerData(table, DATA);
const NAMES = (tracks: Int32Array) => Array.from(tracks, (t) => table.titles[t]);

function list(rules: SmartRule[], fields: Partial<SmartListDraft> = {}): SmartListDraft {
  return { name: 'x', match: 'all', rules, sortBy: 'title', seed: 1, limit: null, ...fields };
}
const run = (rules: SmartRule[], fields?: Partial<SmartListDraft>) =>
  NAMES(evaluateSmartList(table, prepared, list(rules, fields)).tracks);

describe('the facts of albums', () => {
  test('a block reads back as it was written; tracks keep disc, number, artist and tags', () => {
    const block = factsBlock(ALBUMS, 5);
    expect(readFactsBlock(structuredClone(block))).toEqual(block);
    expect(table.albumIds).toEqual([A, B, C, GONE]);
    expect(table.titles).toEqual([
      'Harbour Lights',
      '夜航',
      'Harbour Lights (Live)',
      'echo',
      'Spring',
      '雨巷',
      '油纸伞',
      'gone',
    ]);
    expect(table.artists.slice(0, 3)).toEqual(['Mio Aoki & Guest', 'Mio Aoki', 'Mio Aoki']);
    expect(Array.from(table.discs.slice(0, 3))).toEqual([1, 1, 2]);
    expect(Array.from(table.numbers.slice(0, 3))).toEqual([1, 2, 1]);
    expect(Array.from(table.dates)).toEqual([20230412, 20190000, 20210600, 20200101]);
  });

  test('a damaged block is refused: a column short, a typed array of another kind, a missing field', () => {
    const block = factsBlock(ALBUMS, 5);
    expect(readFactsBlock({ ...block, titles: 'one' })).toBeNull();
    expect(readFactsBlock({ ...block, dates: Array.from(block.dates) })).toBeNull();
    expect(readFactsBlock({ ...block, discs: block.discs.slice(1) })).toBeNull();
    expect(readFactsBlock({ ...block, trackTags: undefined })).toBeNull();
    expect(readFactsBlock('block')).toBeNull();
    expect(readFactsBlock(factsBlock([], 1))).not.toBeNull();
  });

  test('an album in two blocks counts once, as the later block has it', () => {
    const renamed = { ...ALBUMS[1]!, title: 'Spring Echo (2024)' };
    const twice = trackTable([factsBlock(ALBUMS, 0), factsBlock([renamed], 1)] as FactsBlock[]);
    expect(twice.albumIds).toEqual([A, C, GONE, B]);
    expect(twice.albumTitles[3]).toBe('Spring Echo (2024)');
    expect(twice.titles.length).toBe(8);
  });

  test('separators inside metadata do not split a value', () => {
    const odd = trackTable([
      factsBlock([album(A, { title: 'a\u0001b', discs: [{ catalog: '', tracks: [{ title: 'x\u0002y' }] }] })], 0),
    ]);
    expect(odd.albumTitles).toEqual(['a b']);
    expect(odd.titles).toEqual(['x y']);
  });
});

describe('each rule', () => {
  test('liked tracks and liked albums, and their opposites; albums in no library never come', () => {
    expect(run([{ kind: 'liked', target: 'track', liked: true }])).toEqual(['夜航', '雨巷']);
    expect(run([{ kind: 'liked', target: 'album', liked: true }])).toEqual(['echo', 'Spring']);
    expect(run([{ kind: 'liked', target: 'album', liked: false }])).toHaveLength(5);
  });

  test('plays at least, at most, exactly; never played', () => {
    expect(run([{ kind: 'plays', op: 'atLeast', count: 3 }])).toEqual(['echo', 'Harbour Lights', '夜航']);
    expect(run([{ kind: 'plays', op: 'exactly', count: 3 }])).toEqual(['echo', '夜航']);
    expect(run([{ kind: 'plays', op: 'atMost', count: 1 }])).toEqual([
      'Harbour Lights (Live)',
      'Spring',
      '油纸伞',
      '雨巷',
    ]);
    expect(run([{ kind: 'neverPlayed' }])).toEqual(['Harbour Lights (Live)', 'Spring', '油纸伞']);
  });

  test('played within N days and not, from the window the loader read', () => {
    expect(run([{ kind: 'lastPlayed', within: true, days: 7 }])).toEqual(['echo']);
    expect(run([{ kind: 'lastPlayed', within: true, days: 90 }])).toEqual(['echo', '夜航']);
    expect(
      run([
        { kind: 'lastPlayed', within: false, days: 90 },
        { kind: 'plays', op: 'atLeast', count: 1 },
      ]),
    ).toEqual(['Harbour Lights', '雨巷']);
  });

  test('added to a library within N days', () => {
    expect(run([{ kind: 'added', days: 7 }])).toEqual(['echo', 'Spring']);
    expect(run([{ kind: 'added', days: 60 }])).toEqual(['echo', 'Spring', '油纸伞', '雨巷']);
  });

  test('a tag, with its sub-tags; an album-level tag holds for every track, a disc tag for its tracks', () => {
    expect(run([{ kind: 'tag', tag: 'genre:Music' }])).toEqual(['雨巷']);
    expect(run([{ kind: 'tag', tag: 'category:Demo' }])).toEqual(['echo', 'Spring']);
    expect(run([{ kind: 'tag', tag: 'event:Live' }])).toEqual(['Harbour Lights (Live)']);
    expect(run([{ kind: 'tag', tag: 'artist:Mio Aoki' }])).toHaveLength(3);
    expect(run([{ kind: 'tag', tag: 'genre:Rock' }])).toEqual([]);
  });

  test('artist, album title and track title: contains, not, is; case and spaces do not matter', () => {
    expect(run([{ kind: 'text', field: 'artist', op: 'contains', text: 'guest' }])).toEqual(['Harbour Lights']);
    expect(run([{ kind: 'text', field: 'artist', op: 'is', text: ' mio aoki ' }])).toEqual([
      'Harbour Lights (Live)',
      '夜航',
    ]);
    expect(run([{ kind: 'text', field: 'albumTitle', op: 'contains', text: '雨' }])).toEqual(['油纸伞', '雨巷']);
    expect(run([{ kind: 'text', field: 'title', op: 'notContains', text: 'harbour' }])).toEqual([
      'echo',
      'Spring',
      '夜航',
      '油纸伞',
      '雨巷',
    ]);
  });

  test('release dates: ranges by day, month or year, open on one side; a year-only album compares by year', () => {
    expect(run([{ kind: 'released', from: '2021', to: '' }])).toEqual([
      'Harbour Lights',
      'Harbour Lights (Live)',
      '夜航',
      '油纸伞',
      '雨巷',
    ]);
    expect(run([{ kind: 'released', from: '2019-06-01', to: '2019-12-31' }])).toEqual(['echo', 'Spring']);
    expect(run([{ kind: 'released', from: '2021-06-15', to: '2021-06-20' }])).toEqual(['油纸伞', '雨巷']);
    expect(run([{ kind: 'released', from: '', to: '2023-04' }])).toHaveLength(7);
    expect(run([{ kind: 'released', from: '2023-04-13', to: '' }])).toEqual([]);
  });

  test('in a playlist, in any, or in none', () => {
    expect(run([{ kind: 'playlist', playlistId: '8', inList: true }])).toEqual(['Harbour Lights (Live)', '油纸伞']);
    expect(run([{ kind: 'playlist', playlistId: '', inList: true }])).toEqual(['Harbour Lights (Live)', '油纸伞']);
    expect(run([{ kind: 'playlist', playlistId: '7', inList: false }])).toHaveLength(6);
    expect(run([{ kind: 'playlist', playlistId: 'unknown', inList: true }])).toEqual([]);
  });

  test('all of the rules, or any of them; no rules: every track of the libraries', () => {
    const rules: SmartRule[] = [
      { kind: 'liked', target: 'album', liked: true },
      { kind: 'text', field: 'title', op: 'contains', text: '雨' },
    ];
    expect(run(rules)).toEqual([]);
    expect(run(rules, { match: 'any' })).toEqual(['echo', 'Spring', '雨巷']);
    expect(run([])).toHaveLength(7);
  });
});

describe('order and limit', () => {
  test('most played, ties by the last play; last played; date added; release date; title', () => {
    const played: SmartRule[] = [{ kind: 'plays', op: 'atLeast', count: 1 }];
    // 12 plays, then the two with 3 (echo played 2 days ago, 夜航 within 90 days), then 1
    expect(run(played, { sortBy: 'mostPlayed' })).toEqual(['Harbour Lights', 'echo', '夜航', '雨巷']);
    expect(run(played, { sortBy: 'lastPlayed' })).toEqual(['echo', '夜航', 'Harbour Lights', '雨巷']);
    expect(run([], { sortBy: 'added' }).slice(0, 4)).toEqual(['echo', 'Spring', '雨巷', '油纸伞']);
    expect(run([], { sortBy: 'released' })).toEqual([
      'Harbour Lights',
      '夜航',
      'Harbour Lights (Live)',
      '雨巷',
      '油纸伞',
      'echo',
      'Spring',
    ]);
  });

  test('a shuffle keeps its order for one seed and changes with another', () => {
    const once = run([], { sortBy: 'shuffle', seed: 42 });
    expect(run([], { sortBy: 'shuffle', seed: 42 })).toEqual(once);
    expect([...once].sort()).toEqual([...run([])].sort());
    const others = [1, 2, 3, 4, 5].map((seed) => run([], { sortBy: 'shuffle', seed }).join());
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  test('the limit cuts the ordered list; what matched is still counted', () => {
    const result = evaluateSmartList(table, prepared, list([], { sortBy: 'title', limit: 2 }));
    expect(result.matched).toBe(7);
    expect(NAMES(result.tracks)).toEqual(['echo', 'Harbour Lights']);
  });
});

describe('a kept or imported list', () => {
  const draft = list([{ kind: 'plays', op: 'atLeast', count: 2 }], { name: '常听' });
  const kept: SmartList = { ...draft, id: 'l1', updatedAt: 5 };

  test('every ready-made list is a valid list', () => {
    const presets = presetDrafts(7);
    expect(Object.keys(presets)).toEqual(['最常播放', '最近添加', '很久没听', '从未播放', '我喜欢的随机']);
    for (const preset of Object.values(presets)) expect(parseSmartListDraft(preset)).toEqual(preset);
  });

  test('a damaged record is refused: bad rule, unknown sort, a limit past the maximum, no name', () => {
    expect(parseSmartList(kept)).toEqual(kept);
    expect(parseSmartList({ ...kept, id: '' })).toBeNull();
    expect(parseSmartList({ ...kept, rules: [{ kind: 'plays', op: 'more', count: 1 }] })).toBeNull();
    expect(parseSmartList({ ...kept, rules: [{ kind: 'released', from: '', to: '' }] })).toBeNull();
    expect(parseSmartList({ ...kept, rules: [{ kind: 'released', from: '2023-13', to: '' }] })).toBeNull();
    expect(parseSmartList({ ...kept, rules: [{ kind: 'tag', tag: 'noType' }] })).toBeNull();
    expect(parseSmartList({ ...kept, rules: [{ kind: 'text', field: 'title', op: 'is', text: '  ' }] })).toBeNull();
    expect(parseSmartList({ ...kept, sortBy: 'random' })).toBeNull();
    expect(parseSmartList({ ...kept, limit: SMART_LIST_TRACKS_MAX + 1 })).toBeNull();
    expect(parseSmartList({ ...kept, limit: 0 })).toBeNull();
    expect(parseSmartList({ ...kept, name: ' ' })).toBeNull();
    expect(parseSmartList({ ...kept, rules: Array(21).fill({ kind: 'neverPlayed' }) })).toBeNull();
  });

  test('an exported file imports again; a damaged list in it is skipped, a foreign file brings none', () => {
    const file = smartListsFile([kept]);
    expect(readSmartListsFile(file)).toEqual({ ok: true, drafts: [draft], skipped: 0 });
    const mixed = JSON.parse(file);
    mixed.lists.push({ name: 'bad', match: 'some' });
    expect(readSmartListsFile(JSON.stringify(mixed))).toEqual({ ok: true, drafts: [draft], skipped: 1 });
    expect(readSmartListsFile('{')).toEqual({ ok: false, problem: 'notJson' });
    expect(readSmartListsFile('{"lists": []}')).toEqual({ ok: false, problem: 'notSmartLists' });
    expect(readSmartListsFile(JSON.stringify({ ...JSON.parse(file), version: 2 }))).toEqual({
      ok: false,
      problem: 'notSmartLists',
    });
    expect(readSmartListsFile(file, 0)).toEqual({ ok: false, problem: 'tooMany' });
    mixed.lists = [{ name: 'bad' }];
    expect(readSmartListsFile(JSON.stringify(mixed))).toEqual({ ok: false, problem: 'noneValid' });
  });
});
