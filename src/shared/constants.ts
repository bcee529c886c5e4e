// Business constants and limits (docs/behaviour.md#constants). The one place for the client's numbers:
// what the first page uses is in firstPageConstants.ts (its modules import it from there); the rest
// loads with the pages and features that use it.
export * from './firstPageConstants';

export const SEARCH_BOX_WIDTH = 600;

export const SKELETON_ROWS = 10;

export const ALBUM_SKELETON_ROW_HEIGHT = 62;

export const PAGE_SIZES = [10, 20, 30, 50] as const;

export const DEFAULT_PAGE_SIZE = 30;

export const DEFAULT_PAGE = 1;

/**
 * A library busy with transcodes (503, services/libraryBusy.ts): asked again up to this many times,
 * after the wait its Retry-After names and at least 1 s, 2 s, 4 s; a wait over 5 s is not taken (the
 * track fails as before), so the tries fit in BUFFERING_TIMEOUT_MS
 */
export const LIBRARY_BUSY_RETRIES = 3;

export const LIBRARY_BUSY_FIRST_WAIT_MS = 1_000;

export const LIBRARY_BUSY_LONGEST_WAIT_MS = 5_000;

/** ←/→ seek this many seconds */
export const SEEK_STEP_SECONDS = 5;

/** ↑/↓ change the volume by this many percentage points */
export const VOLUME_STEP_PERCENT = 5;

/** 定时关闭: the ready lengths in minutes, the longest chosen one, and the fade before the pause */
export const SLEEP_TIMER_MINUTES = [15, 30, 45, 60, 90] as const;

export const SLEEP_TIMER_MAX_MINUTES = 720;

export const ALBUM_DB_NAME = 'album';

/** 3: the availability map is stored per library in blocks (docs/architecture.md#local-album-data) */
export const ALBUM_DB_VERSION = 3;

export const LIBRARY_DB_NAME = 'library';

/** 2: a library's listed album order moved out of its record into blocks */
export const LIBRARY_DB_VERSION = 2;

/** what is kept on this device for listening offline: its records (IndexedDB) and bodies (Cache Storage) */
export const KEPT_DB_NAME = 'kept';

/** 2: the bytes of a download cut off are kept, so it resumes (docs/architecture.md#audio-kept-on-the-device) */
export const KEPT_DB_VERSION = 2;

export const KEPT_CACHE_NAME = 'kept-audio';

/** the server's answers a page needs to open offline (a playlist, the liked tracks), as last read */
export const ANSWER_COPIES_DB_NAME = 'answer_copies';

export const ANSWER_COPIES_DB_VERSION = 1;

/** a track that fails to download is tried this many times in all before its failure shows */
export const KEEP_ATTEMPTS = 3;

/** the wait before a failed download is tried again */
export const KEEP_RETRY_DELAY_MS = 2_000;

/** the bit rates annil transcodes to (kbit/s), for the size of tracks kept in those qualities */
export const TRANSCODED_KBPS = { low: 128, medium: 192, high: 256 } as const;

/** tracks asked their size before 保存到本机 (spread over the list; the rest are estimated from them) */
export const KEEP_ESTIMATE_SAMPLE = 24;

/** size questions in flight at once, so a long list does not queue the player's requests behind them */
export const KEEP_ESTIMATE_PARALLEL = 4;

/**
 * A download's bytes are stored as they arrive, in pieces of about this size, so a download cut off
 * asks only for the rest and memory holds at most one piece
 */
export const KEEP_PIECE_BYTES = 1024 * 1024;

/** bytes that arrived are stored after this long even when fewer (a slow or stalled library) */
export const KEEP_PIECE_MS = 1_000;

/**
 * Album ids per stored block (a library's sorted availability, its listed order): a look-up or a
 * page of the album list reads one block, and a 100,000-album library is 100 records, not 100,000.
 * A block of UUIDs stays under 64 KB, above which Chromium stores a value as a file of its own.
 */
export const ALBUM_BLOCK_SIZE = 1_000;

/** the cover a new playlist is created with: none chosen yet (the original client's) */
export const NEW_PLAYLIST_COVER = { albumId: '', discId: 1 } as const;

/** ours, not the spec's: longer names are refused before they are sent (the reference server's limit too) */
export const PLAYLIST_NAME_MAX = 200;

export const PLAYLIST_DESCRIPTION_MAX = 5_000;

/** ours (the reference server's limits too): longer values are refused before they are sent */
export const AVATAR_MAX = 2_000;

export const TRACK_NUMBER_DIGITS = 2;

export const STATUS_NOT_FOUND = 902000;

/** 902003: the server found the request malformed (a bad parameter or body) */
export const STATUS_ILLEGAL_PARAMS = 902003;

export const STATUS_TWO_FACTOR_ALREADY_ENABLED = 202004;

/** the reference server's own: a playlist change sent with a version the list no longer has */
export const STATUS_PLAYLIST_CHANGED = 103010;

/** the file a download of the recovery codes is saved as */
export const RECOVERY_CODES_FILE = 'anniv-recovery-codes.txt';

/** work on the page's thread between two yields to the page (a long task is over 50 ms) */
export const PAGE_WORK_SLICE_MS = 25;

/** 均衡器: the ten bands' centres (Hz), the most a band or the preamp moves either way (dB) */
export const EQ_BAND_HZ = [31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000] as const;

export const EQ_MAX_DB = 12;

/** the presets, in the order the menu lists them; `custom` is the listener's own bands */
export const EQ_PRESETS = ['flat', 'bassBoost', 'vocal', 'classical', 'rock', 'electronic', 'custom'] as const;

export type EqPreset = (typeof EQ_PRESETS)[number];

/** the localStorage key of the sound settings (均衡器, …) */
export const SOUND_KEY = 'player.sound';

/** 音量均衡: off, one gain per track, or one per album (docs/behaviour.md#sound) */
export const NORMALISATION_MODES = ['off', 'track', 'album'] as const;

export type NormalisationMode = (typeof NORMALISATION_MODES)[number];

/** the loudness tracks are brought to (LUFS), its range, and the true peak no gain goes past (dBTP) */
export const DEFAULT_TARGET_LUFS = -14;

export const TARGET_LUFS_RANGE = [-23, -8] as const;

export const TRUE_PEAK_CEILING_DBTP = -1;

/**
 * a track not measured yet is taken to be this loud (LUFS) until a first estimate: as loud as
 * today's loud masters, so it starts too quiet rather than too loud, then rises to its gain
 */
export const UNMEASURED_LUFS = -9;

/** how much of a track (seconds heard) its first estimate waits for, and how often it is renewed (ms) */
export const LOUDNESS_ESTIMATE_AFTER_S = 3;

export const LOUDNESS_ESTIMATE_EVERY_MS = 2_000;

/** IndexedDB: each track's measured loudness, per quality (storage/loudnessDb.ts) */
export const LOUDNESS_DB_NAME = 'loudness';

export const LOUDNESS_DB_VERSION = 1;

/** 淡入淡出: the longest overlap a listener can choose (s); 0 is the gapless hand-over */
export const CROSSFADE_MAX_S = 12;

/** IndexedDB: plays whose report waits to be sent (storage/waitingPlays.ts) */
export const PLAYS_DB_NAME = 'plays';

export const PLAYS_DB_VERSION = 1;

/** plays sent in one POST /api/stat (the reference server takes up to 1,000; 100 keeps a retry cheap) */
export const PLAYS_PER_REPORT = 100;

/** waiting plays are tried again after this, doubling at each failure up to the most (ms) */
export const PLAYS_RETRY_FIRST_MS = 5_000;

export const PLAYS_RETRY_MOST_MS = 10 * 60_000;

/** a play stamped further ahead of the server's clock than this is never sent (anniv-go refuses it: 901000) */
export const PLAYS_AHEAD_LIMIT_S = 3_600;

/** signing out waits at most this long for the waiting plays to be sent (ms) */
export const PLAYS_SIGN_OUT_WAIT_MS = 5_000;

/** ListenBrainz (docs/behaviour.md#listenbrainz): the service a token is checked with unless the listener names another */
export const LISTENBRAINZ_DEFAULT_URL = 'https://api.listenbrainz.org';

/** a listen is due once this much of the track has played (ms), or half the track if that comes first */
export const LISTEN_DUE_MOST_MS = 4 * 60_000;

/** ListenBrainz takes at most this many listens in one request (`import`) */
export const LISTENS_PER_IMPORT = 1_000;

/** ListenBrainz refuses a listen larger than this (bytes of JSON) */
export const LISTEN_MAX_BYTES = 10_240;

/** ListenBrainz refuses listens stamped before this (Unix seconds: 2002-10-01) */
export const LISTEN_EARLIEST_S = 1_033_430_400;

/** at most one request to ListenBrainz in this long (ms), whatever its headers allow */
export const LISTENBRAINZ_GAP_MS = 1_000;

/** after a 429 that does not say how long to wait (ms) */
export const LISTENBRAINZ_RATE_WAIT_MS = 10_000;

/** the longest a token or a service address may be (a pasted page is neither) */
export const LISTENBRAINZ_TOKEN_MAX = 200;

export const LISTENBRAINZ_URL_MAX = 500;

/** IndexedDB: each account's ListenBrainz setting and its listens waiting to be sent (storage/listens.ts) */
export const LISTENS_DB_NAME = 'listens';

export const LISTENS_DB_VERSION = 1;

/** 最近播放: plays read in one request as the listener scrolls */
export const HISTORY_PAGE_SIZE = 100;

/** 编辑歌词: the longest lyrics (UTF-8 bytes) sent to the server; longer ones are refused before they are sent */
export const LYRIC_MAX_BYTES = 65_536;

/** a lyric's language (zh-CN, ja, en-US …): letters, digits and hyphens, this many characters */
export const LYRIC_LANGUAGE_MIN = 2;

export const LYRIC_LANGUAGE_MAX = 35;

/** 智能歌单: rules in one list */
export const SMART_LIST_RULES_MAX = 20;

/** 智能歌单: lists one account keeps on a device (an import beyond it is refused) */
export const SMART_LISTS_MAX = 100;

/** 智能歌单: the most tracks a list plays or saves (an ordinary playlist's limit on anniv-go) */
export const SMART_LIST_TRACKS_MAX = 10_000;

/** 智能歌单: the longest text a rule compares with */
export const SMART_RULE_TEXT_MAX = 100;

/** 智能歌单: the largest number of days or plays a rule names */
export const SMART_RULE_DAYS_MAX = 36_500;

export const SMART_RULE_PLAYS_MAX = 1_000_000;

/** IndexedDB: smart playlists per account and the facts of the libraries' albums they read (storage/smartLists.ts) */
export const SMART_LISTS_DB_NAME = 'smart_lists';

export const SMART_LISTS_DB_VERSION = 1;

/** album facts older than this are read again from the server (ms): metadata is corrected now and then */
export const ALBUM_FACTS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** 智能歌单: the listener's data (likes, plays, playlists) is read again when older than this (ms) */
export const SMART_LIST_DATA_MAX_AGE_MS = 60_000;

/** tracks in one append when a list is saved as an ordinary playlist (the reference server's limit per request) */
export const PLAYLIST_APPEND_MAX = 1_000;

/** 智能歌单: a list shown follows likes and plays at most this often (ms): a play does not re-read the data every few seconds */
export const SMART_LIST_REFRESH_MS = 10_000;

/** 主页: the albums one shelf shows */
export const HOME_SHELF_SIZE = 20;

/** 主页 最近播放: the latest plays read for the shelf's albums (the server gives at most 500 a read) */
export const HOME_HISTORY_PLAYS = 200;

/** 刷新 on 有新版本可用: how long the new version may take to take over before the old one is unregistered and the page reloads (ms) */
export const UPDATE_TAKEOVER_WAIT_MS = 10_000;
