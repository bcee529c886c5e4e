import { describe, expect, test } from 'vitest';
import { DAY_PART_PLAYS } from '../../server/db.js';
import { type Client, serverSuite, signedInClient } from './support/fixture.js';

/*
 * GET /api/stat/self counts a period from the user's days of plays (server/api/periodCounts.ts,
 * schema 9). The answers must be what counting the plays themselves gives: exact to the second at
 * both edges of the period and across midnights (the server counts Unix seconds; time zones play
 * no part), each user's own plays only, a play sent twice once, in the same order (most played,
 * then the latest play, then album, disc and track). An oracle here counts the plays reported. A
 * day of more than DAY_PART_PLAYS plays is several rows (parts), none of them ever larger.
 */

const suite = serverSuite('none');
const DAY = 86_400;
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const B = '8c1d4e2f-3a5b-4c6d-9e7f-0a1b2c3d4e02';

interface Track {
  album_id: string;
  disc_id: number;
  track_id: number;
}
type Play = [Track, number];
type Counts = { track: Track; count: number }[];

const track = (album_id: string, disc_id: number, track_id: number): Track => ({ album_id, disc_id, track_id });
/** a midnight (UTC) five days back: every play of these tests is within the year the server takes */
const midnight = (Math.floor(Date.now() / 1000 / DAY) - 5) * DAY;

/** what the answer must be: the plays in [from, to] counted one by one */
const oracle = (plays: Play[], from: number, to: number): Counts =>
  ranked(plays, from, to).map(({ track, count }) => ({ track, count }));

/** the tracks played in [from, to] in the answer's order, with their counts and latest plays */
function ranked(plays: Play[], from: number, to: number): { track: Track; count: number; last: number }[] {
  const byTrack = new Map<string, { track: Track; count: number; last: number }>();
  for (const [t, at] of plays) {
    if (at < from || at > to) continue;
    const key = JSON.stringify(t);
    const seen = byTrack.get(key);
    if (seen === undefined) byTrack.set(key, { track: t, count: 1, last: at });
    else {
      seen.count++;
      seen.last = Math.max(seen.last, at);
    }
  }
  return [...byTrack.values()].sort(
    (x, y) =>
      y.count - x.count ||
      y.last - x.last ||
      (x.track.album_id < y.track.album_id ? -1 : x.track.album_id > y.track.album_id ? 1 : 0) ||
      x.track.disc_id - y.track.disc_id ||
      x.track.track_id - y.track.track_id,
  );
}

/** reports the plays, at most 100 a request as a client sends them */
async function report(client: Client, plays: Play[]): Promise<void> {
  for (let i = 0; i < plays.length; i += 100) {
    const res = await client.post(
      '/api/stat',
      plays.slice(i, i + 100).map(([t, at]) => ({ track: t, at: [at] })),
    );
    expect(res.status).toBe(0);
  }
}

const counts = async (client: Client, from: number, to: number): Promise<Counts> => {
  const answer = await client.get<Counts>(`/api/stat/self?from=${from}&to=${to}`);
  expect(answer.status).toBe(0);
  return answer.data;
};

/** mulberry32: the same plays on every run */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('a period’s counts are exact', () => {
  test('at its edges: a play at exactly `from` or `to` counts, one a second outside does not, on either side of midnight', async () => {
    const client = await signedInClient(suite.server, 'edges@example.com');
    const x = track(A, 1, 1);
    const y = track(A, 1, 2);
    const z = track(B, 2, 1);
    const next = midnight + DAY;
    const times = [midnight - 1, midnight, midnight + 1, midnight + DAY / 2, next - 1, next, next + 1];
    const plays: Play[] = [
      ...times.map((at): Play => [x, at]),
      [y, midnight - 1],
      [y, next],
      [z, midnight],
      [z, next - 1],
      [z, next + 1],
    ];
    await report(client, plays);
    const edges = [...new Set(times.flatMap((t) => [t - 1, t, t + 1]))];
    for (const from of edges) {
      for (const to of edges) {
        expect(await counts(client, from, to), `from ${from - midnight}, to ${to - midnight}`).toEqual(
          oracle(plays, from, to),
        );
      }
    }
    // a period of one second, of a whole day, from 0 and to the largest time taken
    expect(await counts(client, midnight, midnight)).toEqual([
      { track: x, count: 1 },
      { track: z, count: 1 },
    ]);
    expect(await counts(client, midnight, next - 1)).toEqual(oracle(plays, midnight, next - 1));
    expect(await counts(client, 0, 999_999_999_999)).toEqual(oracle(plays, 0, Number.MAX_SAFE_INTEGER));
    expect(await counts(client, next + 2, 999_999_999_999)).toEqual([]);
    expect(await counts(client, next, midnight)).toEqual([]);
  });

  test('for each listener: the same tracks at the same seconds by someone else are not counted', async () => {
    const one = await signedInClient(suite.server, 'owner-one@example.com');
    const two = await signedInClient(suite.server, 'owner-two@example.com');
    const x = track(A, 1, 1);
    const y = track(B, 1, 1);
    const mine: Play[] = [
      [x, midnight + 10],
      [x, midnight + DAY + 10],
      [y, midnight + 20],
    ];
    const theirs: Play[] = [
      [x, midnight + 10],
      [y, midnight + 20],
      [y, midnight + 30],
      [y, midnight + DAY - 1],
      [x, midnight + 2 * DAY],
    ];
    await report(one, mine);
    await report(two, theirs);
    for (const [from, to] of [
      [0, 999_999_999_999],
      [midnight, midnight + DAY - 1],
      [midnight + 10, midnight + 20],
      [midnight + DAY, midnight + 2 * DAY],
    ] as const) {
      expect(await counts(one, from, to)).toEqual(oracle(mine, from, to));
      expect(await counts(two, from, to)).toEqual(oracle(theirs, from, to));
    }
    expect(await counts(one, 0, 999_999_999_999)).toEqual([
      { track: x, count: 2 },
      { track: y, count: 1 },
    ]);
  });

  test('a play sent twice (again after a lost answer, or twice in one report) is counted once', async () => {
    const client = await signedInClient(suite.server, 'twice@example.com');
    const x = track(A, 1, 1);
    const y = track(A, 1, 2);
    const at = midnight + 100;
    await report(client, [
      [x, at],
      [y, at],
    ]);
    await report(client, [[x, at]]);
    expect(
      (
        await client.post('/api/stat', [
          { track: x, at: [at, at, at + 1] },
          { track: x, at: [at + 1] },
        ])
      ).status,
    ).toBe(0);
    expect(await counts(client, 0, 999_999_999_999)).toEqual([
      { track: x, count: 2 },
      { track: y, count: 1 },
    ]);
    expect(await counts(client, at, at)).toEqual([
      { track: x, count: 1 },
      { track: y, count: 1 },
    ]);
    const history = await client.get<unknown[]>('/api/stat/self/history');
    expect(history.data).toHaveLength(3);
    // the day holds three plays, 8 bytes each
    const userId = (
      suite.server.db.prepare('SELECT id FROM users WHERE email = ?').get('twice@example.com') as { id: number }
    ).id;
    expect(
      suite.server.db.prepare('SELECT day, length(plays) AS bytes FROM stat_days WHERE user_id = ?').all(userId),
    ).toEqual([{ day: midnight / DAY, bytes: 24 }]);
  });

  test('plays at random seconds over four days, ties in count and latest play among them, for two listeners: every period is the oracle’s', async () => {
    const next = random(9);
    const listeners = [
      await signedInClient(suite.server, 'random-one@example.com'),
      await signedInClient(suite.server, 'random-two@example.com'),
    ];
    const tracks = [track(A, 1, 1), track(A, 1, 2), track(A, 2, 1), track(B, 1, 1), track(B, 1, 10), track(B, 1, 9)];
    // few distinct seconds, so several tracks share a count and their latest play
    const seconds = Array.from({ length: 40 }, () => midnight - DAY + Math.floor(next() * 4 * DAY));
    const plays: Play[][] = [[], []];
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const who = next() < 0.7 ? 0 : 1;
      const play: Play = [tracks[Math.floor(next() * tracks.length)]!, seconds[Math.floor(next() * seconds.length)]!];
      const key = `${who} ${JSON.stringify(play)}`;
      // the same play twice is one play (50 of them are sent again below)
      if (!seen.has(key)) plays[who]!.push(play);
      seen.add(key);
    }
    await report(listeners[0]!, plays[0]!);
    await report(listeners[1]!, plays[1]!);
    await report(listeners[0]!, plays[0]!.slice(0, 50));
    const edges = [...seconds, midnight, midnight + DAY, midnight - DAY, midnight + 2 * DAY - 1];
    let tied = 0;
    for (let i = 0; i < 150; i++) {
      const from = edges[Math.floor(next() * edges.length)]! + Math.floor(next() * 3) - 1;
      const to = next() < 0.2 ? from + Math.floor(next() * 3) : edges[Math.floor(next() * edges.length)]!;
      for (const who of [0, 1]) {
        expect(await counts(listeners[who]!, from, to), `listener ${who}, from ${from}, to ${to}`).toEqual(
          oracle(plays[who]!, from, to),
        );
        const order = ranked(plays[who]!, from, to);
        if (order.some((t, k) => k > 0 && t.count === order[k - 1]!.count && t.last === order[k - 1]!.last)) tied++;
      }
    }
    // the album, disc and track order was needed often
    expect(tied).toBeGreaterThan(50);
  });

  test('10,000 tracks played 31,000 years apart (written straight into the database): the same order', async () => {
    // the latest plays are sorted as numbers with the track's place in one key while that stays
    // exact; a span this long makes the key too big, and the other way must answer the same
    const client = await signedInClient(suite.server, 'ages@example.com');
    const db = suite.server.db;
    const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get('ages@example.com') as { id: number }).id;
    const insert = db.prepare('INSERT INTO stats (user_id, album_id, disc_id, track_id, at) VALUES (?, ?, ?, ?, ?)');
    const plays: Play[] = [];
    for (let i = 0; i < 10_000; i++) {
      const t = track(i % 2 ? A : B, 1 + (i % 3), 1 + Math.floor(i / 6));
      // every seventh track twice; every fifth at the same second as the one before it
      const at = (i % 5 === 0 ? i - 1 : i) * 99_999_999 + (i === 0 ? 1 : 0);
      plays.push([t, at]);
      if (i % 7 === 0) plays.push([t, at + 1]);
    }
    db.transaction(() => {
      for (const [t, at] of plays) insert.run(userId, t.album_id, t.disc_id, t.track_id, at);
    })();
    expect(await counts(client, 0, 999_999_999_999)).toEqual(oracle(plays, 0, 999_999_999_999));
    expect(await counts(client, 5e11, 999_999_999_999)).toEqual(oracle(plays, 5e11, 999_999_999_999));
  });

  test('a day of three parts and 5 plays, reported out of order: counted exactly, no row past a part; a play deleted in a middle part rebuilds the day in parts', async () => {
    const client = await signedInClient(suite.server, 'parts@example.com');
    const db = suite.server.db;
    const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get('parts@example.com') as { id: number }).id;
    const tracks = [track(A, 1, 1), track(A, 1, 2), track(A, 2, 1), track(B, 1, 1), track(B, 1, 7), track(B, 3, 3)];
    const next = random(17);
    // distinct seconds of the day (37 and 86,400 share no factor), the tracks at random, stored in a
    // shuffled order: parts filled as reported hold plays of any time
    const plays: Play[] = Array.from(
      { length: 3 * DAY_PART_PLAYS + 5 },
      (_, i): Play => [tracks[Math.floor(next() * tracks.length)]!, midnight + ((i * 37) % DAY)],
    );
    for (let i = plays.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [plays[i], plays[j]] = [plays[j]!, plays[i]!];
    }
    // the day's neighbours, which must stay out of its parts
    const around: Play[] = [
      [tracks[0]!, midnight - 1],
      [tracks[1]!, midnight + DAY],
    ];
    const parts = () =>
      db.prepare('SELECT day, part, plays FROM stat_days WHERE user_id = ? ORDER BY day, part').all(userId) as {
        day: number;
        part: number;
        plays: Buffer;
      }[];
    const biggest = (): number =>
      (db.prepare('SELECT MAX(length(plays)) AS n FROM stat_days').get() as { n: number }).n;
    const stored: Play[] = [...around];
    await report(client, around);
    for (let i = 0; i < plays.length; i += 100) {
      await report(client, plays.slice(i, i + 100));
      stored.push(...plays.slice(i, i + 100));
      expect(biggest()).toBeLessThanOrEqual(DAY_PART_PLAYS * 8);
    }
    const d = midnight / DAY;
    const shape = () => parts().map(({ day, part, plays }) => [day - d, part, plays.length / 8]);
    expect(shape()).toEqual([
      [-1, 0, 1],
      [0, 0, DAY_PART_PLAYS],
      [0, 1, DAY_PART_PLAYS],
      [0, 2, DAY_PART_PLAYS],
      [0, 3, 5],
      [1, 0, 1],
    ]);
    const periods = [
      [0, 999_999_999_999],
      [midnight, midnight + DAY - 1],
      [midnight - 1, midnight + 1000],
      [midnight + 30_000, midnight + 30_036],
      [midnight + 50_001, midnight + DAY],
    ] as const;
    for (const [from, to] of periods) expect(await counts(client, from, to)).toEqual(oracle(stored, from, to));

    // the 701st play stored is in part 1; deleted, the day is built again: 1,540 plays in time
    // order (then track number), 512 to a part
    const [gone, at] = plays[700]!;
    db.prepare('DELETE FROM stats WHERE user_id = ? AND album_id = ? AND disc_id = ? AND track_id = ? AND at = ?').run(
      userId,
      gone.album_id,
      gone.disc_id,
      gone.track_id,
      at,
    );
    stored.splice(stored.indexOf(plays[700]!), 1);
    expect(shape()).toEqual([
      [-1, 0, 1],
      [0, 0, DAY_PART_PLAYS],
      [0, 1, DAY_PART_PLAYS],
      [0, 2, DAY_PART_PLAYS],
      [0, 3, 4],
      [1, 0, 1],
    ]);
    const seconds = parts()
      .filter(({ day }) => day === d)
      .flatMap(({ plays }) => Array.from({ length: plays.length / 8 }, (_, i) => plays.readUInt32BE(8 * i + 4)));
    expect(seconds).toEqual(
      stored
        .filter(([, t]) => t >= midnight && t < midnight + DAY)
        .map(([, t]) => t - midnight)
        .sort((x, y) => x - y),
    );
    expect(seconds).not.toContain(at - midnight);
    for (const [from, to] of periods) expect(await counts(client, from, to)).toEqual(oracle(stored, from, to));

    // plays stored after it fill the last part, then start the next
    const more: Play[] = Array.from(
      { length: DAY_PART_PLAYS + 96 },
      (_, i): Play => [tracks[i % tracks.length]!, midnight + 1 + ((i * 37) % DAY)],
    );
    await report(client, more);
    stored.push(...more);
    expect(shape()).toEqual([
      [-1, 0, 1],
      [0, 0, DAY_PART_PLAYS],
      [0, 1, DAY_PART_PLAYS],
      [0, 2, DAY_PART_PLAYS],
      [0, 3, DAY_PART_PLAYS],
      [0, 4, 100],
      [1, 0, 1],
    ]);
    expect(biggest()).toBe(DAY_PART_PLAYS * 8);
    for (const [from, to] of periods) expect(await counts(client, from, to)).toEqual(oracle(stored, from, to));
  });

  test('a play deleted from the database is no longer counted; an account deleted takes its days; plays are never changed', async () => {
    const client = await signedInClient(suite.server, 'deleted@example.com');
    const db = suite.server.db;
    const x = track(A, 1, 1);
    const y = track(B, 1, 1);
    const plays: Play[] = [
      [x, midnight + 5],
      [y, midnight + 6],
      [x, midnight + 7],
      [x, midnight + DAY + 5],
    ];
    await report(client, plays);
    const userId = (db.prepare('SELECT id FROM users WHERE email = ?').get('deleted@example.com') as { id: number }).id;
    db.prepare('DELETE FROM stats WHERE user_id = ? AND at = ?').run(userId, midnight + 7);
    expect(await counts(client, 0, 999_999_999_999)).toEqual(oracle(plays.slice(0, 2).concat([plays[3]!]), 0, 1e12));
    db.prepare('DELETE FROM stats WHERE user_id = ? AND at < ?').run(userId, midnight + DAY);
    expect(await counts(client, 0, 999_999_999_999)).toEqual([{ track: x, count: 1 }]);
    expect(db.prepare('SELECT day FROM stat_days WHERE user_id = ?').all(userId)).toEqual([
      { day: midnight / DAY + 1 },
    ]);
    expect(() => db.prepare('UPDATE stats SET at = at + 1 WHERE user_id = ?').run(userId)).toThrow(
      'a stored play is not changed',
    );
    db.prepare('DELETE FROM users WHERE id = ?').run(userId);
    expect(db.prepare('SELECT COUNT(*) AS n FROM stat_days WHERE user_id = ?').get(userId)).toEqual({ n: 0 });
  });
});
