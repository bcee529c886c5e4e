import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadOrCreateKey } from './keyFile.js';

/*
 * Devices an account signed in from before, so a stranger's guessing cannot lock the owner out
 * (server/loginLimiter.ts): each successful sign-in sets the `device` cookie, a fresh random
 * device id and an HMAC-SHA256 of that id with the account's email, under a key kept in
 * `DATA_DIR/device.key`. The email is bound by the MAC, not written into the cookie, so the cookie
 * does not tell whose it is; it is valid only for the email it was made for. Without the key
 * nobody can make one, so an attacker cannot mint device ids to multiply allowances.
 */

export const DEVICE_COOKIE = 'device';
/** One year, renewed by every sign-in; sign-out keeps it (it grants nothing but its own allowance). */
export const DEVICE_MAX_AGE = 365 * 24 * 3600;
const KEY_FILE = 'device.key';
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export class KnownDevices {
  private readonly key: Buffer;

  constructor(dataDir: string) {
    this.key = loadOrCreateKey(
      dataDir,
      KEY_FILE,
      'delete it to start over (every browser then signs in as a new device)',
    );
  }

  private mac(id: string, email: string): Buffer {
    return createHmac('sha256', this.key).update(`anniv device\n${id}\n${email}`).digest();
  }

  /** A cookie value for a new device of `email`: `<id>.<mac>`, both base64url. */
  issue(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(id, email).toString('base64url')}`;
  }

  /** The device id of `cookie` when it was made for `email`; null for none, another account or a forgery. */
  deviceOf(cookie: string | undefined, email: string): string | null {
    const [id, mac, ...rest] = (cookie ?? '').split('.');
    if (!id || !mac || rest.length > 0 || !ID_PATTERN.test(id)) return null;
    // compared as text: base64url decoding would let a changed last character through
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.mac(id, email).toString('base64url'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
}
