import type { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
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
import { waitMessage, type AttemptOutcome } from '../loginLimiter.js';
import { createUserWithLibrary } from '../users.js';
import { clientAddress, clientInfo, requireUser, type ApiContext, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, ok } from './envelope.js';
import { maxChars, optStr, readObject, str } from './input.js';
import { cookieBase } from './origin.js';
import { LIMITS } from './limits.js';

const NICKNAME_MAX_BYTES = 20;

export function userInfo(u: UserRow): Record<string, unknown> {
  return { user_id: String(u.id), email: u.email, nickname: u.nickname, avatar: u.avatar, '2fa_enabled': false };
}

function checkNickname(nickname: string): void {
  if (Buffer.byteLength(nickname, 'utf8') > NICKNAME_MAX_BYTES) throw new ApiError(Status.InvalidNickname, 'nickname too long');
}

function expireSessionCookie(c: ApiContext, config: Config): void {
  deleteCookie(c, SESSION_COOKIE, { ...cookieBase(c, config), httpOnly: true });
  c.set('sessionCookie', 'done');
}

/** How a password check ended, for the guessing limits: only a wrong password (or user) is a failure. */
function outcomeOf(e: unknown): AttemptOutcome {
  return e instanceof ApiError && (e.status === Status.InvalidPassword || e.status === Status.UserNotExist) ? 'failure' : 'none';
}

export function registerUserRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, config, keys, loginLimiter } = deps;

  /**
   * Runs `check` under the password guessing limits of `account` and the client's address:
   * refused with 102010 and the seconds to wait while locked (server/loginLimiter.ts).
   */
  async function limited<T>(c: ApiContext, account: string, check: () => Promise<T>): Promise<T> {
    const begun = loginLimiter.begin(account, clientAddress(c, config.trustProxy));
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

  app.post('/api/user/register', async (c) => {
    const body = await readObject(c, 'register form');
    const email = str(body, 'email', 'register form');
    const password = str(body, 'password', 'register form');
    const nickname = str(body, 'nickname', 'register form');
    const avatar = optStr(body, 'avatar', 'register form') ?? '';
    const inviteCode = optStr(body, 'invite_code', 'register form');
    const invite = config.features.includes('invite');
    if (config.features.includes('close') && !invite) throw new ApiError(Status.PermissionDenied, 'registration is closed');
    if (invite && inviteCode !== config.inviteCode) throw new ApiError(Status.InvalidInviteCode, 'invalid invite code');
    if (nickname.trim() === '') throw new ApiError(Status.IllegalParams, 'nickname must not be empty');
    if (password === '') throw new ApiError(Status.IllegalParams, 'password must not be empty');
    checkNickname(nickname);
    maxChars(avatar, LIMITS.avatar, 'avatar');
    if (!EMAIL_PATTERN.test(email)) throw new ApiError(Status.EmailUnavailable, 'invalid email');
    if (findUserByEmail(db, email)) throw new ApiError(Status.EmailUnavailable, 'email already taken');
    try {
      await createUserWithLibrary(db, keys, deps.libraryUrl(), { email, password, nickname, avatar });
    } catch (e) {
      if (String((e as Error).message).includes('UNIQUE')) throw new ApiError(Status.EmailUnavailable, 'email already taken');
      throw e;
    }
    return ok(c, null);
  });

  app.post('/api/user/login', async (c) => {
    const body = await readObject(c, 'login form');
    const email = str(body, 'email', 'login form');
    const password = str(body, 'password', 'login form');
    const user = await limited(c, email, async () => {
      const found = findUserByEmail(db, email);
      // The same scrypt work whether or not the user exists (checkPassword uses a dummy hash).
      const matches = await checkPassword(password, found?.password_hash);
      if (!found) throw new ApiError(Status.UserNotExist, 'user not exist');
      if (!matches) throw new ApiError(Status.InvalidPassword, 'email and password does not match');
      return found;
    });
    const sessionId = createSession(db, user.id, clientInfo(c, config.trustProxy));
    setCookie(c, SESSION_COOKIE, sessionId, { ...cookieBase(c, config), httpOnly: true, maxAge: LOGIN_MAX_AGE });
    c.set('sessionCookie', 'done');
    return ok(c, userInfo(user));
  });

  app.post('/api/user/logout', (c) => {
    requireUser(c);
    const sessionId = c.get('sessionId');
    if (sessionId) deleteSession(db, sessionId);
    expireSessionCookie(c, config);
    return ok(c, null);
  });

  app.get('/api/user/info', (c) => ok(c, userInfo(requireUser(c))));

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
    await limited(c, user.email, async () => {
      if (!(await checkPassword(oldPassword, user.password_hash))) {
        throw new ApiError(Status.InvalidPassword, 'email and password does not match');
      }
    });
    const hash = await hashPassword(newPassword);
    db.transaction(() => {
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
      deleteUserSessions(db, user.id);
    })();
    expireSessionCookie(c, config);
    return ok(c, null);
  });
}
