import { parseArgs } from 'node:util';
import { libraryUrlFor, loadConfig } from '../config.js';
import { LIMITS } from '../api/limits.js';
import { loadOrCreateKeys, signShareToken, signUserToken, type Audios } from '../library/keys.js';

/*
 * `npm run token [-- --user <id>] [-- --share <album>[:<disc>[:<tracks>]]]`
 * Prints a token for this server's library (keys from DATA_DIR) and the library URL, so the
 * library can be added by hand in any Anniv client.
 *   --user <id>     user id written into the user token (default: DEMO_EMAIL)
 *   --no-share      user token without the share object (cannot be used for sharing)
 *   --days <n>      days until the user token expires (default 30, at most 3650); the library
 *                   refuses user tokens without an expiry. Such a token belongs to no account:
 *                   nothing but its expiry (or new keys) ends it
 *   --share <spec>  a share token instead (24 h), e.g. --share <album-uuid>:1:1,2,3 ; repeatable
 */

const USAGE = 'usage: npm run token -- [--user <id>] [--no-share] [--days <n>] [--share <album>[:<disc>[:<t1,t2>]]]…';
const MAX_DAYS = 3650;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      share: { type: 'string', multiple: true },
      'no-share': { type: 'boolean' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const days = values.days === undefined ? LIMITS.libraryTokenSeconds / 86400 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
    throw new Error(`--days must be a whole number of days from 1 to ${MAX_DAYS}, got "${values.days}"`);
  const config = loadConfig(process.env);
  const keys = loadOrCreateKeys(config.dataDir);
  const url = libraryUrlFor(config, config.libraryPort);
  let token: string;
  if (values.share?.length) {
    const audios: Audios = {};
    for (const spec of values.share) {
      const [album, disc = '1', tracks = '1'] = spec.split(':');
      if (!album) throw new Error(USAGE);
      const list = tracks.split(',').map(Number);
      if (list.some((t) => !Number.isInteger(t) || t < 1)) throw new Error(`bad track list in "${spec}"`);
      audios[album.toLowerCase()] ??= {};
      audios[album.toLowerCase()]![disc] = list;
    }
    token = await signShareToken(keys, audios);
  } else {
    token = await signUserToken(keys, values.user ?? config.demoEmail, {
      share: !values['no-share'],
      lifetimeSeconds: days * 86400,
    });
  }
  console.log(`Library URL: ${url}`);
  console.log(`Token:       ${token}`);
  if (!values.share?.length)
    console.log(`Expires:     in ${days} days (${new Date(Date.now() + days * 86400_000).toISOString()})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
