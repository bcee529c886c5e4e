// 主页 offline (docs/behaviour.md#home): the albums the shelves built from the server last showed
// (最近播放 from the history, 本月最常播放 from this month's counts), per account, so the page built
// with no network shows what was last read. A few ids in localStorage; checked for shape when read,
// removed at sign-out with the rest of the account's data.
import { isRecord } from '@/rules/narrow';
import { readLocalAs, removeLocalAs, writeLocalAs } from './local';

const KEY = 'home.lastRead';

/** what a shelf read from the server last, for this account */
export interface LastRead {
  user: string;
  /** 最近播放's albums */
  recentlyPlayed?: string[];
  /** 本月最常播放's albums, and the month they are of (`YYYY-MM`) */
  monthTop?: { month: string; albums: string[] };
}

const ids = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.length <= 100 && value.every((id) => typeof id === 'string' && id.length <= 100)
    ? (value as string[])
    : undefined;

function parseLastRead(value: unknown): LastRead | undefined {
  if (!isRecord(value) || typeof value.user !== 'string') return undefined;
  const read: LastRead = { user: value.user };
  const played = ids(value.recentlyPlayed);
  if (played) read.recentlyPlayed = played;
  const top = value.monthTop;
  const albums = isRecord(top) ? ids(top.albums) : undefined;
  if (isRecord(top) && typeof top.month === 'string' && albums) read.monthTop = { month: top.month, albums };
  return read;
}

/** what this account's shelves read last (nothing for another account's record) */
export function readLastRead(user: string): LastRead {
  const read = readLocalAs(KEY, parseLastRead, () => undefined);
  return read?.user === user ? read : { user };
}

/** keeps one shelf's latest read beside the others' */
export function writeLastRead(user: string, part: Omit<LastRead, 'user'>): void {
  writeLocalAs(KEY, { ...readLastRead(user), ...part, user });
}

/** sign-out: the account's shelves go with it */
export function clearLastRead(): void {
  removeLocalAs(KEY);
}
