// Every interface adapter (tests/e2e/paths/<machine>.adapter.ts) plans without a browser: each
// state its paths reach has a check, no check is empty (planInterfacePaths refuses both), what it
// lists as out of reach is a transition of its machine, and it is exported by the name the
// exported Playwright files import it by.
import { describe, expect, it } from 'vitest';
import { loadAdapters } from '../e2e/paths/exportPaths';
import { checksNothing } from '../e2e/paths/plan';
import { planOf } from '../e2e/paths/runPath';

const adapters = await loadAdapters();

describe('the interface adapters', () => {
  it('are found, one a machine', () => {
    expect(adapters.map((adapter) => adapter.machine)).toEqual(
      expect.arrayContaining(['favouriteToggle', 'shareWizard', 'librarySync', 'session', 'player']),
    );
  });

  it.each(adapters.map((adapter) => [adapter.machine, adapter] as const))(
    '%s: every state check checks something, and the paths plan',
    (_machine, adapter) => {
      expect(
        Object.entries(adapter.states)
          .filter(([, check]) => checksNothing(check))
          .map(([state]) => state),
      ).toEqual([]);
      expect(planOf(adapter).paths.length).toBeGreaterThan(0);
      // the player's walk takes seconds alone, many more on a loaded 2-core machine
    },
    90_000,
  );
});
