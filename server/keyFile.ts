import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte secret kept in `DATA_DIR/<name>` (hex, 0600), made on first start. Beside the database,
 * not in it: a copy of the database alone does not carry it. `lost` says what a damaged file costs.
 */
export function loadOrCreateKey(dataDir: string, name: string, lost: string): Buffer {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new Error(`${file} is damaged; ${lost}`);
    return key;
  }
  const key = randomBytes(32);
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  return key;
}
