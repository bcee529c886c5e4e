import type { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  LOGIN_MAX_AGE,
  SESSION_COOKIE,
  checkPassword,
  createSession,
  deleteSession,
  deleteUserSessions,
  findUserByEmail,
  findUserById,
  hashPassword,
  type UserRow,
} from '../auth.js';
import { EMAIL_PATTERN, type Config } from '../config.js';
import { DEVICE_COOKIE, DEVICE_MAX_AGE } from '../knownDevices.js';
import { allowance, waitMessage, type AttemptOutcome } from '../loginLimiter.js';
import { createUserWithLibrary, revokeLibraryTokens } from '../users.js';
import { SECRET_PATTERN, TOTP_CODE_PATTERN } from '../twoFactor.js';
import { dropRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from '../recoveryCodes.js';
import type { Db } from '../db.js';
import { clientInfo, limitAddress, requireUser, type ApiContext, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, ok } from './envelope.js';
import { maxChars, optStr, readObject, str, type JsonObject } from './input.js';
import { cookieBase } from './origin.js';
import { LIMITS } from './limits.js';

const NICKNAME_MAX_BYTES = 20;

/** The user as the API sends it; with two-step sign-in on, also how many recovery codes are left (our addition). */
function userInfo(db: Db, u: UserRow): Record<string, unknown> {
  const info: Record<string, unknown> = {
    user_id: String(u.id),
    email: u.email,
    nickname: u.nickname,
    avatar: u.avatar,
    '2fa_enabled': u.totp_secret !== null,
  };
  if (u.totp_secret !== null) info.recovery_codes_left = recoveryCodesLeft(db, u.id);
  return info;
}

/**
 * `2fa_code` as anniv-go binds it, with the rest of the form: a string when present, any other JSON
 * type 902003 before anything is checked, whether or not the user has two-step sign-in on.
 */
const codeOf = (body: JsonObject, form: string): string | undefined => optStr(body, '2fa_code', form);

/** A nickname as registration and the profile take it: not blank, at most anniv-go's 20 bytes. */
function checkNickname(nickname: string): void {
  if (nickname.trim() === '') throw new ApiError(Status.IllegalParams, 'nickname must not be empty');
  if (Buffer.byteLength(nickname, 'utf8') > NICKNAME_MAX_BYTES)
    throw new ApiError(Status.InvalidNickname, 'nickname too long');
}

/**
 * Ends the session on this browser (sign-out, password change, account deletion): the cookie goes,
 * and so does whatever of the app's origin the browser's HTTP cache still holds, answers kept
 * before they were marked no-store or by a browser that ignored it (docs/architecture.md#nothing-kept-after-sign-out).
 */
function expireSessionCookie(c: ApiContext, config: Config): void {
  deleteCookie(c, SESSION_COOKIE, { ...cookieBase(c, config), httpOnly: true });
  c.header('Clear-Site-Data', '"cache"');
  c.set('sessionCookie', 'done');
}

/** How a password check ended, for the guessing limits: only a wrong password (or user) is a failure. */
function outcomeOf(e: unknown): AttemptOutcome {
  return e instanceof ApiError && (e.status === Status.InvalidPassword || e.status === Status.UserNotExist)
    ? 'failure'
    : 'none';
}

export function registerUserRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, config, keys, loginLimiter, knownDevices, registrations, twoFactor } = deps;
  const enforced = config.features.includes('2fa_enforced');

  /**
   * Who a wrong code counts against: the session; while signing in, the allowance the password was
   * checked under (the known device, else the account's unknown devices), so somebody who has the
   * password but not the phone can block only unknown devices' code step, never the owner's.
   */
  const codeCounter = (c: ApiContext, user: UserRow, signingIn?: string) =>
    signingIn !== undefined ? `login:${signingIn}` : (c.get('sessionId') ?? `user:${user.id}`);

  /**
   * Runs `accept` (true: the code is right, and now used) under the wrong-code limit of `who`:
   * 202003 once too many were wrong, else 202001 (counted) when `accept` says no.
   */
  function withinCodeLimit(who: string, accept: () => boolean): void {
    if (twoFactor.limited(who)) throw new ApiError(Status.TFAAttemptLimited, 'attempt too frequent');
    if (accept()) return;
    twoFactor.wrongCode(who);
    throw new ApiError(Status.Wrong2FACode, 'wrong 2fa code');
  }

  /** The window of a code for `secret` newer than `lastStep` (a code is good for one use), under the limit. */
  function checkCode(who: string, secret: string, code: string | undefined, lastStep: number): number {
    let step: number | null = null;
    withinCodeLimit(who, () => {
      step = twoFactor.stepOf(secret, code);
      return step !== null && step > lastStep;
    });
    return step!;
  }

  /**
   * For a user with two-step sign-in on: the body's `2fa_code` must be a fresh, right code of the
   * authenticator, or one of the user's recovery codes not used yet (used up by this). Both count
   * against the same wrong-code limit.
   */
  function requireCode(c: ApiContext, user: UserRow, code: string | undefined, signingIn?: string): void {
    if (user.totp_secret === null) return;
    const who = codeCounter(c, user, signingIn);
    if (code !== undefined && !TOTP_CODE_PATTERN.test(code)) {
      withinCodeLimit(who, () => useRecoveryCode(db, twoFactor, user.id, code));
      return;
    }
    const step = checkCode(who, twoFactor.open(user.totp_secret), code, user.totp_last_step);
    db.prepare('UPDATE users SET totp_last_step = ? WHERE id = ?').run(step, user.id);
  }

  /** A secret as sent by a client turning two-step sign-in on (base32, upper case). */
  function secretOf(secret: string | undefined): string {
    if (secret === undefined) throw new ApiError(Status.Illegal2FASecret, '2fa enforced');
    const normal = secret.replace(/\s+/g, '').toUpperCase();
    if (!SECRET_PATTERN.test(normal)) throw new ApiError(Status.IllegalParams, 'malformed 2fa secret');
    return normal;
  }

  /**
   * Runs `check` under the password guessing limits of `key` (an allowance) and the client's
   * address: refused with 102010 and the seconds to wait while locked (server/loginLimiter.ts).
   */
  async function limited<T>(c: ApiContext, key: string, check: () => Promise<T>): Promise<T> {
    const begun = loginLimiter.begin(key, limitAddress(c, config.trustProxy));
    if (begun.refused) throw new ApiError(Status.InvalidPassword, waitMessage(begun.waitSeconds));
    try {
      const result = await check();
      begun.attempt.settle('success');
      return result;
    } catch (e) {
      begun.attempt.settle(outcomeOf(e));
      throw e;
    }
  }

  /** Old-password checks inside a session count against the session, not the account: a stranger locking the account does not block them. */
  const sessionAllowance = (c: ApiContext, user: UserRow): string =>
    allowance.session(c.get('sessionId') ?? `user:${user.id}`);

  /**
   * The account's password, asked inside a session before anything that changes how the owner
   * signs in or ends the account: a session cookie alone (a stolen one) is not enough. 102010 when
   * missing or wrong; wrong ones count against the session's allowance and the address.
   */
  async function requirePassword(c: ApiContext, user: UserRow, password: string | undefined): Promise<void> {
    if (password === undefined) throw new ApiError(Status.InvalidPassword, 'password required');
    await limited(c, sessionAllowance(c, user), async () => {
      if (!(await checkPassword(password, user.password_hash)))
        throw new ApiError(Status.InvalidPassword, 'email and password does not match');
    });
  }

  app.post('/api/user/register', async (c) => {
    const body = await readObject(c, 'register form');
    const email = str(body, 'email', 'register form');
    const password = str(body, 'password', 'register form');
    const nickname = str(body, 'nickname', 'register form');
    const avatar = optStr(body, 'avatar', 'register form') ?? '';
    const inviteCode = optStr(body, 'invite_code', 'register form');
    const secretText = optStr(body, '2fa_secret', 'register form');
    const code = codeOf(body, 'register form');
    const invite = config.features.includes('invite');
    if (config.features.includes('close') && !invite)
      throw new ApiError(Status.PermissionDenied, 'registration is closed');
    if (invite && inviteCode !== config.inviteCode) throw new ApiError(Status.InvalidInviteCode, 'invalid invite code');
    checkNickname(nickname);
    if (password === '') throw new ApiError(Status.IllegalParams, 'password must not be empty');
    maxChars(avatar, LIMITS.avatar, 'avatar');
    if (!EMAIL_PATTERN.test(email)) throw new ApiError(Status.EmailUnavailable, 'invalid email');
    if (findUserByEmail(db, email)) throw new ApiError(Status.EmailUnavailable, 'email already taken');
    // a site that enforces two-step sign-in takes new accounts only with it on
    let totp: { sealed: string; step: number } | null = null;
    if (enforced) {
      const secret = secretOf(secretText);
      const step = twoFactor.stepOf(secret, code);
      if (step === null) throw new ApiError(Status.Wrong2FACode, 'wrong 2fa code');
      totp = { sealed: twoFactor.seal(secret), step };
    }
    const address = limitAddress(c, config.trustProxy);
    if (!registrations.take(address, 1)) {
      throw new ApiError(
        Status.PermissionDenied,
        `too many accounts registered from this address; wait ${registrations.secondsLeft(address)} seconds and try again`,
      );
    }
    try {
      const created = await createUserWithLibrary(
        db,
        keys,
        deps.libraryUrl(),
        { email, password, nickname, avatar },
        { withLibrary: config.demo, nowMs: deps.clock() },
      );
      if (totp)
        db.prepare('UPDATE users SET totp_secret = ?, totp_last_step = ? WHERE id = ?').run(
          totp.sealed,
          totp.step,
          created.id,
        );
    } catch (e) {
      if (String((e as Error).message).includes('UNIQUE'))
        throw new ApiError(Status.EmailUnavailable, 'email already taken');
      throw e;
    }
    return ok(c, null);
  });

  app.post('/api/user/login', async (c) => {
    const body = await readObject(c, 'login form');
    const email = str(body, 'email', 'login form');
    const password = str(body, 'password', 'login form');
    const code = codeOf(body, 'login form');
    // a device that signed in to this account before has its own allowance (server/knownDevices.ts)
    const device = knownDevices.deviceOf(getCookie(c, DEVICE_COOKIE), email);
    const guesses = device ? allowance.device(device) : allowance.account(email);
    const user = await limited(c, guesses, async () => {
      const found = findUserByEmail(db, email);
      // The same scrypt work whether or not the user exists (checkPassword uses a dummy hash).
      const matches = await checkPassword(password, found?.password_hash);
      if (!found) throw new ApiError(Status.UserNotExist, 'user not exist');
      if (!matches) throw new ApiError(Status.InvalidPassword, 'email and password does not match');
      return found;
    });
    // the password was right; a user with two-step sign-in on needs the code as well
    requireCode(c, user, code, guesses);
    const sessionId = createSession(db, user.id, clientInfo(c, config.trustProxy));
    setCookie(c, SESSION_COOKIE, sessionId, { ...cookieBase(c, config), httpOnly: true, maxAge: LOGIN_MAX_AGE });
    setCookie(c, DEVICE_COOKIE, knownDevices.issue(user.email), {
      ...cookieBase(c, config),
      httpOnly: true,
      maxAge: DEVICE_MAX_AGE,
    });
    c.set('sessionCookie', 'done');
    return ok(c, userInfo(db, user));
  });

  app.post('/api/user/logout', (c) => {
    requireUser(c);
    const sessionId = c.get('sessionId');
    if (sessionId) deleteSession(db, sessionId);
    expireSessionCookie(c, config);
    return ok(c, null);
  });

  app.get('/api/user/info', (c) => ok(c, userInfo(db, requireUser(c))));

  app.get('/api/user/intro', (c) => {
    requireUser(c);
    const raw = c.req.query('user_id');
    if (raw === undefined) throw new ApiError(Status.IllegalParams, 'malformed user id');
    const user = /^\d{1,15}$/.test(raw) ? findUserById(db, Number(raw)) : null;
    if (!user) throw new ApiError(Status.UserNotExist, 'user not exist');
    return ok(c, { user_id: String(user.id), nickname: user.nickname, avatar: user.avatar });
  });

  app.patch('/api/user/intro', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, 'intro form');
    const nickname = str(body, 'nickname', 'intro form');
    const avatar = optStr(body, 'avatar', 'intro form') ?? user.avatar;
    checkNickname(nickname);
    maxChars(avatar, LIMITS.avatar, 'avatar');
    db.prepare('UPDATE users SET nickname = ?, avatar = ? WHERE id = ?').run(nickname, avatar, user.id);
    return ok(c, null);
  });

  app.patch('/api/user/password', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, 'password form');
    const oldPassword = str(body, 'old_password', 'password form');
    const newPassword = str(body, 'new_password', 'password form');
    const code = codeOf(body, 'password form');
    await requirePassword(c, user, oldPassword);
    requireCode(c, user, code);
    const hash = await hashPassword(newPassword);
    db.transaction(() => {
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
      deleteUserSessions(db, user.id);
      // whoever had a library token of this account loses it too; the owner gets a new one
      revokeLibraryTokens(db, user.id);
    })();
    expireSessionCookie(c, config);
    return ok(c, null);
  });

  // Deleting the account: the password (our addition: anniv-go asks only for the code), and the
  // code when two-step sign-in is on. Everything of the user goes with it (foreign keys cascade).
  app.post('/api/user/revoke', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, 'revoke form');
    const password = str(body, 'password', 'revoke form');
    const code = codeOf(body, 'revoke form');
    await requirePassword(c, user, password);
    requireCode(c, user, code);
    const shares = db.prepare('SELECT share_id FROM shares WHERE user_id = ?').all(user.id) as { share_id: string }[];
    db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    // Their kept GET /api/share answers would no longer be sent (share.ts checks the row) but still held.
    for (const share of shares) deps.shareAnswers.delete(share.share_id);
    expireSessionCookie(c, config);
    return ok(c, null);
  });

  // Turning it on: the secret, a code of it and (our addition, which anniv-go ignores) the account's
  // password, so that a stolen session cannot put the thief's authenticator on the account. The
  // answer carries the recovery codes (anniv-go answers null).
  app.post('/api/features/2fa', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, '2fa form');
    const secretText = optStr(body, '2fa_secret', '2fa form');
    const code = codeOf(body, '2fa form');
    const password = optStr(body, 'password', '2fa form');
    if (user.totp_secret !== null) throw new ApiError(Status.TFAAlreadyEnabled, '2fa is already enabled');
    const secret = secretOf(secretText);
    await requirePassword(c, user, password);
    const step = checkCode(codeCounter(c, user), secret, code, 0);
    const codes = db.transaction(() => {
      // turned on by a request that passed its checks meanwhile: that one stands
      const changed = db
        .prepare('UPDATE users SET totp_secret = ?, totp_last_step = ? WHERE id = ? AND totp_secret IS NULL')
        .run(twoFactor.seal(secret), step, user.id);
      return changed.changes === 1 ? issueRecoveryCodes(db, twoFactor, user.id) : null;
    })();
    if (codes === null) throw new ApiError(Status.TFAAlreadyEnabled, '2fa is already enabled');
    return ok(c, { recovery_codes: codes });
  });

  app.delete('/api/features/2fa', async (c) => {
    const user = requireUser(c);
    const code = codeOf(await readObject(c, '2fa form'), '2fa form');
    if (user.totp_secret === null) throw new ApiError(Status.TFANotEnabled, '2fa is not enabled');
    requireCode(c, user, code);
    db.transaction(() => {
      db.prepare('UPDATE users SET totp_secret = NULL, totp_last_step = 0 WHERE id = ?').run(user.id);
      dropRecoveryCodes(db, user.id);
    })();
    return ok(c, null);
  });

  // New recovery codes (our addition): the password and a code (of the authenticator, or a recovery
  // code); the old ones stop working.
  app.post('/api/features/2fa/recovery', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, 'recovery form');
    const code = codeOf(body, 'recovery form');
    const password = optStr(body, 'password', 'recovery form');
    if (user.totp_secret === null) throw new ApiError(Status.TFANotEnabled, '2fa is not enabled');
    await requirePassword(c, user, password);
    requireCode(c, user, code);
    return ok(c, { recovery_codes: issueRecoveryCodes(db, twoFactor, user.id) });
  });
}
