import { availableParallelism } from 'node:os';

/*
 * Limits of the reference server (anniv-go has none). Input over a limit is refused, never cut:
 * too long / too many in one request → 902003 with a message naming the field and the limit;
 * a list that would grow past its size → 901000 (nothing written). Listed in server/README.md.
 */
export const LIMITS = {
  /** Any /api request body not listed below (server/api/bodyLimit.ts). */
  bodyBytes: 1024 * 1024,
  /** Sign-in, register, password, intro and credential bodies. */
  smallBodyBytes: 16 * 1024,
  /**
   * PUT/PATCH /api/playlist and POST /api/share. Our client adds tracks 119 bytes an item, so a
   * 10,000-item playlist is ten appends of ≈ 120 KB; the worst valid request, 1,000 dummy items with
   * every text at its limit in 4-byte characters (emoji), is 8.1 MB (6.1 MB in CJK): 8 MiB.
   */
  bulkBodyBytes: 8 * 1024 * 1024,
  /**
   * Members of any one object in a JSON body (jsonBounds.ts). The widest object of any form has 8
   * known keys; unknown keys are ignored as anniv-go does, but not 600,000 of them (≈ 0.5-2 s of
   * JSON.parse). The maps of POST /api/share (one member per album) may have up to tracksPerShare.
   */
  jsonObjectMembers: 64,
  /** Characters (code points). */
  playlistName: 200,
  playlistDescription: 5000,
  itemDescription: 1000,
  dummyTitle: 500,
  dummyArtist: 500,
  /** Items in one PUT `/api/playlist` or one `append`. */
  itemsPerRequest: 1000,
  /** Items stored in one playlist (also the most ids a `remove` / `reorder` may carry). */
  itemsPerPlaylist: 10000,
  playlistsPerUser: 1000,
  favouriteTracksPerUser: 10000,
  favouriteAlbumsPerUser: 10000,
  /** Liked playlists (PUT /api/favorite/playlist); as many as one user may own. */
  favouritePlaylistsPerUser: 1000,
  /**
   * Lyrics (PATCH /api/lyric, docs/protocol.md#lyrics). `data` of one language of one track, in
   * UTF-8 bytes: a song's lyrics are 1-5 KB, a long LRC file with word timings 20-30 KB; 64 KiB
   * is room for any song and refuses a book.
   */
  lyricBytes: 64 * 1024,
  /**
   * The body of PATCH /api/lyric: `data` at its limit as JSON escapes it, at most 6 bytes a byte
   * (Go's encoder writes `<` as `\u003c`; control characters other than tab and line breaks are
   * refused), with the other fields: 512 KiB.
   */
  lyricBodyBytes: 512 * 1024,
  /** `lang`: a language tag (`ja`, `zh-CN`, `zh-Hans-CN`), characters; BCP 47 tags fit in 35. */
  lyricLanguage: 35,
  /** Languages of one track (its source and translations, the metadata repo's counted too). */
  lyricLanguagesPerTrack: 20,
  /**
   * Lyrics whose text one user wrote last, and their bytes: thousands of songs' lyrics, yet no
   * account fills the disk (10,000 at 64 KiB would be 640 MiB).
   */
  lyricsPerUser: 10_000,
  lyricBytesPerUser: 32 * 1024 * 1024,
  /** Shares (docs/protocol.md#shares). */
  shareName: 200,
  shareDescription: 5000,
  /** Track ids over all `songs` entries of one share (also the most `albums` entries of a request). */
  tracksPerShare: 10000,
  sharesPerUser: 1000,
  /**
   * Bytes of a share's answer to GET /api/share (the JSON envelope, tokens and metadata included),
   * checked at creation. A 10,000-track share of whole albums (≈ 830 albums of 12 tracks, the
   * library's metadata for every track) is ≈ 1.5-2 MB; 4 MiB leaves room for long titles.
   */
  shareAnswerBytes: 4 * 1024 * 1024,
  /** Memory for kept GET /api/share answers (api/shareAnswers.ts), JSON and compressed copies. */
  shareAnswerCacheBytes: 64 * 1024 * 1024,
  /**
   * Bytes of share answers one address group may read a minute (as sent: compressed when the client
   * accepts it). Sending is cheap per byte but not free: 16 readers pulling a 4 MB share without
   * compression in a loop took /api/info p99 from 64 ms to 1.7 s. 64 MiB is 16 reads a minute of the
   * largest share, and over a thousand of a typical one (tens of KB).
   */
  shareBytesPerAddressPerMinute: 64 * 1024 * 1024,
  /**
   * Bytes of shares one user may create an hour (the larger of the body as declared and the answer
   * as measured at creation). Creating the largest share costs the server 100-300 ms of its one
   * thread (parse, check, sign, serialise); 64 MiB is 16 of those an hour, and thousands of a
   * typical share (tens of KB), so a listener never meets it and a script cannot hold the server.
   */
  shareBytesPerUserPerHour: 64 * 1024 * 1024,
  /** Each text of a share's optional `metadata` (titles, artists, catalogs, dates …). */
  shareMetadataText: 1000,
  /**
   * POST /api/stat: entries in one request, play times in one entry and in the whole request,
   * oldest accepted time, plays one user may report in an hour (server/statBudget.ts). 1,000 plays
   * are written in about 2.5 ms; 10,000 held the event loop for 20-30 ms per request.
   */
  statEntriesPerRequest: 100,
  statTimesPerEntry: 100,
  statPlaysPerRequest: 1000,
  statPlaysPerUserPerHour: 10_000,
  statMaxAgeSeconds: 365 * 24 * 3600,
  /**
   * GET /api/stat/self/history: plays in one page, and the furthest offset (anniv-go takes any
   * number; a negative limit there answers every play). Pages deep into 1,000,000 plays cost tens
   * of ms (docs/performance.md); no listener scrolls ten million rows back.
   */
  statHistoryPage: 500,
  statHistoryOffset: 10_000_000,
  /**
   * Accounts registered from one address group (IPv4 address, IPv6 /64: server/addressGroup.ts)
   * per hour, a fixed window from the first (server/budget.ts). A family or office behind one NAT
   * registers a few accounts once; a script registered 775 in 20 s before. Refused with 902001
   * and the seconds to wait; refused or invalid forms do not count.
   */
  registrationsPerAddressPerHour: 10,
  /** User avatar URL (register, intro), characters. The nickname keeps anniv-go's 20 bytes (102000). */
  avatar: 2000,
  /** Credentials (docs/protocol.md#credentials), characters. */
  credentialName: 200,
  credentialUrl: 2000,
  credentialToken: 10000,
  credentialsPerUser: 100,
  /**
   * Lifetime of the library user tokens this server signs (controlled credentials, `npm run token`
   * by default), seconds. GET /api/credential signs a fresh one once less than half of it is left.
   */
  libraryTokenSeconds: 30 * 24 * 3600,
  /**
   * Transcodes (ffmpeg, library/transcode.ts) at once: in all, one per core (ffmpeg encodes on one
   * core, as fast as it is read, so more at once only make each slower and the server's answers
   * wait); per token, a track and the one a player moves on to while the first still ends (a share
   * link has one token for all its listeners); per client address (IPv6 by /64), a few listeners
   * behind one home router. 24 clients of one share link ran 24 at once and took /api/info to a
   * p99 of 3.5 s. Past a cap the library answers 503 with Retry-After (annil has no cap).
   */
  transcodesAtOnce: Math.max(2, availableParallelism()),
  transcodesPerToken: 2,
  transcodesPerAddress: 4,
  /** seconds a request refused by a transcode cap is told to wait (Retry-After) */
  transcodeRetryAfterSeconds: 2,
  /**
   * A transcode whose output lies unread this long (the client keeps the connection but stopped
   * reading: ffmpeg waits on a full pipe) is killed and the connection closed. A listener on a slow
   * link still reads every few seconds; a stalled one held an ffmpeg until the server stopped.
   */
  transcodeStalledMs: 20_000,
} as const;
