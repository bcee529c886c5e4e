// Lyrics as the /now page shows them, from what /api/lyric gives (docs/protocol.md#lyrics): LRC parsed
// into timed lines (each `[mm:ss.xx]` of a line is a line of its own, `[offset:±ms]` honoured,
// tags such as [ti:] dropped), plain text as untimed lines, and a translation laid beside the line
// with the same time (or the same position, for text).

interface LyricLine {
  /** seconds from the start; null for unsynced lyrics */
  time: number | null;
  text: string;
  translation?: string;
}

export interface Lyrics {
  synced: boolean;
  lines: LyricLine[];
}

export interface LyricText {
  type: 'lrc' | 'text';
  data: string;
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

export function buildLyrics(source: LyricText, translation?: LyricText): Lyrics {
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
export function currentLineAt(lyrics: Lyrics, time: number): number {
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
