// 智能歌单 (docs/behaviour.md#smart-playlists): a list made of rules over the listener's libraries and
// their own data, its order and its limit. This module is the vocabulary: the shapes, the check
// every list read from the device or an imported file goes through, the ready-made lists and the
// file format of an export. What a list holds is worked out in rules/smartEval.ts.
import {
  PLAYLIST_NAME_MAX,
  SMART_LIST_RULES_MAX,
  SMART_LIST_TRACKS_MAX,
  SMART_LISTS_MAX,
  SMART_RULE_DAYS_MAX,
  SMART_RULE_PLAYS_MAX,
  SMART_RULE_TEXT_MAX,
} from '@/shared/constants';
import { isRecord } from './narrow';

type PlaysOp = 'atLeast' | 'atMost' | 'exactly';
type TextField = 'artist' | 'albumTitle' | 'title';
type TextOp = 'contains' | 'notContains' | 'is';

/** one rule; each reads one thing the client knows of a track */
export type SmartRule =
  /** liked (the track itself, or its album) or not */
  | { kind: 'liked'; target: 'track' | 'album'; liked: boolean }
  /** the listener's plays of the track, all time */
  | { kind: 'plays'; op: PlaysOp; count: number }
  /** played (or not) in the last `days` days */
  | { kind: 'lastPlayed'; within: boolean; days: number }
  | { kind: 'neverPlayed' }
  /** its album first seen in one of the listener's libraries in the last `days` days */
  | { kind: 'added'; days: number }
  /** carries the tag (`type:name`) or one of its sub-tags */
  | { kind: 'tag'; tag: string }
  | { kind: 'text'; field: TextField; op: TextOp; text: string }
  /** released between two dates (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`; '' leaves that side open) */
  | { kind: 'released'; from: string; to: string }
  /** in one of the listener's playlists (`playlistId`, or any of them when '') or not */
  | { kind: 'playlist'; playlistId: string; inList: boolean };

type SmartSortBy = 'mostPlayed' | 'lastPlayed' | 'added' | 'released' | 'title' | 'shuffle';

const SMART_SORTS: readonly SmartSortBy[] = ['mostPlayed', 'lastPlayed', 'added', 'released', 'title', 'shuffle'];

export interface SmartList {
  id: string;
  name: string;
  /** all rules must hold, or any one */
  match: 'all' | 'any';
  rules: SmartRule[];
  sortBy: SmartSortBy;
  /** the shuffle's seed: the same order until the listener reshuffles */
  seed: number;
  /** at most this many tracks; null: as many as match, up to SMART_LIST_TRACKS_MAX */
  limit: number | null;
  /** when it was last changed (ms) */
  updatedAt: number;
}

/** a list as the editor holds it: everything but its identity */
export type SmartListDraft = Omit<SmartList, 'id' | 'updatedAt'>;

const PLAYS_OPS: readonly PlaysOp[] = ['atLeast', 'atMost', 'exactly'];
const TEXT_FIELDS: readonly TextField[] = ['artist', 'albumTitle', 'title'];
const TEXT_OPS: readonly TextOp[] = ['contains', 'notContains', 'is'];
/** a release date as a rule names it */
const DATE_PATTERN = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
/** a tag as the metadata names it: `type:name` */
const TAG_PATTERN = /^[^:\s][^:]*:.+$/;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);
const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const textUpTo = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

const isReleaseDate = (value: string): boolean => DATE_PATTERN.test(value);

/** a rule read from anywhere (the device, a file), or null when it is not one */
export function parseSmartRule(value: unknown): SmartRule | null {
  if (!isRecord(value)) return null;
  switch (value.kind) {
    case 'liked':
      return oneOf(value.target, ['track', 'album'] as const) && typeof value.liked === 'boolean'
        ? { kind: 'liked', target: value.target, liked: value.liked }
        : null;
    case 'plays':
      return oneOf(value.op, PLAYS_OPS) && wholeIn(value.count, 0, SMART_RULE_PLAYS_MAX)
        ? { kind: 'plays', op: value.op, count: value.count }
        : null;
    case 'lastPlayed':
      return typeof value.within === 'boolean' && wholeIn(value.days, 1, SMART_RULE_DAYS_MAX)
        ? { kind: 'lastPlayed', within: value.within, days: value.days }
        : null;
    case 'neverPlayed':
      return { kind: 'neverPlayed' };
    case 'added':
      return wholeIn(value.days, 1, SMART_RULE_DAYS_MAX) ? { kind: 'added', days: value.days } : null;
    case 'tag':
      return textUpTo(value.tag, SMART_RULE_TEXT_MAX) && TAG_PATTERN.test(value.tag)
        ? { kind: 'tag', tag: value.tag }
        : null;
    case 'text':
      return oneOf(value.field, TEXT_FIELDS) &&
        oneOf(value.op, TEXT_OPS) &&
        textUpTo(value.text, SMART_RULE_TEXT_MAX) &&
        value.text.trim() !== ''
        ? { kind: 'text', field: value.field, op: value.op, text: value.text }
        : null;
    case 'released': {
      const { from, to } = value;
      if (typeof from !== 'string' || typeof to !== 'string') return null;
      if ((from !== '' && !isReleaseDate(from)) || (to !== '' && !isReleaseDate(to))) return null;
      if (from === '' && to === '') return null;
      return { kind: 'released', from, to };
    }
    case 'playlist':
      return textUpTo(value.playlistId, 64) && typeof value.inList === 'boolean'
        ? { kind: 'playlist', playlistId: value.playlistId, inList: value.inList }
        : null;
    default:
      return null;
  }
}

/** the draft's fields, or null when one of them is not what a list holds */
export function parseSmartListDraft(value: unknown): SmartListDraft | null {
  if (!isRecord(value)) return null;
  const { name, match, rules, sortBy, seed, limit } = value;
  if (typeof name !== 'string' || name.trim() === '' || name.length > PLAYLIST_NAME_MAX) return null;
  if (!oneOf(match, ['all', 'any'] as const) || !oneOf(sortBy, SMART_SORTS)) return null;
  if (!Array.isArray(rules) || rules.length > SMART_LIST_RULES_MAX) return null;
  const parsed = rules.map(parseSmartRule);
  if (parsed.some((rule) => rule === null)) return null;
  if (!wholeIn(seed, 0, 0xffff_ffff)) return null;
  if (limit !== null && !wholeIn(limit, 1, SMART_LIST_TRACKS_MAX)) return null;
  return { name, match, rules: parsed as SmartRule[], sortBy, seed, limit };
}

/** a kept list (IndexedDB), or null when the record is damaged */
export function parseSmartList(value: unknown): SmartList | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '' || value.id.length > 64) return null;
  if (typeof value.updatedAt !== 'number' || !Number.isFinite(value.updatedAt)) return null;
  const draft = parseSmartListDraft(value);
  return draft && { ...draft, id: value.id, updatedAt: value.updatedAt };
}

// ---- ready-made lists -------------------------------------------------------------------------

export type PresetName = '最常播放' | '最近添加' | '很久没听' | '从未播放' | '我喜欢的随机';

/** the five lists an account starts with (docs/behaviour.md#smart-playlists); the listener may change or delete them */
export function presetDrafts(seed: number): Record<PresetName, SmartListDraft> {
  return {
    最常播放: {
      name: '最常播放',
      match: 'all',
      rules: [{ kind: 'plays', op: 'atLeast', count: 1 }],
      sortBy: 'mostPlayed',
      seed,
      limit: 100,
    },
    最近添加: {
      name: '最近添加',
      match: 'all',
      rules: [{ kind: 'added', days: 30 }],
      sortBy: 'added',
      seed,
      limit: 500,
    },
    很久没听: {
      name: '很久没听',
      match: 'all',
      rules: [
        { kind: 'plays', op: 'atLeast', count: 3 },
        { kind: 'lastPlayed', within: false, days: 90 },
      ],
      sortBy: 'mostPlayed',
      seed,
      limit: 100,
    },
    从未播放: {
      name: '从未播放',
      match: 'all',
      rules: [{ kind: 'neverPlayed' }],
      sortBy: 'shuffle',
      seed,
      limit: 200,
    },
    我喜欢的随机: {
      name: '我喜欢的随机',
      match: 'all',
      rules: [{ kind: 'liked', target: 'track', liked: true }],
      sortBy: 'shuffle',
      seed,
      limit: null,
    },
  };
}

// ---- export and import ------------------------------------------------------------------------

/** what an exported file says it is */
const SMART_LISTS_FILE_FORMAT = 'anniv-smart-playlists';
const FILE_VERSION = 1;

/** the file 导出 writes: the lists' drafts (ids and times are the device's own) */
export function smartListsFile(lists: readonly SmartList[]): string {
  const drafts = lists.map(({ name, match, rules, sortBy, seed, limit }) => ({
    name,
    match,
    rules,
    sortBy,
    seed,
    limit,
  }));
  return `${JSON.stringify({ format: SMART_LISTS_FILE_FORMAT, version: FILE_VERSION, lists: drafts }, null, 2)}\n`;
}

type SmartListsFileProblem = 'notJson' | 'notSmartLists' | 'tooMany' | 'noneValid';

export type SmartListsImport =
  | { ok: true; drafts: SmartListDraft[]; skipped: number }
  | { ok: false; problem: SmartListsFileProblem };

/**
 * An imported file's lists. Each list is checked on its own: a damaged one is skipped (and
 * counted) and the rest come in; a file that is not an export, or with more lists than an account
 * keeps, brings none.
 */
export function readSmartListsFile(text: string, room = SMART_LISTS_MAX): SmartListsImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  // a later version's file may mean its fields otherwise: read only what this version wrote
  if (
    !isRecord(value) ||
    value.format !== SMART_LISTS_FILE_FORMAT ||
    value.version !== FILE_VERSION ||
    !Array.isArray(value.lists)
  )
    return { ok: false, problem: 'notSmartLists' };
  if (value.lists.length > room) return { ok: false, problem: 'tooMany' };
  const drafts = value.lists.map(parseSmartListDraft).filter((draft) => draft !== null);
  if (drafts.length === 0) return { ok: false, problem: 'noneValid' };
  return { ok: true, drafts, skipped: value.lists.length - drafts.length };
}
