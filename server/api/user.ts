import type { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import {
  LOGIN_MAX_AGE,
  SESSION_COOKIE,
  createSession,
  deleteSession,
  deleteUserSessions,
  findUserByEmail,
  findUserById,
  hashPassword,
  verifyPassword,
  type UserRow,
} from '../auth.js';
import { EMAIL_PATTERN } from '../config.js';
import { createUserWithLibrary } from '../users.js';
import { clientInfo, requireUser, type ApiContext, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, ok } from './envelope.js';
import { optStr, readObject, str } from './input.js';

const NICKNAME_MAX_BYTES = 20;

export function userInfo(u: UserRow): Record<string, unknown> {
  return { user_id: String(u.id), email: u.email, nickname: u.nickname, avatar: u.avatar, '2fa_enabled': false };
}

function checkNickname(nickname: string): void {
  if (Buffer.byteLength(nickname, 'utf8') > NICKNAME_MAX_BYTES) throw new ApiError(Status.InvalidNickname, 'nickname too long');
}

function expireSessionCookie(c: ApiContext): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax' });
  c.set('sessionCookie', 'done');
}

export function registerUserRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db, config, keys } = deps;

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
    checkNickname(nickname);
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
    const user = findUserByEmail(db, email);
    if (!user) throw new ApiError(Status.UserNotExist, 'user not exist');
    if (!(await verifyPassword(password, user.password_hash))) {
      throw new ApiError(Status.InvalidPassword, 'email and password does not match');
    }
    const sessionId = createSession(db, user.id, clientInfo(c));
    setCookie(c, SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: LOGIN_MAX_AGE });
    c.set('sessionCookie', 'done');
    return ok(c, userInfo(user));
  });

  app.post('/api/user/logout', (c) => {
    requireUser(c);
    const sessionId = c.get('sessionId');
    if (sessionId) deleteSession(db, sessionId);
    expireSessionCookie(c);
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
    db.prepare('UPDATE users SET nickname = ?, avatar = ? WHERE id = ?').run(nickname, avatar, user.id);
    return ok(c, null);
  });

  app.patch('/api/user/password', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, 'password form');
    const oldPassword = str(body, 'old_password', 'password form');
    const newPassword = str(body, 'new_password', 'password form');
    if (!(await verifyPassword(oldPassword, user.password_hash))) {
      throw new ApiError(Status.InvalidPassword, 'email and password does not match');
    }
    const hash = await hashPassword(newPassword);
    db.transaction(() => {
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
      deleteUserSessions(db, user.id);
    })();
    expireSessionCookie(c);
    return ok(c, null);
  });
}
