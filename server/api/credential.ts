import type { Hono } from 'hono';
import { credentialWire, insertCredential, renewControlledTokens, type CredentialRow } from '../users.js';
import { requireUser, type ApiDeps, type ApiEnv } from './context.js';
import { ApiError, Status, malformed, ok } from './envelope.js';
import { int, maxChars, optInt, optStr, readJson, readObject, str, asObject } from './input.js';
import { LIMITS } from './limits.js';

const FORM = 'credential form';

/** Stored text limits (902003, nothing stored); undefined passes (PATCH leaves the field alone). */
function checkTexts(t: { name?: string | undefined; url?: string | undefined; token?: string | undefined }): void {
  if (t.name !== undefined) maxChars(t.name, LIMITS.credentialName, 'credential name');
  if (t.url !== undefined) maxChars(t.url, LIMITS.credentialUrl, 'credential url');
  if (t.token !== undefined) maxChars(t.token, LIMITS.credentialToken, 'credential token');
}

export function registerCredentialRoutes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const { db } = deps;
  const find = (userId: number, id: string): CredentialRow | undefined =>
    db.prepare('SELECT * FROM credentials WHERE id = ? AND user_id = ?').get(id, userId) as CredentialRow | undefined;

  app.get('/api/credential', async (c) => {
    const user = requireUser(c);
    // the owner gets library tokens that still open the library, signed afresh when they must be
    await renewControlledTokens(db, deps.keys, user.id, deps.clock());
    const rows = db
      .prepare('SELECT * FROM credentials WHERE user_id = ? ORDER BY position, rowid')
      .all(user.id) as CredentialRow[];
    return ok(c, rows.map(credentialWire));
  });

  app.post('/api/credential', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, FORM);
    const fields = {
      name: str(body, 'name', FORM),
      url: str(body, 'url', FORM),
      token: str(body, 'token', FORM),
      priority: int(body, 'priority', FORM),
      controlled: false,
    };
    checkTexts(fields);
    const row = db.transaction(() => {
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM credentials WHERE user_id = ?').get(user.id) as { n: number };
      if (n >= LIMITS.credentialsPerUser)
        throw new ApiError(Status.WriteErr, `too many credentials (at most ${LIMITS.credentialsPerUser})`);
      return insertCredential(db, user.id, fields);
    })();
    return ok(c, credentialWire(row));
  });

  app.patch('/api/credential', async (c) => {
    const user = requireUser(c);
    const body = await readObject(c, FORM);
    const id = str(body, 'id', FORM);
    const changes = {
      name: optStr(body, 'name', FORM),
      url: optStr(body, 'url', FORM),
      token: optStr(body, 'token', FORM),
      priority: optInt(body, 'priority', FORM),
    };
    checkTexts(changes);
    const row = find(user.id, id);
    if (!row) throw new ApiError(Status.NotFound, 'token not found');
    const touchesIdentity = (['name', 'url', 'token'] as const).some(
      (k) => changes[k] !== undefined && changes[k] !== row[k],
    );
    if (row.controlled === 1 && touchesIdentity) throw new ApiError(Status.ControlledToken, 'controlled token');
    db.prepare('UPDATE credentials SET name = ?, url = ?, token = ?, priority = ? WHERE id = ?').run(
      changes.name ?? row.name,
      changes.url ?? row.url,
      changes.token ?? row.token,
      changes.priority ?? row.priority,
      row.id,
    );
    return ok(c, null);
  });

  app.delete('/api/credential', async (c) => {
    const user = requireUser(c);
    // JSON body {id} (what clients send); the query string is a fallback (docs/protocol.md#playlists).
    let id = c.req.query('id');
    const text = await c.req.text();
    if (text.trim() !== '') {
      const body = asObject(await readJson(c, FORM), FORM);
      id = str(body, 'id', FORM);
    }
    if (id === undefined) throw malformed(FORM);
    const row = find(user.id, id);
    if (!row) throw new ApiError(Status.NotFound, 'token not exist');
    if (row.controlled === 1) throw new ApiError(Status.ControlledToken, 'controlled token');
    db.prepare('DELETE FROM credentials WHERE id = ?').run(row.id);
    return ok(c, null);
  });
}
