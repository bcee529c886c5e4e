import type { Db } from './db.js';
import { newRecoveryCode, normalRecoveryCode, type TwoFactor } from './twoFactor.js';

/*
 * Recovery codes of two-step sign-in (our addition; anniv-go has none): turning it on, or asking
 * for new ones, hands out RECOVERY_CODE_COUNT codes, shown once. Each is taken once in place of an
 * authenticator code wherever `2fa_code` is read. Rows hold only an HMAC of the code
 * (TwoFactor.recoveryDigest); a used code's row is deleted, so what is left is the count shown.
 */

const RECOVERY_CODE_COUNT = 10;

/** Replaces the user's recovery codes with new ones and returns them, the only time they are seen. */
export function issueRecoveryCodes(db: Db, twoFactor: TwoFactor, userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const insert = db.prepare('INSERT INTO recovery_codes (user_id, digest) VALUES (?, ?)');
  db.transaction(() => {
    dropRecoveryCodes(db, userId);
    for (const code of codes) insert.run(userId, twoFactor.recoveryDigest(userId, normalRecoveryCode(code)!));
  })();
  return codes;
}

/** Takes one of the user's codes: true when it was one not used yet (and is used now). */
export function useRecoveryCode(db: Db, twoFactor: TwoFactor, userId: number, code: string): boolean {
  const normal = normalRecoveryCode(code);
  if (normal === null) return false;
  // one statement: of two requests with the same code, only one deletes the row
  return (
    db
      .prepare('DELETE FROM recovery_codes WHERE user_id = ? AND digest = ?')
      .run(userId, twoFactor.recoveryDigest(userId, normal)).changes === 1
  );
}

export function recoveryCodesLeft(db: Db, userId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ?').get(userId) as { n: number }).n;
}

/** Turning two-step sign-in off takes its recovery codes with it. */
export function dropRecoveryCodes(db: Db, userId: number): void {
  db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
}
