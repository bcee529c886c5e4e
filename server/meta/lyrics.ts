import fs from 'node:fs';
import path from 'node:path';

/*
 * Lyrics beside the metadata repository (docs/protocol.md#lyrics serves them; anni metadata repos have
 * none, and anniv-go keeps user-contributed ones in its database). Layout, one folder per track:
 *
 *   lyric/<album_id>/<disc_id>/<track_id>/source.<language>.<lrc|txt>        the original (one)
 *   lyric/<album_id>/<disc_id>/<track_id>/translation.<language>.<lrc|txt>   any number
 *
 * `lrc` files are synced ([mm:ss.xx] per line), `txt` plain. Read once at start; a file over
 * LYRIC_FILE_LIMIT or a malformed name is skipped with a warning.
 */

export interface LyricLanguage {
  language: string;
  type: 'lrc' | 'text';
  data: string;
  contributor: { user_id: string; nickname: string; avatar: string };
  source: string;
}

export interface TrackLyrics {
  source: LyricLanguage;
  translations: LyricLanguage[];
}

export const LYRIC_FILE_LIMIT = 256 * 1024;
const FILE = /^(source|translation)\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.(lrc|txt)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[1-9][0-9]{0,2}$/;
/** who the repository's lyrics are credited to */
const REPOSITORY = { user_id: '', nickname: 'Anniv', avatar: '' };

export const lyricKey = (albumId: string, discId: number, trackId: number): string =>
  `${albumId.toLowerCase()}/${discId}/${trackId}`;

const dirs = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

export function loadLyrics(metaDir: string, warn: (msg: string) => void): Map<string, TrackLyrics> {
  const out = new Map<string, TrackLyrics>();
  const root = path.join(metaDir, 'lyric');
  for (const album of dirs(root).filter((d) => UUID.test(d))) {
    for (const disc of dirs(path.join(root, album)).filter((d) => ID.test(d))) {
      for (const track of dirs(path.join(root, album, disc)).filter((d) => ID.test(d))) {
        const where = `lyric/${album}/${disc}/${track}`;
        let source: LyricLanguage | null = null;
        const translations: LyricLanguage[] = [];
        for (const file of fs.readdirSync(path.join(root, album, disc, track)).sort()) {
          const m = FILE.exec(file);
          const full = path.join(root, album, disc, track, file);
          if (!m) {
            warn(`${where}/${file}: not source|translation.<language>.<lrc|txt>, skipped`);
            continue;
          }
          if (fs.statSync(full).size > LYRIC_FILE_LIMIT) {
            warn(`${where}/${file}: over ${LYRIC_FILE_LIMIT} bytes, skipped`);
            continue;
          }
          const lyric: LyricLanguage = {
            language: m[2]!,
            type: m[3] === 'lrc' ? 'lrc' : 'text',
            data: fs.readFileSync(full, 'utf8'),
            contributor: REPOSITORY,
            source: 'anniv',
          };
          if (m[1] === 'translation') translations.push(lyric);
          else if (source) warn(`${where}/${file}: a second source, skipped`);
          else source = lyric;
        }
        if (source) out.set(lyricKey(album, Number(disc), Number(track)), { source, translations });
        else if (translations.length > 0) warn(`${where}: translations without a source, skipped`);
      }
    }
  }
  return out;
}
