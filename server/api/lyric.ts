import type { Context, Hono } from 'hono';
import { nowSeconds, type Db } from '../db.js';
import type { MetaRepo } from '../meta/load.js';
import { lyricKey, type LyricLanguage, type TrackLyrics } from '../meta/lyrics.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, malformed, ok } from './envelope.js';
import { UUID_PATTERN, readObject, str, type JsonObject, type TrackId } from './input.js';
import { LIMITS } from './limits.js';

/*
 * Lyrics (docs/protocol.md#lyrics): GET answers a track's source and translations; PATCH writes one
 * language of a track, as anniv-go decides it: the first lyric of a track is its source, a language
 * the track has is replaced, any other is added as a translation (so each language once a track).
 * Listeners' lyrics live in the database; the metadata repo's files (meta/lyrics.ts) count as the
 * track's lyrics too: a PATCH in the language of the repo's source replaces that source, and an
 * edited language is served over the file of the same language. Any signed-in user may write any
 * track's lyrics (anniv-go too); the contributor is whoever wrote the text last (anniv-go keeps the
 * first writer when the text is replaced). Stricter than anniv-go, which takes anything: the track
 * must be one the metadata knows, `type` text or lrc, `lang` a language tag, `data` not empty, at
 * most LIMITS.lyricBytes and, for lrc, timed lines. ANNIV_STRICT changes nothing here.
 */

const FORM = 'lyric form';
const MAX_DISC_OR_TRACK = 65_535;
/** A language tag as BCP 47 writes one: `ja`, `zh-CN`, `zh-Hans-CN`, `en-x-ipa`. */
const LANGUAGE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
/** A time stamp at the start of an LRC line, as the client reads it: `[mm:ss]`, `[mm:ss.xx]`, `[mm:ss:xx]`. */
const STAMP = /^\[(\d{1,3}):(\d{1,2})(?:[.:]\d{1,3})?\]/;
/** An LRC tag line: `[ti:title]`, `[ar:artist]`, `[offset:+500]`. */
const TAG = /^\[[A-Za-z]+:[^\]]*\]$/;
/** Who wrote a lyric whose account has been deleted since. */
const NOBODY = { user_id: '', nickname: '', avatar: '' };

interface LyricRow {
  id: number;
  language: string;
  source: number;
  type: 'text' | 'lrc';
  data: string;
  bytes: number;
  user_id: number | null;
  nickname: string | null;
  avatar: string | null;
}

const rangeError = (name: string): ApiError =>
  new ApiError(Status.IllegalParams, `${name} must be a whole number from 1 to ${MAX_DISC_OR_TRACK}`);
const albumError = (): ApiError => new ApiError(Status.IllegalParams, 'album_id must be an album id');

/** The track of GET's query: album id, disc and track 1–65,535 (902003 naming the parameter). */
function queryTrack(c: Context): TrackId {
  const album = c.req.query('album_id');
  if (album === undefined || !UUID_PATTERN.test(album)) throw albumError();
  const position = (name: string): number => {
    const raw = c.req.query(name);
    const n = raw !== undefined && /^\d{1,5}$/.test(raw) ? Number(raw) : 0;
    if (n < 1 || n > MAX_DISC_OR_TRACK) throw rangeError(name);
    return n;
  };
  return { album_id: album.toLowerCase(), disc_id: position('disc_id'), track_id: position('track_id') };
}

/** The track of PATCH's body: ids of the wrong JSON type → 902003 `malformed lyric form` (gin's binding). */
function bodyTrack(body: JsonObject): TrackId {
  const album = str(body, 'album_id', FORM);
  if (!UUID_PATTERN.test(album)) throw albumError();
  const position = (name: string): number => {
    const n = body[name];
    if (typeof n !== 'number') throw malformed(FORM);
    if (!Number.isInteger(n) || n < 1 || n > MAX_DISC_OR_TRACK) throw rangeError(name);
    return n;
  };
  return { album_id: album.toLowerCase(), disc_id: position('disc_id'), track_id: position('track_id') };
}

/** `lang` in BCP 47's case (`zh-hans-cn` → `zh-Hans-CN`), so one language is one row whatever its spelling. */
function languageTag(raw: string): string {
  if (raw.length > LIMITS.lyricLanguage || !LANGUAGE.test(raw)) {
    throw new ApiError(
      Status.IllegalParams,
      `lang must be a language tag such as "ja" or "zh-CN" (at most ${LIMITS.lyricLanguage} characters)`,
    );
  }
  let extension = false;
  return raw
    .split('-')
    .map((part, i) => {
      if (i > 0 && part.length === 1) extension = true; // `x-…` and other extensions: lower case
      if (i === 0 || extension) return part.toLowerCase();
      if (part.length === 4 && /^[A-Za-z]+$/.test(part)) return part[0]!.toUpperCase() + part.slice(1).toLowerCase();
      if (part.length === 2 && /^[A-Za-z]+$/.test(part)) return part.toUpperCase();
      return part.toLowerCase();
    })
    .join('-');
}

/** A control character other than tab, line feed and carriage return (never part of a lyric). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * An LRC text as the client reads it (src/rules/lyrics.ts): every line blank, a tag (`[ti:…]`) or
 * one or more time stamps and the words; seconds below 60; at least one timed line.
 */
function checkLrc(data: string): void {
  let timed = 0;
  for (const [i, raw] of data.split(/\r\n|\r|\n/).entries()) {
    let line = raw.trim();
    if (line === '' || TAG.test(line)) continue;
    if (!STAMP.test(line)) {
      throw new ApiError(
        Status.IllegalParams,
        `lrc line ${i + 1} has no time: each line starts with [mm:ss.xx] or is a tag such as [ti:title]`,
      );
    }
    for (let m = STAMP.exec(line); m; m = STAMP.exec(line)) {
      if (Number(m[2]) > 59) {
        throw new ApiError(Status.IllegalParams, `lrc line ${i + 1}: ${m[0]} is not a time (seconds go up to 59)`);
      }
      line = line.slice(m[0].length);
    }
    timed++;
  }
  if (timed === 0) {
    throw new ApiError(
      Status.IllegalParams,
      'lrc lyrics need at least one timed line ([mm:ss.xx] words); send untimed lyrics as type "text"',
    );
  }
}

function checkData(type: 'text' | 'lrc', data: string): number {
  if (data.trim() === '') throw new ApiError(Status.IllegalParams, 'lyric data must not be empty');
  const bytes = Buffer.byteLength(data, 'utf8');
  if (bytes > LIMITS.lyricBytes) {
    throw new ApiError(Status.IllegalParams, `lyric data too long (at most ${LIMITS.lyricBytes / 1024} KiB of UTF-8)`);
  }
  if (hasControl(data)) {
    throw new ApiError(
      Status.IllegalParams,
      'lyric data must not contain control characters (other than tabs and line breaks)',
    );
  }
  if (type === 'lrc') checkLrc(data);
  return bytes;
}

const lyricRows = (db: Db, t: TrackId): LyricRow[] =>
  db
    .prepare(
      `SELECT l.id, l.language, l.source, l.type, l.data, l.bytes, l.user_id, u.nickname, u.avatar
       FROM lyrics l LEFT JOIN users u ON u.id = l.user_id
       WHERE l.album_id = ? AND l.disc_id = ? AND l.track_id = ? ORDER BY l.id`,
    )
    .all(t.album_id, t.disc_id, t.track_id) as LyricRow[];

const edited = (row: LyricRow): LyricLanguage => ({
  language: row.language,
  type: row.type,
  data: row.data,
  contributor:
    row.user_id === null
      ? NOBODY
      : { user_id: String(row.user_id), nickname: row.nickname ?? '', avatar: row.avatar ?? '' },
  source: '',
});

/**
 * A track's lyrics: the repo's files and the listeners' rows by language (a row over the file of its
 * language, in the file's place); the source is the database's source row, else the repo's source.
 * Null when the track has none (or, after a repo change, translations whose source has gone).
 */
function trackLyrics(db: Db, meta: MetaRepo, t: TrackId): TrackLyrics | null {
  const repo = meta.lyrics.get(lyricKey(t.album_id, t.disc_id, t.track_id));
  const rows = lyricRows(db, t);
  if (rows.length === 0) return repo ?? null;
  const byLanguage = new Map<string, LyricLanguage>();
  let sourceLanguage: string | null = null;
  if (repo) {
    for (const lyric of [repo.source, ...repo.translations]) byLanguage.set(lyric.language.toLowerCase(), lyric);
    sourceLanguage = repo.source.language.toLowerCase();
  }
  for (const row of rows) {
    byLanguage.set(row.language.toLowerCase(), edited(row));
    if (row.source === 1) sourceLanguage = row.language.toLowerCase();
  }
  const source = sourceLanguage === null ? undefined : byLanguage.get(sourceLanguage);
  if (!source) return null;
  return { source, translations: [...byLanguage].filter(([k]) => k !== sourceLanguage).map(([, lyric]) => lyric) };
}

export function registerLyricRoutes(app: Hono<ApiEnv>, { db, meta }: ApiDeps): void {
  app.get('/api/lyric', (c) => {
    requireUser(c);
    const lyrics = trackLyrics(db, meta, queryTrack(c));
    if (!lyrics) throw new ApiError(Status.NotFound, 'lyric not found');
    return ok(c, lyrics);
  });

  app.patch('/api/lyric', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, FORM);
    const t = bodyTrack(body);
    const type = str(body, 'type', FORM);
    if (type !== 'text' && type !== 'lrc') throw new ApiError(Status.IllegalParams, 'type must be "text" or "lrc"');
    const language = languageTag(str(body, 'lang', FORM));
    const data = str(body, 'data', FORM);
    const bytes = checkData(type, data);
    if (!meta.albums.get(t.album_id)?.discs[t.disc_id - 1]?.tracks[t.track_id - 1]) {
      throw new ApiError(Status.NotFound, 'track not found');
    }
    const key = language.toLowerCase();
    db.transaction(() => {
      const repo = meta.lyrics.get(lyricKey(t.album_id, t.disc_id, t.track_id));
      const rows = lyricRows(db, t);
      const existing = rows.find((r) => r.language.toLowerCase() === key);
      const dbSource = rows.find((r) => r.source === 1);
      // the track's first lyric is its source; after that, the source's language replaces it
      const sourceLanguage = (dbSource?.language ?? repo?.source.language)?.toLowerCase();
      const isSource = dbSource ? existing === dbSource : sourceLanguage === undefined || sourceLanguage === key;
      if (!existing) {
        const languages = new Set([
          ...(repo ? [repo.source, ...repo.translations] : []).map((l) => l.language.toLowerCase()),
          ...rows.map((r) => r.language.toLowerCase()),
        ]);
        if (languages.size >= LIMITS.lyricLanguagesPerTrack) {
          throw new ApiError(
            Status.WriteErr,
            `too many lyric languages for this track (at most ${LIMITS.lyricLanguagesPerTrack})`,
          );
        }
      }
      // what the user has written, with this text instead of the one it replaces if that was theirs
      const mine = db
        .prepare('SELECT COUNT(*) AS n, COALESCE(SUM(bytes), 0) AS b FROM lyrics WHERE user_id = ?')
        .get(user.id) as { n: number; b: number };
      const replacesOwn = existing !== undefined && existing.user_id === user.id;
      if (mine.n + (replacesOwn ? 0 : 1) > LIMITS.lyricsPerUser) {
        throw new ApiError(Status.WriteErr, `too many lyrics written (at most ${LIMITS.lyricsPerUser})`);
      }
      if (mine.b - (replacesOwn ? existing.bytes : 0) + bytes > LIMITS.lyricBytesPerUser) {
        throw new ApiError(
          Status.WriteErr,
          `too much lyric text written (at most ${LIMITS.lyricBytesPerUser / 1024 / 1024} MiB)`,
        );
      }
      if (existing) {
        db.prepare(
          'UPDATE lyrics SET source = ?, type = ?, data = ?, bytes = ?, user_id = ?, updated_at = ? WHERE id = ?',
        ).run(isSource ? 1 : 0, type, data, bytes, user.id, nowSeconds(), existing.id);
      } else {
        db.prepare(
          `INSERT INTO lyrics (album_id, disc_id, track_id, language, source, type, data, bytes, user_id, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(t.album_id, t.disc_id, t.track_id, language, isSource ? 1 : 0, type, data, bytes, user.id, nowSeconds());
      }
    })();
    return ok(c, null);
  });
}
