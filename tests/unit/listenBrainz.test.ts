// The ListenBrainz service (src/services/listenBrainz.ts) over real HTTP (Node's fetch) against the
// fake ListenBrainz (tests/support/fakeListenBrainz.ts): whose token it is, what a submission sends
// byte for byte, each failure read as its kind (401 refused, 400 malformed, 429 tooMany with the wait
// it names, no answer or a 5xx unreachable), and the wait the X-RateLimit-* headers ask after a
// success. The fake itself is held to ListenBrainz's rules first.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { listenMetadataOf, type Listen } from '@/rules/listens';
import {
  listenBrainzFailureOf,
  submitListens,
  validateToken,
  waitAskedOf,
  type ListenBrainzTarget,
} from '@/services/listenBrainz';
import { startFakeListenBrainz, type FakeListenBrainz } from '../support/fakeListenBrainz';

const TOKEN = '5b0f5d6e-77e6-4d3a-9f0e-token-of-mio';
const USER = 'mio';
const NOW_S = Math.floor(Date.now() / 1000);
const TRACK = {
  albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
  discId: 1,
  trackId: 2,
  title: '夜航船',
  artist: '港灯乐团',
  albumTitle: '港灯夜曲',
  type: 'normal',
};
const listenAt = (at: number): Listen => ({ listened_at: at, track_metadata: listenMetadataOf(TRACK, 28) });

let lb: FakeListenBrainz;
const target = (token = TOKEN): ListenBrainzTarget => ({ fetch: globalThis.fetch, url: lb.url, token });

/** the failure a call ended with: its kind and the wait it asked */
async function failureOf(call: Promise<unknown>): Promise<{ kind: string | null; waitMs: number }> {
  try {
    await call;
  } catch (error) {
    return { kind: listenBrainzFailureOf(error), waitMs: waitAskedOf(error) };
  }
  throw new Error('the call succeeded');
}

/** a raw request to the fake, as any client could send */
const post = (body: unknown, token = TOKEN) =>
  fetch(`${lb.url}/1/submit-listens`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeEach(async () => {
  lb = await startFakeListenBrainz({ tokens: { [TOKEN]: USER } });
});

afterEach(async () => {
  await lb.stop();
});

describe('the fake ListenBrainz answers as ListenBrainz does', () => {
  test('CORS: a preflight is answered, and every answer lets a page read the X-RateLimit headers', async () => {
    const preflight = await fetch(`${lb.url}/1/submit-listens`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const answer = await post({ listen_type: 'single', payload: [listenAt(NOW_S)] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')?.split(',')).toEqual([
      'X-RateLimit-Remaining',
      'X-RateLimit-Limit',
      'X-RateLimit-Reset',
      'X-RateLimit-Reset-In',
    ]);
    expect(answer.headers.get('x-ratelimit-limit')).toBe('50');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('49');
    expect(Number(answer.headers.get('x-ratelimit-reset-in'))).toBeGreaterThan(0);
  });

  test('validate-token: no token is a 400', async () => {
    const answer = await fetch(`${lb.url}/1/validate-token`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: 400, error: 'You need to provide an Authorization token.' });
  });

  test('submit-listens refuses what ListenBrainz refuses, with a 400 saying why', async () => {
    const single = (listen: unknown) => ({ listen_type: 'single', payload: [listen] });
    const metadata = listenMetadataOf(TRACK, 28) as unknown as Record<string, unknown>;
    const refused: [string, unknown][] = [
      ['not JSON', '{"listen_type": "single",'],
      ['not an object', [listenAt(NOW_S)]],
      ['no payload', { listen_type: 'single' }],
      ['payload not a list', { listen_type: 'single', payload: listenAt(NOW_S) }],
      ['payload empty', { listen_type: 'import', payload: [] }],
      ['over 1,000 listens', { listen_type: 'import', payload: Array.from({ length: 1_001 }, () => listenAt(NOW_S)) }],
      ['listen_type unknown', { listen_type: 'scrobble', payload: [listenAt(NOW_S)] }],
      ['two in a single', { listen_type: 'single', payload: [listenAt(NOW_S), listenAt(NOW_S - 60)] }],
      [
        'two in a playing_now',
        { listen_type: 'playing_now', payload: [{ track_metadata: metadata }, { track_metadata: metadata }] },
      ],
      ['no track_metadata', single({ listened_at: NOW_S })],
      ['no artist_name', single({ listened_at: NOW_S, track_metadata: { ...metadata, artist_name: undefined } })],
      ['an empty artist_name', single({ listened_at: NOW_S, track_metadata: { ...metadata, artist_name: '  ' } })],
      ['an empty track_name', single({ listened_at: NOW_S, track_metadata: { ...metadata, track_name: '' } })],
      ['a track_name not a string', single({ listened_at: NOW_S, track_metadata: { ...metadata, track_name: 7 } })],
      ['no listened_at in a single', single({ track_metadata: metadata })],
      ['no listened_at in an import', { listen_type: 'import', payload: [{ track_metadata: metadata }] }],
      ['listened_at in a playing_now', { listen_type: 'playing_now', payload: [listenAt(NOW_S)] }],
      ['listened_at before 2002-10-01', single(listenAt(1_033_430_399))],
      ['listened_at over an hour ahead', single(listenAt(NOW_S + 3_700))],
      ['a key besides listened_at and track_metadata', single({ ...listenAt(NOW_S), user: 'mio' })],
      [
        'a listen over 10,240 bytes',
        single({ listened_at: NOW_S, track_metadata: { ...metadata, track_name: '港'.repeat(3_500) } }),
      ],
    ];
    for (const [why, body] of refused) {
      const answer = await post(body);
      expect(answer.status, why).toBe(400);
      const json = (await answer.json()) as { code: number; error: string };
      expect(json.code, why).toBe(400);
      expect(json.error, why).toEqual(expect.any(String));
    }
    expect(lb.submissions).toEqual([]);
    // the edges are taken
    expect((await post(single(listenAt(1_033_430_400)))).status).toBe(200);
    expect(
      (await post({ listen_type: 'import', payload: Array.from({ length: 1_000 }, (_, i) => listenAt(NOW_S - i)) }))
        .status,
    ).toBe(200);
    expect(lb.submissions.map((s) => [s.listenType, s.payload.length])).toEqual([
      ['single', 1],
      ['import', 1_000],
    ]);
  });

  test('submit-listens with a token it does not know, or none, is a 401', async () => {
    const answer = await post({ listen_type: 'single', payload: [listenAt(NOW_S)] }, 'someone-else');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ code: 401, error: 'Invalid authorization token.' });
    const none = await fetch(`${lb.url}/1/submit-listens`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
  });

  test('each token has its window: past the limit, 429 until it resets', async () => {
    await lb.stop();
    lb = await startFakeListenBrainz({ tokens: { [TOKEN]: USER, other: 'ken' }, limit: 2, windowSeconds: 3_600 });
    const body = { listen_type: 'single', payload: [listenAt(NOW_S)] };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(body)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const over = await post(body);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('x-ratelimit-reset-in'))).toBeGreaterThan(0);
    expect((await post(body, 'other')).status).toBe(200);
  });
});

describe('validateToken', () => {
  test('a token it knows: valid, with its ListenBrainz user; sent as Authorization: Token …', async () => {
    expect(await validateToken(target())).toEqual({ valid: true, userName: USER });
    expect(lb.requests.filter((r) => r.method === 'GET')).toEqual([
      expect.objectContaining({ path: '/1/validate-token', token: TOKEN, status: 200 }),
    ]);
  });

  test('a token it does not know: not valid (ListenBrainz answers 200, not 401)', async () => {
    expect(await validateToken(target('not-a-token'))).toEqual({ valid: false });
  });

  test('no answer, a 5xx, or an answer that is no JSON: unreachable', async () => {
    lb.setDown('reset');
    expect(await failureOf(validateToken(target()))).toEqual({ kind: 'unreachable', waitMs: 0 });
    lb.setDown(503);
    expect(await failureOf(validateToken(target()))).toEqual({ kind: 'unreachable', waitMs: 0 });
    lb.setDown(false);
    const notJson: typeof fetch = async () => new Response('<html>a portal</html>', { status: 200 });
    expect(await failureOf(validateToken({ ...target(), fetch: notJson }))).toEqual({
      kind: 'unreachable',
      waitMs: 0,
    });
    expect(await validateToken(target())).toEqual({ valid: true, userName: USER });
  });

  test('a 429: tooMany with the wait it named', async () => {
    lb.tooManyNext(42);
    expect(await failureOf(validateToken(target()))).toEqual({ kind: 'tooMany', waitMs: 42_000 });
  });
});

describe('submitListens', () => {
  test('a single: the exact JSON ListenBrainz receives', async () => {
    const listen: Listen = { listened_at: NOW_S - 20, track_metadata: listenMetadataOf(TRACK, 28.4) };
    await submitListens(target(), 'single', [listen]);
    expect(lb.submissions).toHaveLength(1);
    expect(lb.submissions[0]).toMatchObject({ token: TOKEN, listenType: 'single' });
    expect(lb.submissions[0]!.body).toEqual({
      listen_type: 'single',
      payload: [
        {
          listened_at: NOW_S - 20,
          track_metadata: {
            artist_name: '港灯乐团',
            track_name: '夜航船',
            release_name: '港灯夜曲',
            additional_info: {
              duration_ms: 28_400,
              tracknumber: 2,
              discnumber: 1,
              media_player: 'Anniv web player',
              submission_client: 'Anniv web player',
            },
          },
        },
      ],
    });
  });

  test('playing_now has no listened_at; an import carries several, oldest first as given', async () => {
    await submitListens(target(), 'playing_now', [{ track_metadata: listenMetadataOf(TRACK, 28) }]);
    await submitListens(target(), 'import', [listenAt(NOW_S - 120), listenAt(NOW_S - 60)]);
    expect(lb.submissions.map((s) => s.body)).toEqual([
      { listen_type: 'playing_now', payload: [{ track_metadata: listenMetadataOf(TRACK, 28) }] },
      { listen_type: 'import', payload: [listenAt(NOW_S - 120), listenAt(NOW_S - 60)] },
    ]);
  });

  test('401: refused', async () => {
    lb.revokeToken(TOKEN);
    expect(await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).toEqual({
      kind: 'refused',
      waitMs: 0,
    });
  });

  test('400: malformed (a listen ListenBrainz refuses, or one the test makes it refuse)', async () => {
    expect(await failureOf(submitListens(target(), 'single', [listenAt(1_000)]))).toEqual({
      kind: 'malformed',
      waitMs: 0,
    });
    lb.malformedNext(1);
    expect(await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).toEqual({
      kind: 'malformed',
      waitMs: 0,
    });
    // only the next one
    await submitListens(target(), 'single', [listenAt(NOW_S)]);
    expect(lb.submissions).toHaveLength(1);
  });

  test('429: tooMany, waiting what X-RateLimit-Reset-In says', async () => {
    lb.tooManyNext(30, 2);
    expect(await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).toEqual({
      kind: 'tooMany',
      waitMs: 30_000,
    });
    expect(await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).toEqual({
      kind: 'tooMany',
      waitMs: 30_000,
    });
    await submitListens(target(), 'single', [listenAt(NOW_S)]);
    expect(lb.submissions).toHaveLength(1);
  });

  test('no answer (the connection cut, or nobody listening) or a 503: unreachable', async () => {
    lb.setDown('reset');
    expect((await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).kind).toBe('unreachable');
    lb.setDown(503);
    expect((await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).kind).toBe('unreachable');
    await lb.stop();
    expect((await failureOf(submitListens(target(), 'single', [listenAt(NOW_S)]))).kind).toBe('unreachable');
    lb = await startFakeListenBrainz({ tokens: { [TOKEN]: USER } });
    expect(lb.submissions).toEqual([]);
  });

  test('after a success: a second while requests remain in the window, until it resets when none do', async () => {
    await lb.stop();
    // a clock 45 s into a minute: the window resets in 15 s
    const minute = Math.floor(NOW_S / 60) * 60;
    lb = await startFakeListenBrainz({
      tokens: { [TOKEN]: USER },
      limit: 2,
      windowSeconds: 60,
      now: () => (minute + 45) * 1000,
    });
    const listens = [listenAt(minute)];
    expect(await submitListens(target(), 'single', listens)).toBe(1_000);
    expect(await submitListens(target(), 'single', listens)).toBe(15_000);
    expect(await failureOf(submitListens(target(), 'single', listens))).toEqual({ kind: 'tooMany', waitMs: 15_000 });
    expect(lb.submissions).toHaveLength(2);
  });
});
