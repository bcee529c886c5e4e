// Each track's measured loudness on this device (docs/behaviour.md#sound), per quality: measured once,
// used at every play after. A record is checked for shape when read; signing out deletes them all
// (they say which albums were listened to).
import { deleteDB, type DBSchema } from 'idb';
import { isRecord } from '@/rules/narrow';
import type { Loudness } from '@/rules/loudnessGain';
import { LOUDNESS_DB_NAME, LOUDNESS_DB_VERSION } from '@/shared/constants';
import { createDbHandle } from './openDb';

const STORE = 'tracks';
const BY_ALBUM = 'byAlbum';

/** one track's measurement, in one quality */
export interface MeasuredTrack extends Loudness {
  /** `{trackKey}|{quality}` */
  key: string;
  albumId: string;
  track: string;
  /** a quality (`low` … `lossless`), or `unknown` */
  quality: string;
}

interface LoudnessSchema extends DBSchema {
  [STORE]: { key: string; value: MeasuredTrack; indexes: { [BY_ALBUM]: [string, string] } };
}

const loudnessDb = createDbHandle<LoudnessSchema>(LOUDNESS_DB_NAME, LOUDNESS_DB_VERSION, (db) => {
  db.createObjectStore(STORE, { keyPath: 'key' }).createIndex(BY_ALBUM, ['albumId', 'quality']);
});

const measuredKey = (track: string, quality: string) => `${track}|${quality}`;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** a record as stored, or null when it is not shaped as one */
function checked(record: unknown): MeasuredTrack | null {
  if (!isRecord(record)) return null;
  const { key, albumId, track, quality, lufs, truePeakDbtp, seconds } = record;
  if (typeof key !== 'string' || typeof albumId !== 'string' || typeof track !== 'string') return null;
  if (typeof quality !== 'string' || !finite(lufs) || !finite(truePeakDbtp) || !finite(seconds) || seconds <= 0)
    return null;
  return { key, albumId, track, quality, lufs, truePeakDbtp, seconds };
}

export async function readMeasuredTrack(track: string, quality: string): Promise<MeasuredTrack | null> {
  const record: unknown = await (await loudnessDb.get()).get(STORE, measuredKey(track, quality));
  return record === undefined ? null : checked(record);
}

/** the album's measured tracks in that quality (damaged records left out) */
export async function readMeasuredAlbum(albumId: string, quality: string): Promise<MeasuredTrack[]> {
  const records: unknown[] = await (await loudnessDb.get()).getAllFromIndex(STORE, BY_ALBUM, [albumId, quality]);
  return records.map(checked).filter((record): record is MeasuredTrack => record !== null);
}

export async function saveMeasuredTrack(measured: Omit<MeasuredTrack, 'key'>): Promise<void> {
  await (await loudnessDb.get()).put(STORE, { ...measured, key: measuredKey(measured.track, measured.quality) });
}

/** every measurement goes (signing out) */
export async function clearMeasuredLoudness(): Promise<void> {
  try {
    await (await loudnessDb.get()).clear(STORE);
  } catch (error) {
    console.warn('the loudness measurements could not be cleared; their database is deleted', error);
    await loudnessDb.close();
    await deleteDB(LOUDNESS_DB_NAME).catch(() => undefined);
  }
}
