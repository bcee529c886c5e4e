import { describe, expect, test } from 'vitest';
import { addressGroup } from '../../server/addressGroup.js';
import { clientAt, serverSuite, trySignIn } from './support/fixture.js';

/*
 * Address limits count a client by its address group (server/addressGroup.ts): IPv4 as it is,
 * IPv6 by its /64 (one subscriber's block: billions of addresses), IPv4-mapped IPv6 as the IPv4.
 */

describe('addressGroup', () => {
  test('IPv4 as it is; IPv4-mapped IPv6 (dotted or hex, any case) is the IPv4 address', () => {
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(addressGroup('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  test('IPv6 by its /64, whatever the spelling: ::, leading zeros, case, brackets and port, zone', () => {
    const group = '2001:db8:1:2::/64';
    for (const a of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::9]:443',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(addressGroup(a)).toBe(group);
    }
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64'); // NAT64, not a mapped address
  });

  test('an IPv4 address with a port loses the port; anything else is keyed as it comes', () => {
    expect(addressGroup('192.0.2.1:8080')).toBe('192.0.2.1');
    expect(addressGroup('')).toBe('');
    expect(addressGroup('unknown')).toBe('unknown');
    expect(addressGroup('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});

describe('address limits by group, over the API', () => {
  let now = 1_700_000_000_000;
  const suite = serverSuite('none', { TRUST_PROXY: '1' }, { clock: () => now });

  const LOCKED = /^too many failed password attempts; wait 60 seconds/;
  /** 20 failures (unknown emails, so no account is locked) from `ips` in turn */
  async function guessFrom(ips: string[]): Promise<void> {
    for (let i = 0; i < 20; i++)
      expect(
        (await trySignIn(clientAt(suite.server, ips[i % ips.length]!), `nobody${i}@example.com`, 'x')).status,
      ).toBe(102020);
  }
  const answerFrom = async (ip: string) =>
    (await trySignIn(clientAt(suite.server, ip), 'fresh@example.com', 'x')).message;

  test('addresses of one IPv6 /64 share a counter; another /64 does not', async () => {
    await guessFrom(['2001:db8:aa:1::1', '2001:db8:aa:1:ffff::2', '2001:db8:aa:1:1234:5678:9abc:def0']);
    expect(await answerFrom('2001:db8:aa:1::99')).toMatch(LOCKED);
    expect(await answerFrom('2001:db8:aa:2::1')).toBe('user not exist');
    now += 60_000;
  });

  test('an IPv4-mapped IPv6 address is the same client as its IPv4 address', async () => {
    await guessFrom(['::ffff:192.0.2.77', '192.0.2.77']);
    expect(await answerFrom('192.0.2.77')).toMatch(LOCKED);
    expect(await answerFrom('::ffff:192.0.2.77')).toMatch(LOCKED);
    expect(await answerFrom('192.0.2.78')).toBe('user not exist');
    now += 60_000;
  });
});
