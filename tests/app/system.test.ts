// The edges between features that src/app/system.ts states, each shown on the composed system with
// the real machines and actors over a fake Anniv and its libraries (tests/views/fakeAnniv.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, type ActorRefLike, type InspectionEvent } from 'xstate';
import { createAppSystem, type AppSystem } from '@/app/system';
import { getAlbumLibraries } from '@/storage/albumDb';
import { getLibraryRecord } from '@/storage/libraryDb';
import { countWaitingPlays } from '@/storage/waitingPlays';
import { countWaitingListens, keepListen, readScrobbleSetting, writeScrobbleSetting } from '@/storage/listens';
import { readLocal, writeLocal } from '@/storage/local';
import { text } from '@/shared/text';
import { createFakeAnniv } from '../views/fakeAnniv';

const HOME = 'https://home.example';
const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const track = {
  albumId: A,
  discId: 1,
  trackId: 1,
  title: 'Opening',
  artist: 'Mio',
  type: 'normal',
  albumTitle: 'Harbor Lights',
};

let running: AppSystem | null = null;
afterEach(async () => {
  const sync = running?.librarySync.current();
  if (running) {
    if (sync)
      await waitFor(sync, (s) => !s.hasTag('busy') && s.context.queue.length === 0, {
        timeout: 5000,
      }).catch(() => {});
    running.stop();
  }
  running = null;
});

/** the system over a fake server, recording every event each actor receives */
async function start(setup: (server: ReturnType<typeof createFakeAnniv>) => void | Promise<void>) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  await setup(server);
  const received = new Map<ActorRefLike, string[]>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.event') return;
    received.set(event.actorRef, [...(received.get(event.actorRef) ?? []), event.event.type]);
  };
  const reloads: string[] = [];
  const system = createAppSystem({
    api: { fetch: server.fetch, getCookie: () => undefined },
    fetch: server.fetch,
    navigate: () => {},
    reload: (to) => reloads.push(to ?? 'here'),
    inspect,
  });
  running = system;
  const eventsOf = (actor: ActorRefLike) => received.get(actor) ?? [];
  return { server, system, eventsOf, reloads };
}

const signedIn = (system: AppSystem) => waitFor(system.session, (s) => s.hasTag('loggedIn'), { timeout: 5000 });
// the sync loads after the first page: created with the first credentials loaded
const synced = async (system: AppSystem) =>
  waitFor(
    await system.librarySync.ready(),
    (s) => s.context.generation > 0 && !s.hasTag('busy') && s.context.queue.length === 0,
    {
      timeout: 5000,
    },
  );

describe('the app system', () => {
  it('an actor an owner spawns is part of the system: the inspector sees it, and its toast goes through the one notify', async () => {
    const { system, eventsOf } = await start((server) => server.signIn('mio@example.com'));
    await signedIn(system);
    const { playlists } = await system.playlists.ready();
    playlists.send({ type: 'OPEN_PAGE', id: '99' });
    const page = playlists.getSnapshot().context.page!.actor;
    await waitFor(page, (s) => s.hasTag('failed'), { timeout: 5000 });
    // the inspector saw the page's own events (its load failing)
    expect(eventsOf(page)).toContain('xstate.error.actor.loadPlaylist');
    expect(system.messages.getSnapshot().context.messages.map((m) => m.message)).toContain('playlist not found');
  });

  it('signed in: credentials load, libraries sync, and the player looks the shown cover up again', async () => {
    writeLocal('playlist', { tracks: [track], index: 0 });
    const { system, eventsOf } = await start((server) => {
      server.signIn('mio@example.com');
      server.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
      server.addCredential({ name: 'Home', url: HOME });
    });
    await signedIn(system);
    expect(eventsOf(system.libraries)).toContain('LOAD');
    // the stores loaded after the first page: created once signed in, and loading
    expect(eventsOf((await system.favourites.ready()).favourites)).toContain('LOAD');
    expect(eventsOf((await system.playlists.ready()).playlists)).toContain('LOAD');
    expect(eventsOf(await system.keeping.ready())).toContain('LOAD');
    await synced(system);
    expect(eventsOf(system.librarySync.current()!)).toContain('SYNC');
    expect(await getAlbumLibraries(A)).toEqual([HOME]);
    // once when the credentials loaded, once when the sync changed the library's albums
    expect(eventsOf(system.player).filter((e) => e === 'LIBRARIES_CHANGED').length).toBeGreaterThanOrEqual(2);
    await waitFor(system.player, (s) => s.context.nowPlaying?.coverUrl === `${HOME}/${A}/1/cover`, { timeout: 5000 });
  });

  it('nobody signed in: no credentials are asked for', async () => {
    const { system, server, eventsOf } = await start(() => {});
    await waitFor(system.session, (s) => s.hasTag('loggedOut'), { timeout: 5000 });
    expect(eventsOf(system.libraries)).not.toContain('LOAD');
    // nor is the code of the stores loaded after the first page: they are not even created
    expect(system.favourites.current()).toBeNull();
    expect(system.librarySync.current()).toBeNull();
    expect(system.playlists.current()).toBeNull();
    expect(system.keeping.current()).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/credential')).toBe(false);
  });

  it('any call answered 902002 ends the session locally; signed out, libraries and sync forget everything', async () => {
    const { system, server, eventsOf } = await start((s) => {
      s.signIn('mio@example.com');
      s.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
      s.addCredential({ name: 'Home', url: HOME });
    });
    await signedIn(system);
    await synced(system);
    server.signIn('nobody');
    // a page's load through the browse feature
    await expect(system.browse.rootTags()).rejects.toThrow();
    await waitFor(system.session, (s) => s.hasTag('loggedOut'), { timeout: 5000 });
    expect(eventsOf(system.session)).toContain('SESSION_EXPIRED');
    expect(eventsOf(system.libraries)).toContain('RESET');
    expect(eventsOf(system.librarySync.current()!)).toContain('RESET');
    expect(eventsOf(system.favourites.current()!.favourites)).toContain('RESET');
    expect(eventsOf(system.playlists.current()!.playlists)).toContain('RESET');
    expect(eventsOf(system.keeping.current()!)).toContain('RESET');
    expect(system.libraries.getSnapshot().context.credentials).toEqual([]);
    expect(system.librarySync.current()!.getSnapshot().context.libraries).toEqual({});
  });

  it('signing out forgets the user, the saved queue and every local library record, then reloads home', async () => {
    writeLocal('playlist', { tracks: [track], index: 0 });
    const { system, reloads } = await start((s) => {
      s.signIn('mio@example.com');
      s.libraries.set(HOME, { lastUpdate: 10, albums: [A] });
      s.addCredential({ name: 'Home', url: HOME });
    });
    await signedIn(system);
    await synced(system);
    expect(await getLibraryRecord(HOME)).toBeDefined();
    system.session.send({ type: 'LOGOUT' });
    // 登出成功 shows for 2 s (the real delay) before the local data goes
    await waitFor(system.session, (s) => s.hasTag('loggedOut'), { timeout: 8000 });
    expect(reloads).toEqual(['/']);
    expect(readLocal('userInfo')).toBeNull();
    expect(readLocal('playlist').tracks).toEqual([]);
    expect(await getLibraryRecord(HOME)).toBeUndefined();
    expect(await getAlbumLibraries(A)).toEqual([]);
  });

  it('a counted play is kept on the device and sent; with no answer it waits, and goes once the server answers again', async () => {
    const { server, system } = await start((s) => s.signIn('mio@example.com'));
    await signedIn(system);
    const plays = await system.listening.ready();
    await waitFor(plays.plays, (s) => s.matches({ signedIn: 'idle' }), { timeout: 5000 });
    const at = Math.floor(Date.now() / 1000) - 10;
    await plays.record({ track, at: [at] });
    await waitFor(plays.plays, (s) => s.matches({ signedIn: 'idle' }) && server.plays.length === 1, { timeout: 5000 });
    expect(server.plays.map((p) => [p.track.track_id, p.at])).toEqual([[1, at]]);

    server.state.unreachable = true;
    await plays.record({ track, at: [at + 200] });
    await waitFor(plays.plays, (s) => s.hasTag('retrying'), { timeout: 5000 });
    expect(await countWaitingPlays(readLocal('userInfo')!.userId)).toBe(1);
    server.state.unreachable = false;
    // any answer tells the plays the server is back
    await system.browse.albumInfo(A).catch(() => null);
    await waitFor(plays.plays, (s) => s.matches({ signedIn: 'idle' }) && server.plays.length === 2, { timeout: 5000 });
    expect(server.plays.map((p) => p.at)).toEqual([at, at + 200]);
    expect(await countWaitingPlays(readLocal('userInfo')!.userId)).toBe(0);
  });

  it('signing out sends the plays still waiting before the session ends; those the server never took go with the account', async () => {
    const { server, system } = await start((s) => s.signIn('mio@example.com'));
    await signedIn(system);
    const plays = await system.listening.ready();
    const user = readLocal('userInfo')!.userId;
    const at = Math.floor(Date.now() / 1000) - 10;
    server.state.unavailable = new Set(['POST /api/stat']);
    await plays.record({ track, at: [at] });
    await waitFor(plays.plays, (s) => s.hasTag('retrying'), { timeout: 5000 });
    server.state.unavailable = new Set();
    system.session.send({ type: 'LOGOUT' });
    await waitFor(system.session, (s) => s.hasTag('loggedOut'), { timeout: 8000 });
    const stat = server.requests.findLastIndex((r) => r.method === 'POST' && r.path === '/api/stat');
    const logout = server.requests.findIndex((r) => r.path === '/api/user/logout');
    expect(server.plays.map((p) => p.at)).toEqual([at]);
    expect(stat).toBeLessThan(logout);
    expect(await countWaitingPlays(user)).toBe(0);
  });

  it('signed in: scrobbling reads the account’s ListenBrainz setting and follows what the player shows; signing out forgets the token and the listens', async () => {
    writeLocal('playlist', { tracks: [track], index: 0 });
    const { system } = await start(async (s) => {
      s.signIn('mio@example.com');
      await writeScrobbleSetting(s.users[0]!.userId, {
        url: 'https://listens.example',
        token: 'token-1',
        userName: 'harbor',
        on: false,
      });
    });
    await signedIn(system);
    const user = readLocal('userInfo')!.userId;
    const scrobbling = await system.scrobbling.ready();
    await waitFor(scrobbling.scrobbler, (s) => s.hasTag('paused'), { timeout: 5000 });
    expect(scrobbling.scrobbler.getSnapshot().context.user).toBe(user);
    // the restored queue's track is current (not playing): the counter follows it
    await waitFor(scrobbling.counter, (s) => s.context.track?.title === 'Opening', { timeout: 5000 });
    await keepListen(user, {
      listened_at: 1_764_400_000,
      track_metadata: {
        artist_name: 'Mio',
        track_name: 'Opening',
        additional_info: { media_player: 'x', submission_client: 'x' },
      },
    });

    system.session.send({ type: 'LOGOUT' });
    await waitFor(system.session, (s) => s.hasTag('loggedOut'), { timeout: 8000 });
    expect(scrobbling.scrobbler.getSnapshot().value).toBe('signedOut');
    expect(await countWaitingListens(user)).toBe(0);
    expect((await readScrobbleSetting(user)).token).toBeNull();
  });

  it("an album page opened by its address: its info is asked for at boot, once, and the page's load uses that answer", async () => {
    writeLocal('userInfo', {
      userId: '1',
      email: 'mio@example.com',
      nickname: 'Mio',
      avatar: '',
      twoFactorEnabled: false,
    });
    const { system, server } = await start((s) => {
      s.signIn('mio@example.com');
      s.albums.set(A, {
        album_id: A,
        title: 'Harbor Lights',
        artist: 'Mio',
        type: 'normal',
        catalog: '',
        date: '2020',
        tags: [],
        discs: [],
      });
    });
    const metaRequests = () => server.requests.filter((r) => r.path === '/api/meta/album');
    system.prefetchFor(`/album/${A}`);
    await vi.waitFor(() => expect(metaRequests()).toHaveLength(1));
    const album = await system.browse.albumInfo(A);
    expect(album?.title).toBe('Harbor Lights');
    expect(metaRequests()).toHaveLength(1);
  });

  it('no album info is asked for at boot when nobody is known to be signed in', async () => {
    const { system, server } = await start(() => {});
    system.prefetchFor(`/album/${A}`);
    await waitFor(system.session, (s) => s.hasTag('loggedOut'), { timeout: 5000 });
    expect(server.requests.some((r) => r.path === '/api/meta/album')).toBe(false);
  });

  it('nor for an address whose id is no album id', async () => {
    writeLocal('userInfo', {
      userId: '1',
      email: 'mio@example.com',
      nickname: 'Mio',
      avatar: '',
      twoFactorEnabled: false,
    });
    const { system, server } = await start((s) => s.signIn('mio@example.com'));
    system.prefetchFor('/album/not-an-album');
    await signedIn(system);
    expect(server.requests.some((r) => r.path === '/api/meta/album')).toBe(false);
  });

  it("every feature's notify becomes a message", async () => {
    const { system } = await start((s) => {
      s.signIn('mio@example.com');
      s.libraries.set(HOME, { lastUpdate: 1, albums: [], httpStatus: 502 });
      s.addCredential({ name: 'Down', url: HOME });
    });
    await signedIn(system);
    const failed = text.library.syncFailed('网络错误: 502 Bad Gateway');
    await waitFor(system.messages, (s) => s.context.messages.some((m) => m.message === failed && m.type === 'error'), {
      timeout: 5000,
    });
  });
});
