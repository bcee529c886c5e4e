// A fake Anniv server at the network edge: a `fetch` that answers with the wire format of
// docs/protocol.md (HTTP 200 envelopes, snake_case keys), so views run with the real api client.
import { Secret, TOTP } from 'otpauth';

interface FakeUser {
  userId: string;
  email: string;
  password: string; // as sent by the client (SHA-256 hex)
  nickname: string;
  avatar: string;
  /** two-step sign-in on with a fixed code this fake accepts (requireCode) */
  twoFactorCode?: string;
  /** two-step sign-in turned on through the API: codes are checked as TOTPs of this secret */
  twoFactorSecret?: string;
  /** recovery codes not used yet (a site with the `2fa_recovery` feature, as the reference server) */
  recoveryCodes?: string[];
}

export interface FakeAnnivOptions {
  features?: string[];
  siteName?: string;
  description?: string;
  inviteCode?: string;
  /** answer every call with this HTTP status instead (server down / broken proxy) */
  httpStatus?: number;
}

export interface FakeCredential {
  id: string;
  name: string;
  url: string;
  token: string;
  priority: number;
  controlled: boolean;
}

/** a library server (annil) reachable through the same fake fetch */
export interface FakeLibrary {
  lastUpdate: number;
  albums: string[];
  /** answer every call with this HTTP status (a library that is down) */
  httpStatus?: number;
  /** answer an HTML page instead of JSON */
  garbage?: boolean;
  /** the only token /albums takes; any other gets annil's 401 (an expired or ended token) */
  token?: string;
}

/** album metadata in wire form (snake_case), as /api/meta/album answers it */
export type WireAlbum = Record<string, unknown> & { album_id: string; title: string };

interface FakeTag {
  name: string;
  type: string;
}

export interface FakePlaylistItem {
  id: string;
  type: 'normal' | 'dummy' | 'album';
  description: string;
  info: unknown;
}

export interface FakePlaylist {
  id: string;
  name: string;
  description: string;
  is_public: boolean;
  cover: { album_id: string; disc_id: number };
  owner: string;
  last_modified: number;
  items: FakePlaylistItem[];
}

/** one language of a track's lyrics, in wire form (GET /api/lyric) */
export interface WireLyric {
  language: string;
  type: 'lrc' | 'text';
  data: string;
  contributor: { user_id: string; nickname: string; avatar: string };
  source: string;
}

export const FAKE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoidXNlciJ9.c2lnbmF0dXJl';

export function createFakeAnniv(options: FakeAnnivOptions = {}) {
  const users: FakeUser[] = [];
  const credentials: FakeCredential[] = [];
  const libraries = new Map<string, FakeLibrary>();
  const albums = new Map<string, WireAlbum>();
  const tags: FakeTag[] = [];
  const tagGraph: Record<string, string[]> = {};
  /** tag id → album ids carrying it directly */
  const albumsByTag: Record<string, string[]> = {};
  let nextCredential = 1;
  let sessionUser: FakeUser | null = null;
  /** the signed-in user's liked tracks (wire form) and album ids, newest first */
  const favouriteTracks: Record<string, unknown>[] = [];
  const favouriteAlbums: string[] = [];
  /** the signed-in user's liked playlist ids, newest first */
  const favouritePlaylists: string[] = [];
  const playlists: FakePlaylist[] = [];
  /** created shares, by id: what POST /api/share received */
  const shares = new Map<string, Record<string, unknown>>();
  /** every play stored, in the order it came (POST /api/stat), as anniv-go keeps them: no play is merged */
  const plays: { userId: string; track: { album_id: string; disc_id: number; track_id: number }; at: number }[] = [];
  /** lyrics by track (`album/disc/track`), as anniv-go keeps them: the first is the source, the rest translations */
  const lyrics = new Map<string, { source: WireLyric; translations: WireLyric[] }>();
  let nextPlaylist = 1;
  let nextItem = 1;
  const requests: { method: string; path: string; body: unknown; query?: string }[] = [];
  /**
   * httpStatus: answer every call with it; delayMs: answer the API (not libraries) this much later;
   * unreachable: no answer at all, as fetch fails offline; unavailable: these calls ('GET /api/…')
   * alone answered with 503; refused: these calls ('PATCH /api/…') answered with this API error
   */
  const state: {
    httpStatus?: number;
    delayMs?: number;
    unreachable?: boolean;
    unavailable?: Set<string>;
    refused?: Map<string, { status: number; message: string }>;
  } = {
    httpStatus: options.httpStatus,
  };

  const ok = (data: unknown) => ({ status: 0, message: 'OK', data });
  const fail = (status: number, message: string) => ({ status, message, data: null });
  const twoFactorOn = (u: FakeUser) => u.twoFactorCode !== undefined || u.twoFactorSecret !== undefined;
  /** the reference server's recovery codes: asked password on turning it on, codes handed out, counted, taken once */
  const recovery = () => (options.features ?? []).includes('2fa_recovery');
  let nextRecovery = 0;
  const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
  const newRecoveryCodes = () =>
    Array.from({ length: 10 }, () => {
      const n = nextRecovery++;
      return `abcd${RECOVERY_ALPHABET[n % 31]}-${RECOVERY_ALPHABET[Math.floor(n / 31) % 31]}2345`;
    });
  const userInfo = (u: FakeUser) => ({
    user_id: u.userId,
    email: u.email,
    nickname: u.nickname,
    avatar: u.avatar,
    '2fa_enabled': twoFactorOn(u),
    ...(u.recoveryCodes && twoFactorOn(u) ? { recovery_codes_left: u.recoveryCodes.length } : {}),
  });
  /** the code fits the user's fixed code or the current TOTP of their secret (one window either side), or is a recovery code of theirs (used up) */
  const codeFits = (u: FakeUser, code: unknown, secret = u.twoFactorSecret) => {
    if (typeof code !== 'string') return false;
    const recoveryCode = u.recoveryCodes?.indexOf(code.toLowerCase()) ?? -1;
    if (recoveryCode >= 0 && secret === u.twoFactorSecret) {
      u.recoveryCodes!.splice(recoveryCode, 1);
      return true;
    }
    return (
      code === u.twoFactorCode ||
      (secret !== undefined &&
        new TOTP({ secret: Secret.fromBase32(secret) }).validate({ token: code, window: 1 }) !== null)
    );
  };
  const enforced = () => (options.features ?? []).includes('2fa_enforced');

  function descendants(tag: string): string[] {
    return (tagGraph[tag] ?? []).flatMap((child) => [child, ...descendants(child)]);
  }

  /** TrackInfoWithAlbum for a track identity, from the album metadata */
  function trackInfo(albumId: string, discId: number, trackId: number) {
    const album = albums.get(albumId);
    const track = (album?.discs as { tracks: { title: string; type?: string }[] }[] | undefined)?.[discId - 1]?.tracks[
      trackId - 1
    ];
    return {
      album_id: albumId,
      disc_id: discId,
      track_id: trackId,
      title: track?.title ?? '',
      artist: String(album?.artist ?? ''),
      type: track?.type ?? 'normal',
      album_title: album?.title ?? '',
    };
  }

  const playlistInfo = (p: FakePlaylist) => ({
    name: p.name,
    description: p.description,
    is_public: p.is_public,
    cover: p.cover.album_id ? p.cover : null,
    id: p.id,
    owner: p.owner,
    last_modified: p.last_modified,
  });
  const playlistDetails = (p: FakePlaylist) => ({
    ...playlistInfo(p),
    items: p.items.map((item) => {
      if (item.type !== 'normal') return item;
      const info = item.info as { album_id: string; disc_id: number; track_id: number };
      return { ...item, info: trackInfo(info.album_id, info.disc_id, info.track_id) };
    }),
  });
  const newItems = (value: unknown): FakePlaylistItem[] =>
    (Array.isArray(value) ? value : []).map(
      (item: { type?: FakePlaylistItem['type']; description?: string; info?: unknown }) => ({
        id: String(nextItem++),
        type: item.type ?? 'normal',
        description: item.description ?? '',
        info: item.info,
      }),
    );

  function playlistCall(method: string, body: Record<string, unknown>, query: URLSearchParams) {
    const user = sessionUser!;
    const find = (id: unknown) => playlists.find((p) => p.id === String(id));
    switch (method) {
      case 'GET': {
        const list = find(query.get('id'));
        if (!list) return fail(902000, 'playlist not found');
        if (!list.is_public && list.owner !== user.userId) return fail(902001, 'permission denied');
        return ok(playlistDetails(list));
      }
      case 'PUT': {
        const cover = (body.cover ?? {}) as { album_id?: string; disc_id?: number };
        const list: FakePlaylist = {
          id: String(nextPlaylist++),
          name: String(body.name ?? ''),
          description: String(body.description ?? ''),
          is_public: Boolean(body.is_public),
          cover: { album_id: cover.album_id ?? '', disc_id: cover.disc_id ?? 1 },
          owner: user.userId,
          last_modified: 1_700_000_000,
          items: newItems(body.items),
        };
        playlists.push(list);
        return ok(playlistDetails(list));
      }
      case 'PATCH': {
        const list = find(body.id);
        if (!list) return fail(902000, 'playlist not found');
        if (list.owner !== user.userId) return fail(902001, 'you are not the owner of the play list');
        const payload = body.payload;
        switch (body.command) {
          case 'append':
            list.items.push(...newItems(payload));
            break;
          case 'remove': {
            const ids = (payload as string[]).map(String);
            if (ids.some((id) => !list.items.some((i) => i.id === id))) return fail(901000, 'song not found');
            list.items = list.items.filter((i) => !ids.includes(i.id));
            break;
          }
          case 'reorder': {
            const ids = (payload as string[]).map(String);
            if (ids.length !== list.items.length || ids.some((id) => !list.items.some((i) => i.id === id)))
              return fail(902003, 'malformed payload');
            list.items = ids.map((id) => list.items.find((i) => i.id === id)!);
            break;
          }
          case 'info': {
            const info = payload as Record<string, unknown>;
            if (typeof info.name === 'string') list.name = info.name;
            if (typeof info.description === 'string') list.description = info.description;
            if (typeof info.is_public === 'boolean') list.is_public = info.is_public;
            break;
          }
          default:
            return fail(103003, 'invalid patch command');
        }
        list.last_modified++;
        return ok(playlistDetails(list));
      }
      case 'DELETE': {
        const list = find(body.id);
        if (!list) return fail(902000, 'playlist not found');
        if (list.owner !== user.userId) return fail(902001, 'permission denied');
        playlists.splice(playlists.indexOf(list), 1);
        return ok(null);
      }
      default:
        return fail(902000, 'not found');
    }
  }

  /** play statistics as anniv-go answers them (docs/protocol.md#play-statistics) */
  function statCall(key: string, user: FakeUser, body: unknown, query: URLSearchParams) {
    const now = Math.floor(Date.now() / 1000);
    const mine = plays.filter((play) => play.userId === user.userId);
    const sameTrack = (play: (typeof plays)[number]) =>
      play.track.album_id === query.get('album_id') &&
      play.track.disc_id === Number(query.get('disc_id')) &&
      play.track.track_id === Number(query.get('track_id'));
    switch (key) {
      case 'POST /api/stat': {
        if (!Array.isArray(body)) return fail(902003, 'malformed play record form');
        const entries = body as { track: (typeof plays)[number]['track']; at: number[] }[];
        if (entries.some((entry) => entry.at.some((at) => at > now + 3600))) return fail(901000, 'write error');
        for (const entry of entries)
          for (const at of entry.at) plays.push({ userId: user.userId, track: entry.track, at });
        return ok(null);
      }
      case 'GET /api/stat/self': {
        const from = Number.parseInt(query.get('from') ?? '', 10);
        if (Number.isNaN(from)) return fail(902003, 'from');
        const to = Number.parseInt(query.get('to') ?? '', 10);
        const counts = new Map<string, { track: (typeof plays)[number]['track']; count: number }>();
        for (const play of mine) {
          if (play.at < from || play.at > (Number.isNaN(to) ? now : to)) continue;
          const id = JSON.stringify(play.track);
          counts.set(id, { track: play.track, count: (counts.get(id)?.count ?? 0) + 1 });
        }
        // anniv-go: a nil slice for no plays
        return ok(counts.size ? [...counts.values()].sort((a, b) => b.count - a.count) : null);
      }
      case 'GET /api/stat/self/history': {
        const limit = Number(query.get('limit') ?? 10);
        const offset = Number(query.get('offset') ?? 0);
        const newest = [...mine].reverse().sort((a, b) => b.at - a.at);
        return ok(newest.slice(offset, offset + limit).map(({ track, at }) => ({ track, at })));
      }
      case 'GET /api/stat/song':
        return ok({ count: plays.filter(sameTrack).length });
      case 'GET /api/stat/self/song':
        return ok({ count: mine.filter(sameTrack).length });
      default:
        return fail(902000, 'not found');
    }
  }

  const lyricKey = (albumId: unknown, discId: unknown, trackId: unknown) => `${albumId}/${discId}/${trackId}`;
  const wireUser = (u: FakeUser) => ({ user_id: u.userId, nickname: u.nickname, avatar: u.avatar });

  /** a track's lyrics (docs/protocol.md#lyrics): PATCH as anniv-go takes it, the signed-in user the contributor */
  function lyricCall(method: string, body: Record<string, unknown>, query: URLSearchParams) {
    if (method === 'GET') {
      const found = lyrics.get(lyricKey(query.get('album_id'), query.get('disc_id'), query.get('track_id')));
      return found ? ok(found) : fail(902000, 'lyric not found');
    }
    if (method !== 'PATCH') return fail(902000, 'not found');
    const { album_id, disc_id, track_id, type, lang, data } = body;
    if ((type !== 'lrc' && type !== 'text') || typeof lang !== 'string' || !lang || typeof data !== 'string')
      return fail(902003, 'malformed lyric form');
    const key = lyricKey(album_id, disc_id, track_id);
    const lyric: WireLyric = { language: lang, type, data, contributor: wireUser(sessionUser!), source: 'user' };
    const found = lyrics.get(key);
    if (!found) lyrics.set(key, { source: lyric, translations: [] });
    else if (found.source.language === lang) found.source = lyric;
    else {
      const at = found.translations.findIndex((t) => t.language === lang);
      if (at < 0) found.translations.push(lyric);
      else found.translations[at] = lyric;
    }
    return ok(null);
  }

  function handle(method: string, path: string, body: Record<string, unknown>, query: URLSearchParams) {
    const key = `${method} ${path}`;
    const refusal = state.refused?.get(key);
    if (refusal) return fail(refusal.status, refusal.message);
    // anniv-go's enforcement: every call but these answers 202000 until the user turns it on
    if (
      enforced() &&
      sessionUser &&
      !twoFactorOn(sessionUser) &&
      !['POST /api/user/login', 'POST /api/user/logout', 'POST /api/features/2fa', 'GET /api/info'].includes(key)
    ) {
      return fail(202000, '2fa is enforced');
    }
    if (
      path.startsWith('/api/meta') ||
      path === '/api/search' ||
      path.startsWith('/api/favorite') ||
      path.startsWith('/api/playlist') ||
      key === 'POST /api/share'
    ) {
      if (!sessionUser) return fail(902002, 'unauthorized');
    }
    if (path === '/api/playlist') return playlistCall(method, body, query);
    if (path === '/api/lyric') return sessionUser ? lyricCall(method, body, query) : fail(902002, 'unauthorized');
    if (path.startsWith('/api/stat'))
      return sessionUser ? statCall(key, sessionUser, body, query) : fail(902002, 'unauthorized');
    if (key === 'POST /api/share') {
      if (!body.albums) return fail(902003, 'albums must not be null if tokens are not signed yet');
      const id = `s${shares.size + 1}`;
      shares.set(id, body);
      return ok(id);
    }
    if (key === 'GET /api/share/') {
      if (!sessionUser) return fail(902002, 'unauthorized');
      // newest first, as anniv-go lists them
      return ok(
        [...shares].reverse().map(([id, share], i) => ({
          id,
          date: 1_700_000_000 - i,
          name: (share.info as Record<string, unknown>).name,
        })),
      );
    }
    if (key === 'GET /api/share') {
      const share = shares.get(query.get('id') ?? '');
      if (!share) return fail(902000, 'share not found');
      const info = share.info as Record<string, unknown>;
      return ok({ ...info, tokens: [], metadata: {} });
    }
    switch (key) {
      case 'GET /api/info':
        return ok({
          site_name: options.siteName ?? 'Anniv',
          description: options.description ?? '',
          protocol_version: '1',
          features: options.features ?? [],
        });
      case 'GET /api/user/info':
        return sessionUser ? ok(userInfo(sessionUser)) : fail(902002, 'unauthorized');
      case 'POST /api/user/login': {
        const user = users.find((u) => u.email === body.email);
        if (!user) return fail(102020, 'user not exist');
        if (user.password !== body.password) return fail(102010, 'email and password does not match');
        if (twoFactorOn(user) && !codeFits(user, body['2fa_code'])) return fail(202001, 'wrong 2fa code');
        sessionUser = user;
        return ok(userInfo(user));
      }
      case 'POST /api/user/register': {
        const features = options.features ?? [];
        if (features.includes('invite') && body.invite_code !== options.inviteCode)
          return fail(201001, 'invalid invite code');
        if (users.some((u) => u.email === body.email)) return fail(102001, 'email already taken');
        const user: FakeUser = {
          userId: String(users.length + 1),
          email: String(body.email),
          password: String(body.password),
          nickname: String(body.nickname),
          avatar: '',
        };
        if (enforced()) {
          if (typeof body['2fa_secret'] !== 'string') return fail(202002, '2fa enforced');
          if (!codeFits(user, body['2fa_code'], body['2fa_secret'])) return fail(202001, 'wrong 2fa code');
          user.twoFactorSecret = body['2fa_secret'];
        }
        users.push(user);
        return ok(null);
      }
      case 'POST /api/user/logout':
        if (!sessionUser) return fail(902002, 'unauthorized');
        sessionUser = null;
        return ok(null);
      case 'GET /api/user/intro': {
        if (!sessionUser) return fail(902002, 'unauthorized');
        const found = users.find((u) => u.userId === query.get('user_id'));
        if (!found) return fail(102020, 'user not exist');
        return ok({ user_id: found.userId, nickname: found.nickname, avatar: found.avatar });
      }
      case 'PATCH /api/user/intro':
        if (!sessionUser) return fail(902002, 'unauthorized');
        sessionUser.nickname = String(body.nickname);
        sessionUser.avatar = String(body.avatar);
        return ok(null);
      case 'PATCH /api/user/password':
        if (!sessionUser) return fail(902002, 'unauthorized');
        if (sessionUser.password !== body.old_password) return fail(102010, 'email and password does not match');
        if (twoFactorOn(sessionUser) && !codeFits(sessionUser, body['2fa_code'])) return fail(202001, 'wrong 2fa code');
        sessionUser.password = String(body.new_password);
        sessionUser = null;
        return ok(null);
      case 'POST /api/features/2fa':
        if (!sessionUser) return fail(902002, 'unauthorized');
        if (twoFactorOn(sessionUser)) return fail(202004, '2fa is already enabled');
        if (recovery() && sessionUser.password !== body.password)
          return fail(102010, 'email and password does not match');
        if (typeof body['2fa_secret'] !== 'string' || !codeFits(sessionUser, body['2fa_code'], body['2fa_secret']))
          return fail(202001, 'wrong 2fa code');
        sessionUser.twoFactorSecret = body['2fa_secret'];
        if (!recovery()) return ok(null);
        sessionUser.recoveryCodes = newRecoveryCodes();
        return ok({ recovery_codes: [...sessionUser.recoveryCodes] });
      case 'POST /api/features/2fa/recovery':
        if (!sessionUser) return fail(902002, 'unauthorized');
        if (!recovery()) return fail(902000, 'not found');
        if (!twoFactorOn(sessionUser)) return fail(202000, '2fa is not enabled');
        if (sessionUser.password !== body.password) return fail(102010, 'email and password does not match');
        if (!codeFits(sessionUser, body['2fa_code'])) return fail(202001, 'wrong 2fa code');
        sessionUser.recoveryCodes = newRecoveryCodes();
        return ok({ recovery_codes: [...sessionUser.recoveryCodes] });
      case 'DELETE /api/features/2fa':
        if (!sessionUser) return fail(902002, 'unauthorized');
        if (!twoFactorOn(sessionUser)) return fail(202000, '2fa is not enabled');
        if (!codeFits(sessionUser, body['2fa_code'])) return fail(202001, 'wrong 2fa code');
        delete sessionUser.twoFactorSecret;
        delete sessionUser.twoFactorCode;
        delete sessionUser.recoveryCodes;
        return ok(null);
      case 'POST /api/user/revoke': {
        if (!sessionUser) return fail(902002, 'unauthorized');
        if (sessionUser.password !== body.password) return fail(102010, 'email and password does not match');
        if (twoFactorOn(sessionUser) && !codeFits(sessionUser, body['2fa_code'])) return fail(202001, 'wrong 2fa code');
        users.splice(users.indexOf(sessionUser), 1);
        sessionUser = null;
        return ok(null);
      }
      case 'GET /api/credential':
        if (!sessionUser) return fail(902002, 'unauthorized');
        return ok(credentials);
      case 'POST /api/credential': {
        if (!sessionUser) return fail(902002, 'unauthorized');
        if (typeof body.priority !== 'number') return fail(902003, 'malformed credential form');
        const created = {
          id: `c${nextCredential++}`,
          name: String(body.name),
          url: String(body.url),
          token: String(body.token),
          priority: body.priority,
          controlled: false,
        };
        credentials.push(created);
        return ok(created);
      }
      case 'DELETE /api/credential': {
        if (!sessionUser) return fail(902002, 'unauthorized');
        const index = credentials.findIndex((c) => c.id === body.id);
        if (index < 0) return fail(902000, 'token not exist');
        if (credentials[index]!.controlled) return fail(104002, 'controlled token');
        credentials.splice(index, 1);
        return ok(null);
      }
      case 'GET /api/favorite/music':
        return ok(favouriteTracks);
      case 'PUT /api/favorite/music': {
        const same = (t: Record<string, unknown>) =>
          t.album_id === body.album_id && t.disc_id === body.disc_id && t.track_id === body.track_id;
        if (!favouriteTracks.some(same))
          favouriteTracks.unshift(trackInfo(String(body.album_id), Number(body.disc_id), Number(body.track_id)));
        return ok(null);
      }
      case 'DELETE /api/favorite/music': {
        const at = favouriteTracks.findIndex(
          (t) => t.album_id === body.album_id && t.disc_id === body.disc_id && t.track_id === body.track_id,
        );
        if (at >= 0) favouriteTracks.splice(at, 1);
        return ok(null);
      }
      case 'GET /api/favorite/album':
        return ok(favouriteAlbums);
      case 'PUT /api/favorite/album':
        if (favouriteAlbums.includes(String(body.album_id)))
          return fail(901000, 'UNIQUE constraint failed: favorite_albums');
        favouriteAlbums.unshift(String(body.album_id));
        return ok(null);
      case 'DELETE /api/favorite/album': {
        const at = favouriteAlbums.indexOf(String(body.album_id));
        if (at >= 0) favouriteAlbums.splice(at, 1);
        return ok(null);
      }
      case 'GET /api/favorite/playlist':
        // as anniv-go: a liked list no longer public (and not one's own) comes without name and owner
        return ok(
          favouritePlaylists.flatMap((id) => {
            const list = playlists.find((p) => p.id === id);
            if (!list) return [];
            const shown = list.is_public || list.owner === sessionUser!.userId;
            return [{ playlist_id: id, name: shown ? list.name : '', owner: shown ? list.owner : '' }];
          }),
        );
      case 'PUT /api/favorite/playlist': {
        const list = playlists.find((p) => p.id === String(body.playlist_id));
        if (!list || (!list.is_public && list.owner !== sessionUser!.userId)) return fail(902000, 'playlist not found');
        if (!favouritePlaylists.includes(list.id)) favouritePlaylists.unshift(list.id);
        return ok(null);
      }
      case 'DELETE /api/favorite/playlist': {
        const at = favouritePlaylists.indexOf(String(body.playlist_id));
        if (at >= 0) favouritePlaylists.splice(at, 1);
        return ok(null);
      }
      case 'GET /api/playlists': {
        const owner = query.get('user_id') ?? sessionUser!.userId;
        return ok(
          playlists
            .filter((p) => p.owner === owner && (owner === sessionUser!.userId || p.is_public))
            .map(playlistInfo),
        );
      }
      case 'GET /api/meta/album':
        return ok(Object.fromEntries(query.getAll('id[]').map((id) => [id, albums.get(id) ?? null])));
      case 'GET /api/meta/tags':
        return ok(tags.map((t) => ({ ...t, names: null })));
      case 'GET /api/meta/tag-graph':
        return ok(tagGraph);
      case 'GET /api/meta/albums/by-tag': {
        const tag = query.get('tag') ?? '';
        if (!(tag in albumsByTag)) return fail(902000, 'tag not found');
        const wanted = query.has('recursive') ? [tag, ...descendants(tag)] : [tag];
        const ids = [...new Set(wanted.flatMap((t) => albumsByTag[t] ?? []))];
        return ok(ids.map((id) => albums.get(id)).filter(Boolean));
      }
      case 'GET /api/search': {
        const keyword = query.get('keyword') ?? '';
        const found = [...albums.values()].filter((a) => JSON.stringify(a).includes(keyword));
        const data: Record<string, unknown> = {};
        if (query.has('search_albums') && found.length) data.albums = found;
        if (query.has('search_tracks')) {
          const tracks = found.flatMap((a) =>
            ((a.discs as { tracks: { title: string }[] }[]) ?? []).flatMap((d, di) =>
              d.tracks
                .map((t, ti) => ({
                  album_id: a.album_id,
                  disc_id: di + 1,
                  track_id: ti + 1,
                  title: t.title,
                  artist: a.artist,
                  type: 'normal',
                  album_title: a.title,
                }))
                .filter((t) => t.title.includes(keyword)),
            ),
          );
          if (tracks.length) data.tracks = tracks;
        }
        if (query.has('search_playlists')) {
          // as anniv-go: the name holds the keyword (any case), public lists or one's own
          const lists = playlists.filter(
            (p) =>
              p.name.toLowerCase().includes(keyword.toLowerCase()) && (p.is_public || p.owner === sessionUser!.userId),
          );
          if (lists.length) data.playlists = lists.map(playlistInfo);
        }
        return ok(data);
      }
      default:
        return fail(902000, 'not found');
    }
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const library = libraries.get(url.origin);
    if (library)
      return libraryAnswer(library, url, request.headers.get('authorization') ?? url.searchParams.get('auth'));
    if (state.unreachable) throw new TypeError('Failed to fetch');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    requests.push({ method: request.method, path: url.pathname, body, query: url.search });
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.httpStatus) return new Response('bad gateway', { status: state.httpStatus, statusText: 'Bad Gateway' });
    if (state.unavailable?.has(`${request.method} ${url.pathname}`))
      return new Response('unavailable', { status: 503, statusText: 'Service Unavailable' });
    return new Response(JSON.stringify(handle(request.method, url.pathname, body, url.searchParams)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  /** `token`: as annil reads it, the Authorization header or else `?auth=` */
  function libraryAnswer(library: FakeLibrary, url: URL, token: string | null): Response {
    requests.push({ method: 'GET', path: `${url.origin}${url.pathname}`, body: null });
    if (library.httpStatus) return new Response('', { status: library.httpStatus, statusText: 'Bad Gateway' });
    if (library.garbage)
      return new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    const json = (value: unknown) =>
      new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/info')
      return json({ version: 'Annil', protocol_version: '0.4.1', last_update: library.lastUpdate });
    if (url.pathname === '/albums') {
      if (library.token !== undefined && token !== library.token)
        return new Response('', { status: 401, statusText: 'Unauthorized' });
      return json(library.albums);
    }
    return new Response('', { status: 404 });
  }

  return {
    fetch,
    requests,
    state,
    users,
    credentials,
    libraries,
    albums,
    tags,
    tagGraph,
    albumsByTag,
    favouriteTracks,
    favouriteAlbums,
    favouritePlaylists,
    playlists,
    shares,
    plays,
    lyrics,
    /** lyrics the server has for a track (the first a track gets is its source), given by `nickname` */
    addLyrics(
      track: { albumId: string; discId: number; trackId: number },
      lyric: Pick<WireLyric, 'language' | 'type' | 'data'>,
      nickname = 'Anniv',
    ) {
      const wire: WireLyric = { ...lyric, contributor: { user_id: '', nickname, avatar: '' }, source: 'anniv' };
      const key = lyricKey(track.albumId, track.discId, track.trackId);
      const found = lyrics.get(key);
      if (found) found.translations.push(wire);
      else lyrics.set(key, { source: wire, translations: [] });
    },
    /** a liked track as the server would list it */
    likeTrack(albumId: string, discId: number, trackId: number) {
      favouriteTracks.unshift(trackInfo(albumId, discId, trackId));
    },
    addCredential(credential: Partial<FakeCredential> & { url: string }) {
      const full = {
        id: `c${nextCredential++}`,
        name: credential.url,
        token: FAKE_TOKEN,
        priority: 0,
        controlled: false,
        ...credential,
      };
      credentials.push(full);
      return full;
    },
    /** add a user whose password the client will send hashed */
    async addUser(email: string, password: string, nickname = 'Mio') {
      users.push({ userId: String(users.length + 1), email, password: await sha256(password), nickname, avatar: '' });
    },
    /** turns two-step sign-in on for a user: login then needs `code` as `2fa_code` */
    requireCode(email: string, code: string) {
      const user = users.find((u) => u.email === email);
      if (user) user.twoFactorCode = code;
    },
    signIn(email: string) {
      sessionUser = users.find((u) => u.email === email) ?? null;
    },
    /** the session ends elsewhere (password changed on another device, expiry): calls answer 902002 */
    endSession() {
      sessionUser = null;
    },
  };
}

async function sha256(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
