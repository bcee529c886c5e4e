import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { loadOrCreateKey } from './keyFile.js';

/*
 * Two-step sign-in as anniv-go has it (docs/protocol.md#user): TOTP per RFC 6238 (SHA-1, 6 digits,
 * 30 s) by otpauth. A code of the previous or next window is accepted, a code's window only once
 * (the last used window is stored per user), and at most 5 wrong codes an hour per session (at login:
 * per known device, or for all the account's unknown devices together) before 202003.
 *
 * Secrets are sealed with AES-256-GCM under a key kept beside the database (`two-factor.key`,
 * 0600), not in it: a copy of the database alone does not give them away.
 *
 * Recovery codes (our addition, server/recoveryCodes.ts): ten one-time codes handed out when it is
 * turned on, each taken once in place of an authenticator code. Only an HMAC of each is stored,
 * under a key derived from the same file, so a copy of the database cannot be searched for them.
 */

const PERIOD_MS = 30_000;
const KEY_FILE = 'two-factor.key';
const MAX_WRONG_CODES = 5;
const WRONG_CODE_WINDOW_MS = 3_600_000;
/** base32 secrets of 80 to 640 bits, as authenticator apps take them */
export const SECRET_PATTERN = /^[A-Z2-7]{16,128}$/;
/** what an authenticator shows: six digits. Anything else in `2fa_code` is read as a recovery code. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** Recovery codes: no 0/o, 1/l/i to mix up when typed from paper; 10 characters (≈ 50 bits). */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const RECOVERY_LENGTH = 10;
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`);

/** A new recovery code as shown to its owner: `abcde-23456`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed (any case, spaces or dashes anywhere) in its stored form, or null when it cannot be one. */
export function normalRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]+/g, '').toLowerCase();
  return RECOVERY_PATTERN.test(plain) ? plain : null;
}

export class TwoFactor {
  private readonly key: Buffer;
  private readonly recoveryKey: Buffer;
  private readonly wrong = new Map<string, number[]>();

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = loadOrCreateKey(dataDir, KEY_FILE, 'two-step secrets cannot be read without it');
    // its own key, so the sealing key is never used for anything but sealing
    this.recoveryKey = Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), 'anniv recovery codes', 32));
  }

  /** What is stored of a recovery code (already in its normal form): an HMAC bound to its account. */
  recoveryDigest(userId: number, normal: string): string {
    return createHmac('sha256', this.recoveryKey).update(`${userId}:${normal}`).digest('hex');
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
  }

  open(sealed: string): string {
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** The window (30-s step number) `code` belongs to, one window either side of now; null if none. */
  stepOf(secret: string, code: unknown): number | null {
    if (typeof code !== 'string' || !TOTP_CODE_PATTERN.test(code)) return null;
    const now = this.now();
    const delta = new TOTP({ secret: Secret.fromBase32(secret) }).validate({ token: code, window: 1, timestamp: now });
    return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
  }

  /** whether `who` has used up its wrong codes for the hour */
  limited(who: string): boolean {
    return this.recent(who).length >= MAX_WRONG_CODES;
  }

  wrongCode(who: string): void {
    const list = this.recent(who);
    list.push(this.now());
    this.wrong.set(who, list);
  }

  private recent(who: string): number[] {
    const since = this.now() - WRONG_CODE_WINDOW_MS;
    const list = (this.wrong.get(who) ?? []).filter((t) => t > since);
    if (list.length === 0) this.wrong.delete(who);
    return list;
  }
}
