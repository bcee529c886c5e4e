// ListenBrainz's rules as the client keeps them (src/rules/listens.ts): when a play is a listen,
// what a listen says of a track, which listens ListenBrainz would refuse, a stored listen read back,
// the waits its X-RateLimit-* headers ask, and what a pasted token or a typed service address may be.
import { describe, expect, test } from 'vitest';
import {
  isSendableListen,
  listenDueMs,
  listenMetadataOf,
  rateWaitMs,
  readListen,
  readServiceUrl,
  readToken,
  tooManyWaitMs,
  type Listen,
} from '@/rules/listens';
import type { TrackInfo } from '@/shared/track';

const CLIENT = 'Anniv web player';
const TRACK: TrackInfo = {
  albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
  discId: 2,
  trackId: 3,
  title: ' 夜航船 ',
  artist: ' 港灯乐团 ',
  albumTitle: ' 港灯夜曲 ',
  type: 'normal',
};
/** 2024-01-01 00:00:00 UTC */
const AT = 1_704_067_200;

const listen = (meta: Partial<Listen['track_metadata']> = {}, at: number | undefined = AT): Listen => {
  const made: Listen = {
    track_metadata: {
      artist_name: '港灯乐团',
      track_name: '夜航船',
      release_name: '港灯夜曲',
      additional_info: { duration_ms: 28_000, media_player: CLIENT, submission_client: CLIENT },
      ...meta,
    },
  };
  if (at !== undefined) made.listened_at = at;
  return made;
};

describe('when a play is a listen', () => {
  test('half the track', () => {
    expect(listenDueMs(200)).toBe(100_000);
    expect(listenDueMs(28)).toBe(14_000);
    // rounded to the millisecond
    expect(listenDueMs(0.0031)).toBe(2);
  });

  test('at most 4 minutes, however long the track', () => {
    expect(listenDueMs(480)).toBe(240_000);
    expect(listenDueMs(481)).toBe(240_000);
    expect(listenDueMs(630)).toBe(240_000);
    expect(listenDueMs(36_000)).toBe(240_000);
  });

  test('a length not known (or nonsense) waits the 4 minutes', () => {
    for (const duration of [null, 0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(listenDueMs(duration)).toBe(240_000);
  });
});

describe('what a listen says of a track', () => {
  test('artist, title and album trimmed; the length in ms; disc and track numbers; the client', () => {
    expect(listenMetadataOf(TRACK, 28.4)).toEqual({
      artist_name: '港灯乐团',
      track_name: '夜航船',
      release_name: '港灯夜曲',
      additional_info: {
        duration_ms: 28_400,
        tracknumber: 3,
        discnumber: 2,
        media_player: CLIENT,
        submission_client: CLIENT,
      },
    });
  });

  test('no album title: no release_name; no length known: no duration_ms', () => {
    const metadata = listenMetadataOf({ ...TRACK, albumTitle: '  ' }, null);
    expect(metadata).not.toHaveProperty('release_name');
    expect(metadata.additional_info).not.toHaveProperty('duration_ms');
    for (const duration of [0, Number.NaN, -1])
      expect(listenMetadataOf(TRACK, duration).additional_info).not.toHaveProperty('duration_ms');
  });
});

describe('which listens ListenBrainz would take', () => {
  test('a whole listen and a playing_now (no listened_at) are sendable', () => {
    expect(isSendableListen(listen())).toBe(true);
    expect(isSendableListen(listen({}, undefined))).toBe(true);
  });

  test('an empty artist or title is not', () => {
    expect(isSendableListen(listen({ artist_name: '' }))).toBe(false);
    expect(isSendableListen(listen({ track_name: '' }))).toBe(false);
  });

  test('a listen stamped before ListenBrainz’s earliest (2002-10-01), or not a whole second, is not', () => {
    expect(isSendableListen(listen({}, 1_033_430_400))).toBe(true);
    expect(isSendableListen(listen({}, 1_033_430_399))).toBe(false);
    expect(isSendableListen(listen({}, 0))).toBe(false);
    expect(isSendableListen(listen({}, AT + 0.5))).toBe(false);
  });

  test('a listen over 10,240 bytes of JSON is not: bytes, not characters', () => {
    const fits = listen({ track_name: 'a'.repeat(9_000) });
    expect(isSendableListen(fits)).toBe(true);
    expect(isSendableListen(listen({ track_name: 'a'.repeat(10_240) }))).toBe(false);
    // 3,500 characters, 10,500 bytes in UTF-8
    expect(isSendableListen(listen({ track_name: '港'.repeat(3_500) }))).toBe(false);
  });
});

describe('a listen read back from the device', () => {
  test('a good one comes back as it was', () => {
    expect(readListen(listen())).toEqual(listen());
    expect(readListen(JSON.parse(JSON.stringify(listen())))).toEqual(listen());
  });

  test('damaged shapes are refused', () => {
    const good = listen() as unknown as Record<string, unknown>;
    const meta = good.track_metadata as Record<string, unknown>;
    for (const damaged of [
      null,
      'a listen',
      [good],
      { listened_at: AT },
      { ...good, track_metadata: 'track' },
      { ...good, listened_at: String(AT) },
      { ...good, listened_at: -AT },
      { ...good, listened_at: AT + 0.25 },
      { ...good, track_metadata: { ...meta, artist_name: 7 } },
      { ...good, track_metadata: { ...meta, track_name: null } },
      { ...good, track_metadata: { ...meta, release_name: ['港灯夜曲'] } },
      // shaped as one, but ListenBrainz would refuse it
      { ...good, track_metadata: { ...meta, artist_name: '' } },
      { ...good, listened_at: 1_000 },
    ])
      expect(readListen(damaged), JSON.stringify(damaged)).toBeNull();
  });

  test('fields it does not know are dropped; bad numbers in additional_info go; the client is ours', () => {
    const stored = {
      listened_at: AT,
      extra: 'dropped',
      track_metadata: {
        artist_name: '港灯乐团',
        track_name: '夜航船',
        mood: 'dropped',
        additional_info: {
          duration_ms: -5,
          tracknumber: 3,
          discnumber: 1.5,
          media_player: 'someone else',
          spotify_id: 'dropped',
        },
      },
    };
    expect(readListen(stored)).toEqual({
      listened_at: AT,
      track_metadata: {
        artist_name: '港灯乐团',
        track_name: '夜航船',
        additional_info: { tracknumber: 3, media_player: CLIENT, submission_client: CLIENT },
      },
    });
  });

  test('additional_info missing or not an object reads as the client alone', () => {
    const bare = { listened_at: AT, track_metadata: { artist_name: 'A', track_name: 'T', additional_info: 'x' } };
    expect(readListen(bare)?.track_metadata.additional_info).toEqual({
      media_player: CLIENT,
      submission_client: CLIENT,
    });
  });
});

describe('the waits ListenBrainz asks', () => {
  test('after an answer: none left in the window → until it resets; else the gap of a second', () => {
    expect(rateWaitMs({ remaining: '0', resetIn: '15' })).toBe(15_000);
    expect(rateWaitMs({ remaining: '3', resetIn: '15' })).toBe(1_000);
    // headers a browser could not read (not exposed) read as absent
    expect(rateWaitMs({ remaining: null, resetIn: null })).toBe(1_000);
    expect(rateWaitMs({ remaining: '0', resetIn: null })).toBe(1_000);
    expect(rateWaitMs({ remaining: 'none', resetIn: '15' })).toBe(1_000);
    expect(rateWaitMs({ remaining: '0', resetIn: '0' })).toBe(1_000);
    // never under a second, never over an hour
    expect(rateWaitMs({ remaining: '0', resetIn: '0.2' })).toBe(1_000);
    expect(rateWaitMs({ remaining: '0', resetIn: '86400' })).toBe(3_600_000);
  });

  test('after a 429: its X-RateLimit-Reset-In, else 10 s', () => {
    expect(tooManyWaitMs('30')).toBe(30_000);
    expect(tooManyWaitMs('1')).toBe(1_000);
    expect(tooManyWaitMs(null)).toBe(10_000);
    expect(tooManyWaitMs('soon')).toBe(10_000);
    expect(tooManyWaitMs('0')).toBe(10_000);
    expect(tooManyWaitMs('-4')).toBe(10_000);
    expect(tooManyWaitMs('86400')).toBe(3_600_000);
  });
});

describe('a token as pasted', () => {
  test('trimmed', () => {
    expect(readToken('  8f3c2a1e-token  ')).toBe('8f3c2a1e-token');
    expect(readToken('\nabc\t')).toBe('abc');
  });

  test('none when it cannot be one: empty, spaces or control characters inside, not ASCII, too long', () => {
    for (const input of ['', '   ', 'abc def', 'abc\tdef', 'abc\u0000def', 'tökén', '令牌', 'a'.repeat(201)])
      expect(readToken(input), JSON.stringify(input)).toBeNull();
    expect(readToken('a'.repeat(200))).toBe('a'.repeat(200));
  });
});

describe('a service address as typed', () => {
  test('http or https, trimmed, with no trailing slash; the host lower-cased', () => {
    expect(readServiceUrl('https://api.listenbrainz.org')).toBe('https://api.listenbrainz.org');
    expect(readServiceUrl(' https://api.listenbrainz.org/ ')).toBe('https://api.listenbrainz.org');
    expect(readServiceUrl('http://127.0.0.1:8100/lb//')).toBe('http://127.0.0.1:8100/lb');
    expect(readServiceUrl('HTTPS://LB.Example.org/api')).toBe('https://lb.example.org/api');
  });

  test('none for another scheme, a query, a fragment, credentials, no address, or one too long', () => {
    for (const input of [
      '',
      '   ',
      'api.listenbrainz.org',
      'ftp://lb.example.org',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'https://lb.example.org/?token=abc',
      'https://lb.example.org/#top',
      'https://user:secret@lb.example.org',
      'https://user@lb.example.org',
      `https://lb.example.org/${'a'.repeat(500)}`,
    ])
      expect(readServiceUrl(input), input).toBeNull();
  });
});
