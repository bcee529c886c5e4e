// Lyrics as the /now page shows them, from what /api/lyric gives (docs/protocol.md#lyrics): LRC parsed
// into timed lines (each `[mm:ss.xx]` of a line is a line of its own, `[offset:±ms]` honoured,
// tags such as [ti:] dropped), plain text as untimed lines, and a translation laid beside the line
// with the same time (or the same position, for text). Also what an edit changes (the server's
// rule: the first lyrics are the source, the source's language replaces it, another language is a
// translation) and the check of an LRC text before it is sent (docs/behaviour.md#lyrics).

interface LyricLine {
  /** seconds from the start; null for unsynced lyrics */
  time: number | null;
  text: string;
  translation?: string;
}

/** the lines as the panel shows them */
interface LyricLines {
  synced: boolean;
  lines: LyricLine[];
}

export type LyricType = 'lrc' | 'text';

export interface LyricText {
  type: LyricType;
  data: string;
}

/** who gave a language of the lyrics (the server's `contributor`) */
export interface LyricContributor {
  userId: string;
  nickname: string;
  avatar: string;
}

/** one language of a track's lyrics as the server keeps it; contributor null when the answer names none */
export interface LyricVersion extends LyricText {
  language: string;
  contributor: LyricContributor | null;
}

/** a track's lyrics: the lines shown, and what the server keeps (the editor starts from it) */
export interface Lyrics extends LyricLines {
  source: LyricVersion;
  translations: LyricVersion[];
  /** the translation laid beside the lines; null when none is (none of the same kind, or none that fits a line) */
  translation: LyricVersion | null;
}

const STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const OFFSET = /^\[offset:\s*([+-]?\d+)\]/im;

/** timed lines of an LRC text, in time order; lines without a time stamp are left out */
export function parseLrc(data: string): { time: number; text: string }[] {
  const offset = Number(OFFSET.exec(data)?.[1] ?? 0) / 1000;
  const out: { time: number; text: string }[] = [];
  for (const raw of data.split(/\r?\n/)) {
    const stamps = [...raw.matchAll(STAMP)];
    if (stamps.length === 0) continue;
    const text = raw.replace(STAMP, '').trim();
    for (const m of stamps) {
      const fraction = m[3] ? Number(m[3]) / 10 ** m[3].length : 0;
      // LRC's offset moves the lyrics earlier when positive
      out.push({ time: Math.max(0, Number(m[1]) * 60 + Number(m[2]) + fraction - offset), text });
    }
  }
  return out.sort((a, b) => a.time - b.time);
}

/** the text's lines, trimmed; blank lines inside (between verses) kept, those around dropped */
function textLines(data: string): string[] {
  const lines = data.split(/\r?\n/).map((l) => l.trim());
  while (lines[0] === '') lines.shift();
  while (lines.at(-1) === '') lines.pop();
  return lines;
}

export function buildLyrics(source: LyricText, translation?: LyricText): LyricLines {
  if (source.type === 'lrc') {
    const lines: LyricLine[] = parseLrc(source.data).map((l) => ({ ...l }));
    if (lines.length > 0) {
      if (translation?.type === 'lrc') {
        const byTime = new Map(parseLrc(translation.data).map((l) => [l.time.toFixed(2), l.text]));
        for (const line of lines) {
          const t = byTime.get(line.time!.toFixed(2));
          if (t) line.translation = t;
        }
      }
      return { synced: true, lines };
    }
  }
  // plain text, or an LRC file without a single time stamp: shown as it is, unsynced
  const lines: LyricLine[] = textLines(
    source.type === 'lrc' ? source.data.replace(/^\[[a-z]+:[^\]]*\]\s*$/gim, '') : source.data,
  ).map((text) => ({ time: null, text }));
  if (translation?.type === 'text') {
    const t = textLines(translation.data);
    lines.forEach((line, i) => {
      if (t[i]) line.translation = t[i];
    });
  }
  return { synced: false, lines };
}

/** the line being sung at `time`: the last whose time has come; -1 before the first */
export function currentLineAt(lyrics: LyricLines, time: number): number {
  if (!lyrics.synced) return -1;
  let lo = 0;
  let hi = lyrics.lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lyrics.lines[mid]!.time! <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** languages are the same whatever their case (zh-CN, zh-cn) */
export const sameLanguage = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** the track's lyrics from what the server keeps: the first translation of the source's kind in another language goes beside the lines */
export function lyricsOf(source: LyricVersion, translations: LyricVersion[]): Lyrics {
  const beside = translations.find((t) => t.type === source.type && !sameLanguage(t.language, source.language));
  const { synced, lines } = buildLyrics(source, beside);
  const laid = beside !== undefined && lines.some((line) => line.translation !== undefined);
  return { synced, lines, source, translations, translation: laid ? beside : null };
}

/**
 * The lyrics after the server took `saved`, as the server keeps them: a track without lyrics gets
 * its source; the source's language replaces the source; a translation's language replaces that
 * translation where it stands; any other language is a translation added last.
 */
export function withSaved(lyrics: Lyrics | null, saved: LyricVersion): Lyrics {
  if (!lyrics) return lyricsOf(saved, []);
  if (sameLanguage(lyrics.source.language, saved.language)) return lyricsOf(saved, lyrics.translations);
  const at = lyrics.translations.findIndex((t) => sameLanguage(t.language, saved.language));
  const translations =
    at < 0 ? [...lyrics.translations, saved] : lyrics.translations.map((t, i) => (i === at ? saved : t));
  return lyricsOf(lyrics.source, translations);
}

/** a language of the lyrics, or undefined */
export const versionIn = (versions: readonly LyricVersion[], language: string): LyricVersion | undefined =>
  versions.find((v) => sameLanguage(v.language, language.trim()));

/** what is wrong with an LRC text: the first line at fault (1-based), or a text without one timed line */
export type LrcProblem =
  | { kind: 'badStamp'; line: number; stamp: string; reason: 'seconds' | 'form' }
  | { kind: 'notTimed'; line: number }
  | { kind: 'badOffset'; line: number }
  | { kind: 'noTimedLine' };

const TAG_LINE = /^\[([A-Za-z]+):([^\]]*)\]$/;
const GROUP = /^\[([^[\]]*)\]/;
/** what a time stamp looks like, right or wrong: digits with a colon or a dot */
const TIME_LIKE = /^[\d\s:.,]*\d[\d\s:.,]*$/;
const GOOD_STAMP = /^(\d{1,3}):(\d{2})(?:\.\d{1,3})?$/;
const NUMBERS = /^\d+:(\d+)(?:[.:]\d+)?$/;

/**
 * The check of an LRC text before it is sent: every non-empty line is a tag (`[ar:…]`, `[ti:…]`,
 * `[offset:±ms]` …) or starts with one or more time stamps `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]` or
 * `[mm:ss.xxx]` (seconds under 60) before its text (which may be empty: a pause); at least one
 * line is timed. null when all is well.
 */
export function checkLrc(data: string): LrcProblem | null {
  let timed = 0;
  const lines = data.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const number = i + 1;
    const tag = TAG_LINE.exec(line);
    if (tag) {
      if (tag[1]!.toLowerCase() === 'offset' && !/^[+-]?\d+$/.test(tag[2]!.trim()))
        return { kind: 'badOffset', line: number };
      continue;
    }
    let rest = line;
    let stamps = 0;
    for (let group = GROUP.exec(rest); group; group = GROUP.exec(rest)) {
      const inside = group[1]!;
      if (!TIME_LIKE.test(inside)) break;
      const good = GOOD_STAMP.exec(inside);
      if (!good || Number(good[2]) >= 60) {
        const seconds = NUMBERS.exec(inside)?.[1];
        const reason = seconds !== undefined && seconds.length === 2 && Number(seconds) >= 60 ? 'seconds' : 'form';
        return { kind: 'badStamp', line: number, stamp: group[0], reason };
      }
      stamps++;
      rest = rest.slice(group[0].length);
    }
    if (stamps === 0) return { kind: 'notTimed', line: number };
    timed++;
  }
  return timed > 0 ? null : { kind: 'noTimedLine' };
}
