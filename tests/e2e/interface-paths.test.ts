// The machines' generated paths in real Chromium against the real server, through one adapter a
// machine (tests/e2e/paths/*.adapter.ts): a test per path, titled as `npm run paths` titles it, and
// a coverage test per machine; a summary line per machine at the end. `npm run paths:ui -- <machine>`
// runs only the machines named (INTERFACE_PATHS, comma-separated).
import { afterAll } from 'vitest';
import { accountAdapter } from './paths/account.adapter';
import type { AnyInterfaceAdapter } from './paths/adapter';
import { favouritesAdapter } from './paths/favourites.adapter';
import { favouriteToggleAdapter } from './paths/favouriteToggle.adapter';
import { keepingAdapter } from './paths/keeping.adapter';
import { keepPlanAdapter } from './paths/keepPlan.adapter';
import { librariesAdapter } from './paths/libraries.adapter';
import { librarySyncAdapter } from './paths/librarySync.adapter';
import { lyricsAdapter } from './paths/lyrics.adapter';
import { mySharesAdapter } from './paths/myShares.adapter';
import { playlistAdapter } from './paths/playlist.adapter';
import { playlistsAdapter } from './paths/playlists.adapter';
import { playerAdapter } from './paths/player.adapter';
import { interfacePaths } from './paths/runner';
import { sessionAdapter } from './paths/session.adapter';
import { settingsAdapter } from './paths/settings.adapter';
import { shareWizardAdapter } from './paths/shareWizard.adapter';
import { serverAndBrowser } from './support/suite';

// Every machine a user drives: sign-in, the user page's account, the player, library sync, the heart, the share wizard, my
// shares, a playlist's page, the playlists, the favourites, the libraries, the settings, the
// lyrics, keeping on the device and its dialog.
const adapters: AnyInterfaceAdapter[] = [
  favouriteToggleAdapter,
  shareWizardAdapter,
  librarySyncAdapter,
  sessionAdapter,
  accountAdapter,
  playerAdapter,
  mySharesAdapter,
  playlistAdapter,
  playlistsAdapter,
  favouritesAdapter,
  settingsAdapter,
  lyricsAdapter,
  librariesAdapter,
  keepPlanAdapter,
  keepingAdapter,
];

const chosen = (process.env.INTERFACE_PATHS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const unknown = chosen.filter((name) => !adapters.some((adapter) => adapter.machine === name));
if (unknown.length) throw new Error(`No interface adapter for: ${unknown.join(', ')}. Known: ${adapters.map((a) => a.machine).join(', ')}`);

// the proxy header names the address each listener the paths register comes from (sessionAccount.ts)
const suite = serverAndBrowser({ env: { TRUST_PROXY: '1' } });
const summaries: string[] = [];
for (const adapter of adapters) if (!chosen.length || chosen.includes(adapter.machine)) interfacePaths(adapter, suite, summaries);

afterAll(() => {
  console.log(['Interface paths:', ...summaries.map((line) => `  ${line}`)].join('\n'));
});
