// 最近播放's layout (docs/behaviour.md#listening-history): plays newest first under a heading for
// each day of the listener's calendar (今天, 昨天, then the date), each with the time it began.

export type HistoryItem<T> =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'play'; key: string; play: T; index: number };

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** the local calendar day of a moment, as `YYYY-MM-DD` */
function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 今天, 昨天, or the date with its weekday (the year only when it is not this one) */
export function dayLabel(date: Date, now: Date, words: { today: string; yesterday: string }): string {
  const day = localDay(date);
  if (day === localDay(now)) return words.today;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day === localDay(yesterday)) return words.yesterday;
  const year = date.getFullYear() === now.getFullYear() ? '' : `${date.getFullYear()}年`;
  return `${year}${date.getMonth() + 1}月${date.getDate()}日 星期${WEEKDAYS[date.getDay()]}`;
}

/** `HH:MM` of a moment (Unix seconds), local time */
export function timeOfDay(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** the plays (newest first) with a day heading before the first play of each day */
export function historyItems<T extends { at: number }>(
  plays: readonly T[],
  now: Date,
  words: { today: string; yesterday: string },
): HistoryItem<T>[] {
  const items: HistoryItem<T>[] = [];
  let day = '';
  plays.forEach((play, index) => {
    const date = new Date(play.at * 1000);
    const thisDay = localDay(date);
    if (thisDay !== day) {
      day = thisDay;
      items.push({ kind: 'day', key: `day:${thisDay}`, label: dayLabel(date, now, words) });
    }
    items.push({ kind: 'play', key: `play:${index}`, play, index });
  });
  return items;
}
