import { describe, expect, test } from 'vitest';
import { DEVICE_MAX_AGE } from '../../server/knownDevices.js';
import { clientAt, register, serverSuite, trySignIn, type Client } from './support/fixture.js';

/*
 * Known devices (server/knownDevices.ts, server/loginLimiter.ts): every sign-in sets a signed
 * `device` cookie; a later sign-in from that device to the same account is counted against the
 * device's own allowance, so a stranger who locks the account (5 wrong passwords) locks only the
 * devices it has never signed in from. The clock is injected; each browser has its own address.
 */

const WRONG = { status: 102010, message: 'email and password does not match', data: null };
const locked = (seconds: number) => ({
  status: 102010,
  message: `too many failed password attempts; wait ${seconds} seconds and try again`,
  data: null,
});

let now = 1_700_000_000_000;
let addresses = 0;
/** a browser of its own, at an address of its own */
const browser = (): Client => clientAt(suite.server, `198.51.100.${++addresses}`);

const suite = serverSuite('none', { TRUST_PROXY: '1' }, { clock: () => now });

/** A browser of `email`'s owner that signed in once (and so is known), and signed out again. */
async function knownDevice(email: string): Promise<Client> {
  const owner = browser();
  expect((await trySignIn(owner, email, 'right')).status).toBe(0);
  expect((await owner.post('/api/user/logout')).status).toBe(0);
  return owner;
}

/** `email` registered (password `right`) and a known device of its owner. */
async function ownerOf(email: string): Promise<Client> {
  expect((await register(browser(), email, 'right')).status).toBe(0);
  return knownDevice(email);
}

/** A stranger's 5 wrong passwords: the account is locked for unknown devices. */
async function lockedByStranger(email: string): Promise<Client> {
  const stranger = browser();
  for (let i = 0; i < 5; i++) expect(await trySignIn(stranger, email, `guess${i}`)).toEqual(WRONG);
  return stranger;
}

describe('a stranger does not lock the owner out', () => {
  test('after a stranger’s wrong passwords the owner’s known device still signs in; the stranger is refused even with the right password', async () => {
    const owner = await ownerOf('owner@example.com');
    const stranger = await lockedByStranger('owner@example.com');
    expect(await trySignIn(stranger, 'owner@example.com', 'right')).toEqual(locked(60));
    expect(await trySignIn(browser(), 'owner@example.com', 'right')).toEqual(locked(60));
    expect(await trySignIn(owner, 'owner@example.com', 'right')).toMatchObject({
      status: 0,
      data: { email: 'owner@example.com' },
    });
    // the owner's success does not unlock the strangers
    expect(await trySignIn(stranger, 'owner@example.com', 'right')).toEqual(locked(60));
    now += 60_000;
  });

  test('wrong passwords from a known device lock only that device', async () => {
    const owner = await ownerOf('clumsy@example.com');
    const laptop = await knownDevice('clumsy@example.com'); // a second known device of the same owner
    for (let i = 0; i < 5; i++) expect(await trySignIn(owner, 'clumsy@example.com', `typo${i}`)).toEqual(WRONG);
    expect(await trySignIn(owner, 'clumsy@example.com', 'right')).toEqual(locked(60));
    expect((await trySignIn(laptop, 'clumsy@example.com', 'right')).status).toBe(0);
    expect((await trySignIn(browser(), 'clumsy@example.com', 'right')).status).toBe(0);
    now += 60_000;
    expect((await trySignIn(owner, 'clumsy@example.com', 'right')).status).toBe(0);
  });

  test('a forged or altered device cookie counts as an unknown device', async () => {
    const owner = await ownerOf('forged@example.com');
    const real = owner.cookies.get('device')!;
    expect(real).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const [id, mac] = real.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    // the last character of 32 bytes in base64url carries 2 unused bits: changing only those
    // leaves the decoded bytes as they were, and must not pass either
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spareBit = mac.slice(0, -1) + digits[digits.indexOf(mac.at(-1)!) ^ 1];
    await lockedByStranger('forged@example.com');
    for (const cookie of [
      `${flip(id, 0)}.${mac}`,
      `${id}.${flip(mac, 0)}`,
      `${id}.${spareBit}`,
      `${'x'.repeat(22)}.${mac}`,
      id,
      `${real}.extra`,
      '',
    ]) {
      const other = browser();
      other.cookies.set('device', cookie);
      expect(await trySignIn(other, 'forged@example.com', 'right')).toEqual(locked(60));
    }
    expect((await trySignIn(owner, 'forged@example.com', 'right')).status).toBe(0);
    now += 60_000;
  });

  test('a device cookie of another account counts as an unknown device for this one', async () => {
    await ownerOf('victim@example.com');
    const neighbour = await ownerOf('neighbour@example.com'); // a known device, of the neighbour's account
    await lockedByStranger('victim@example.com');
    expect(await trySignIn(neighbour, 'victim@example.com', 'right')).toEqual(locked(60));
    expect((await trySignIn(neighbour, 'neighbour@example.com', 'right')).status).toBe(0);
    now += 60_000;
  });

  test('the device cookie: HttpOnly, SameSite=Lax, Path=/, one year; sign-out keeps it, the next sign-in renews it', async () => {
    await register(browser(), 'cookie@example.com', 'right');
    const c = browser();
    expect((await trySignIn(c, 'cookie@example.com', 'right')).status).toBe(0);
    const line = c.setCookieLine('device')!;
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\//i);
    expect(line).toMatch(new RegExp(`;\\s*Max-Age=${DEVICE_MAX_AGE}(;|$)`, 'i'));
    expect(line).not.toMatch(/;\s*Secure/i); // plain http here; proxy.test.ts has the https site
    const first = c.cookies.get('device');
    expect((await c.post('/api/user/logout')).status).toBe(0);
    expect(c.setCookieLine('device')).toBeUndefined();
    expect(c.cookies.get('device')).toBe(first);
    expect((await trySignIn(c, 'cookie@example.com', 'right')).status).toBe(0);
    expect(c.cookies.get('device')).toMatch(/\./);
    expect(c.cookies.get('device')).not.toBe(first);
  });

  test('a wrong password sets no device cookie', async () => {
    await register(browser(), 'nocookie@example.com', 'right');
    const c = browser();
    expect(await trySignIn(c, 'nocookie@example.com', 'wrong')).toEqual(WRONG);
    expect(c.cookies.has('device')).toBe(false);
  });
});
