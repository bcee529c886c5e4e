import { isIPv4, isIPv6 } from 'node:net';

/*
 * The key an address limit counts a client under (password guessing, registrations). IPv4 as it
 * is; IPv6 by its /64, the block one home, phone or server is handed, so an attacker cannot take a
 * fresh address of its billions for every few guesses; an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 client) is the IPv4 address.
 * Anything else (no socket in tests, a proxy writing something odd) is keyed as it comes.
 */

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined): number[] => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

export function addressGroup(raw: string): string {
  // brackets and a port as some proxies write them ([2001:db8::1]:443, 192.0.2.1:443), a zone id
  let address = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(address);
  if (withPort) address = withPort[1]!;
  address = address.replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return raw;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
