// The machines whose paths the e2e suite drives through the interface, in groups: one test file a
// group (tests/e2e/interface-paths/<group>.test.ts), each with its own server and browser, so the
// groups run side by side. A group holds machines whose paths take about as long together as the
// longest other e2e files. `npm run paths:ui -- <machine>` runs only the machines named
// (INTERFACE_PATHS, comma-separated); a group with none of them runs nothing.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, describe } from 'vitest';
import type { AnyInterfaceAdapter } from './adapter';
import { accountAdapter } from './account.adapter';
import { favouritesAdapter } from './favourites.adapter';
import { favouriteToggleAdapter } from './favouriteToggle.adapter';
import { keepingAdapter } from './keeping.adapter';
import { keepPlanAdapter } from './keepPlan.adapter';
import { librariesAdapter } from './libraries.adapter';
import { librarySyncAdapter } from './librarySync.adapter';
import { lyricsAdapter } from './lyrics.adapter';
import { mySharesAdapter } from './myShares.adapter';
import { playlistAdapter } from './playlist.adapter';
import { playlistsAdapter } from './playlists.adapter';
import { playerAdapter } from './player.adapter';
import { interfacePaths } from './runner';
import { sessionAdapter } from './session.adapter';
import { settingsAdapter } from './settings.adapter';
import { shareWizardAdapter } from './shareWizard.adapter';
import { sleepTimerAdapter } from './sleepTimer.adapter';
import { serverAndBrowser } from '../support/suite';

// Every machine a user drives: sign-in, the user page's account, the player, library sync, the heart, the share wizard, my
// shares, a playlist's page, the playlists, the favourites, the libraries, the settings, the
// lyrics, keeping on the device and its dialog, 定时关闭.
const GROUPS = {
  player: [playerAdapter],
  session: [sessionAdapter, accountAdapter],
  keeping: [keepingAdapter, keepPlanAdapter, lyricsAdapter, settingsAdapter, sleepTimerAdapter],
  lists: [playlistAdapter, playlistsAdapter, favouritesAdapter, favouriteToggleAdapter],
  sharing: [shareWizardAdapter, mySharesAdapter, librariesAdapter, librarySyncAdapter],
} satisfies Record<string, AnyInterfaceAdapter[]>;

export type GroupName = keyof typeof GROUPS;

const FILES_DIR = new URL('../interface-paths/', import.meta.url);
const adapters = Object.values(GROUPS).flat();
const chosen = (process.env.INTERFACE_PATHS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !adapters.some((adapter) => adapter.machine === name));
if (unknown.length)
  throw new Error(
    `No interface adapter for: ${unknown.join(', ')}. Known: ${adapters.map((a) => a.machine).join(', ')}`,
  );
// a group without its file would drop its machines' paths from the run without a word
const missing = Object.keys(GROUPS).filter((group) => !existsSync(new URL(`${group}.test.ts`, FILES_DIR)));
if (missing.length)
  throw new Error(`Interface path groups without a file in tests/e2e/interface-paths/: ${missing.join(', ')}`);
// an adapter the export finds (tests/e2e/paths/*.adapter.ts) but no group lists would run nowhere here
const grouped = new Set(adapters.map((adapter) => `${adapter.machine}.adapter.ts`));
const ungrouped = readdirSync(new URL('./', import.meta.url)).filter(
  (file) => file.endsWith('.adapter.ts') && !grouped.has(file),
);
if (ungrouped.length)
  throw new Error(`Interface adapters in no group of tests/e2e/paths/groups.ts: ${ungrouped.join(', ')}`);

/** Registers the group's machines (those INTERFACE_PATHS names, when it names any) against a server and browser of their own. */
export function interfacePathGroup(group: GroupName): void {
  const machines = GROUPS[group].filter((adapter) => !chosen.length || chosen.includes(adapter.machine));
  if (!machines.length) {
    // INTERFACE_PATHS names only machines of other groups: no server to start here
    describe.skip(`${group}: no machine named in INTERFACE_PATHS`, () => {});
    return;
  }
  // the proxy header names the address each listener the paths register comes from (sessionAccount.ts)
  const suite = serverAndBrowser({ env: { TRUST_PROXY: '1' } });
  const summaries: string[] = [];
  for (const adapter of machines) interfacePaths(adapter, suite, summaries);
  afterAll(() => {
    console.log(['Interface paths:', ...summaries.map((line) => `  ${line}`)].join('\n'));
  });
}
